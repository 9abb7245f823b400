/**
 * Deleting an article asks first, with or without JavaScript (docs/decisions/046). The button
 * posts intent=delete to /my-blogs; the action answers an unconfirmed POST with <ConfirmDeleteBlogStep>
 * and deletes only with confirm=1. One title and description for the dialog and the step.
 */
import { useLocation } from "react-router";
import { ConfirmDeleteButton, ConfirmStep } from "~/components/confirm-delete";

const TITLE = "¿Eliminar este artículo?";
const description = (title: string) => `«${title}» se eliminará de forma permanente. Esta acción no se puede deshacer.`;

export function ConfirmDeleteBlog({ id, title }: { id: string; title: string }) {
  // The list's query (?estado=…&q=…): where /my-blogs comes back to after deleting.
  const back = useLocation().search;
  return (
    <ConfirmDeleteButton
      action="/my-blogs"
      hidden={{ intent: "delete", id, back }}
      variant="ghost-danger"
      accessibleLabel={`Eliminar «${title}»`}
      pendingLabel="Procesando..."
      title={TITLE}
      description={description(title)}
    />
  );
}

export function ConfirmDeleteBlogStep({ id, title, back }: { id: string; title: string; back: string }) {
  return (
    <ConfirmStep
      action="/my-blogs"
      hidden={{ intent: "delete", id, back }}
      title={TITLE}
      description={description(title)}
      cancelTo={`/my-blogs${back}`}
    />
  );
}
