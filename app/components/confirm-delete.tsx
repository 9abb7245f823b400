/**
 * Deleting (or revoking) with a confirmation, with or without JavaScript (docs/decisions/040 and
 * 046). The trigger is a real submit button in a form without `confirm=1`: with JavaScript its click
 * opens an AlertDialog whose answer submits the same fields plus `confirm=1`; without JavaScript the
 * form posts as it is, and the action answers with <ConfirmStep> instead of deleting. The action
 * deletes only when `confirm=1` came, so one click never deletes.
 */
import { useRef, useState, type ReactNode } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import { Icon } from "~/components/icons/icon";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "~/components/ui/alert-dialog";
import { Button, buttonClass, type ButtonSize } from "~/components/ui/button";
import { Card } from "~/components/ui/card";

type Hidden = Record<string, string>;

function HiddenFields({ hidden }: { hidden: Hidden }) {
  return Object.entries(hidden).map(([k, v]) => <input key={k} type="hidden" name={k} value={v} />);
}

export function ConfirmDeleteButton({
  hidden,
  title,
  description,
  label = "Eliminar",
  accessibleLabel,
  confirmLabel = "Sí, eliminar",
  pendingLabel = "Eliminando...",
  action,
  variant = "outline-danger",
  size = "md",
  compact,
}: {
  /** The form's fields (intent, id…), sent by both the first and the confirmed POST. */
  hidden: Hidden;
  title: string;
  description: ReactNode;
  label?: string;
  /** The trigger's accessible name when `label` alone is ambiguous in a list ("Eliminar «título»"). */
  accessibleLabel?: string;
  confirmLabel?: string;
  pendingLabel?: string;
  action?: string;
  variant?: "outline-danger" | "ghost-danger";
  size?: ButtonSize;
  compact?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const submit = useSubmit();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && Object.entries(hidden).every(([k, v]) => navigation.formData?.get(k) === v);
  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <Form method="post" action={action} ref={formRef} className="contents">
        <HiddenFields hidden={hidden} />
        {/* The Trigger lets Radix give focus back to this button when the dialog closes. */}
        <AlertDialogTrigger asChild>
          <Button
            type="submit"
            variant={variant}
            size={compact ? "compact" : size}
            disabled={busy}
            aria-label={accessibleLabel}
            onClick={(e) => {
              // Hydrated: ask in the dialog. Before hydration the plain POST reaches <ConfirmStep>.
              e.preventDefault();
              setOpen(true);
            }}
          >
            <Icon name="trash-2" aria-hidden className="size-4" /> {busy ? pendingLabel : label}
          </Button>
        </AlertDialogTrigger>
      </Form>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancelar</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            onClick={() => {
              if (!formRef.current) return;
              const fd = new FormData(formRef.current);
              fd.set("confirm", "1");
              // A list stays where it was: the deleted card disappears in place.
              submit(fd, { method: "post", action, preventScrollReset: true });
            }}
          >
            {confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/**
 * The confirmation step without JavaScript, rendered from the action's answer to an unconfirmed POST.
 * A labelled region in the page (not a modal: nothing can trap focus without JavaScript).
 */
export function ConfirmStep({
  hidden,
  title,
  description,
  cancelTo,
  confirmLabel = "Sí, eliminar",
  action,
}: {
  hidden: Hidden;
  title: string;
  description: ReactNode;
  cancelTo: string;
  confirmLabel?: string;
  action?: string;
}) {
  return (
    <Card tone="danger" role="region" aria-labelledby="confirm-step-title" aria-describedby="confirm-step-description" className="p-5">
      <h2 id="confirm-step-title" className="text-lg font-bold">
        {title}
      </h2>
      <p id="confirm-step-description" className="mt-1 text-sm wrap-anywhere text-muted">
        {description}
      </p>
      <Form method="post" action={action} className="mt-4 flex flex-col-reverse gap-3 sm:flex-row">
        <HiddenFields hidden={hidden} />
        <input type="hidden" name="confirm" value="1" />
        <a href={cancelTo} className={buttonClass("outline")}>
          Cancelar
        </a>
        <Button type="submit" variant="destructive">
          {confirmLabel}
        </Button>
      </Form>
    </Card>
  );
}
