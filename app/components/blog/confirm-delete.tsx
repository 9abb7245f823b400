import { Icon } from "~/components/icons/icon";
import { AlertDialog } from "radix-ui";
import { useState } from "react";
import { useFetcher, useLocation } from "react-router";
import { useShowToast, type ToastData } from "~/components/toaster";
import { Button, buttonClass } from "~/components/ui/button";

/** D8: deleting an article asks first. The delete is a POST with intent=delete to /my-blogs. */
export function ConfirmDeleteBlog({ id, title }: { id: string; title: string }) {
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<{ toast?: ToastData }>();
  const location = useLocation();
  useShowToast(fetcher.data?.toast, fetcher.data);
  const busy = fetcher.state !== "idle";
  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      <AlertDialog.Trigger asChild>
        <Button variant="ghost-danger" aria-label={`Eliminar «${title}»`}>
          <Icon name="trash-2" aria-hidden className="size-4" /> Eliminar
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-ocean-950/50 backdrop-blur-sm" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-card bg-white p-6 shadow-lift">
          <AlertDialog.Title className="text-lg font-bold text-ocean-950">¿Eliminar este artículo?</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm wrap-anywhere text-muted">
            «{title}» se eliminará de forma permanente. Esta acción no se puede deshacer.
          </AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonClass("outline")}>Cancelar</AlertDialog.Cancel>
            <fetcher.Form method="post" action="/my-blogs" onSubmit={() => setOpen(false)}>
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="id" value={id} />
              <input type="hidden" name="back" value={location.search} />
              <Button type="submit" variant="destructive" disabled={busy} className="w-full">
                {busy ? "Procesando..." : "Sí, eliminar"}
              </Button>
            </fetcher.Form>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
