/**
 * Deletion with a confirmation (D8). With JavaScript a Radix AlertDialog asks first; without it the
 * button submits without `confirm=1` and the action answers with a confirmation step
 * (<ConfirmStep>), so nothing is ever deleted by one click.
 */
import { AlertDialog } from "radix-ui";
import { useRef, useState, type ReactNode } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import { Icon } from "~/components/icons/icon";
import { Button, buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/card";

type Hidden = Record<string, string>;

export function ConfirmDeleteButton({
  hidden,
  title,
  description,
  label = "Eliminar",
  action,
  compact,
}: {
  hidden: Hidden;
  title: string;
  description: ReactNode;
  label?: string;
  action?: string;
  compact?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const submit = useSubmit();
  const navigation = useNavigation();
  const busy =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === hidden.intent &&
    navigation.formData?.get("id") === hidden.id;
  return (
    <>
      <Form method="post" action={action} ref={formRef} className="contents">
        {Object.entries(hidden).map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={v} />
        ))}
        <Button
          type="submit"
          variant="outline-danger"
          size={compact ? "compact" : "md"}
          disabled={busy}
          onClick={(e) => {
            e.preventDefault();
            setOpen(true);
          }}
        >
          <Icon name="trash-2" aria-hidden className="size-4" /> {busy ? "Eliminando..." : label}
        </Button>
      </Form>
      <AlertDialog.Root open={open} onOpenChange={setOpen}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-50 bg-ocean-950/50 backdrop-blur-[2px]" />
          <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-card bg-white p-6 shadow-lift focus:outline-none">
            <AlertDialog.Title className="text-lg font-bold text-ocean-950">{title}</AlertDialog.Title>
            <AlertDialog.Description className="mt-2 text-sm text-muted">{description}</AlertDialog.Description>
            <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <AlertDialog.Cancel className={buttonClass("outline")}>Cancelar</AlertDialog.Cancel>
              <AlertDialog.Action
                className={buttonClass("destructive")}
                onClick={() => {
                  if (!formRef.current) return;
                  const fd = new FormData(formRef.current);
                  fd.set("confirm", "1");
                  submit(fd, { method: "post", action });
                }}
              >
                Sí, eliminar
              </AlertDialog.Action>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </>
  );
}

/** The no-JavaScript confirmation step rendered from the action's answer. */
export function ConfirmStep({ hidden, title, description, cancelTo }: { hidden: Hidden; title: string; description: ReactNode; cancelTo: string }) {
  return (
    <Card tone="danger" role="alertdialog" aria-labelledby="confirm-step-title" className="mb-6 p-5">
      <h2 id="confirm-step-title" className="text-lg font-bold">
        {title}
      </h2>
      <p className="mt-1 text-sm text-muted">{description}</p>
      <Form method="post" className="mt-4 flex flex-wrap gap-3">
        {Object.entries(hidden).map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={v} />
        ))}
        <input type="hidden" name="confirm" value="1" />
        <Button type="submit" variant="destructive">
          Sí, eliminar
        </Button>
        <a href={cancelTo} className={buttonClass("outline")}>
          Cancelar
        </a>
      </Form>
    </Card>
  );
}
