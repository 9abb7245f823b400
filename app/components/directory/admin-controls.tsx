/** An admin's controls on a business card of an industry page: edit, activate or deactivate, delete (confirmed). */
import { Form, useNavigation } from "react-router";
import { Icon } from "~/components/icons/icon";
import { Button, buttonClass } from "~/components/ui/button";
import type { CardData } from "./listing-card";

export default function AdminControls({ item, action }: { item: CardData; action: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("id") === item.id;
  return (
    <div className="flex flex-wrap items-start gap-2" data-testid="admin-controls">
      <a href={`/admin/business/edit/${item.id}`} className={buttonClass("outline", "md")}>
        <Icon name="pencil" aria-hidden className="size-4" />
        Editar
      </a>
      <Form method="post" action={action}>
        <input type="hidden" name="intent" value="toggle" />
        <input type="hidden" name="id" value={item.id} />
        <input type="hidden" name="active" value={String(!item.is_active)} />
        <Button type="submit" variant={item.is_active ? "outline" : "primary"} disabled={busy}>
          <Icon name="power" aria-hidden className="size-4" />
          {busy && navigation.formData?.get("intent") === "toggle" ? "Procesando..." : item.is_active ? "Desactivar" : "Activar"}
        </Button>
      </Form>
      <details className="group/del w-full">
        <summary className={buttonClass("ghost-danger", "md", "w-fit cursor-pointer list-none [&::-webkit-details-marker]:hidden")}>
          <Icon name="trash-2" aria-hidden className="size-4" />
          Eliminar
        </summary>
        <div className="mt-2 rounded-xl border border-red-200 bg-red-50 p-3 text-sm">
          <p className="font-semibold text-danger">¿Eliminar «{item.nombre}»? Esta acción es permanente y no se puede deshacer.</p>
          <Form method="post" action={action} className="mt-2">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={item.id} />
            <input type="hidden" name="confirm" value="si" />
            <Button type="submit" variant="destructive" disabled={busy}>
              {busy && navigation.formData?.get("intent") === "delete" ? "Procesando..." : "Sí, eliminar"}
            </Button>
          </Form>
        </div>
      </details>
    </div>
  );
}
