/**
 * The member edit dialog of /admin-members: switch between regular user and admin.
 * With JavaScript the site's Dialog (components/ui/dialog); without it the trigger is a link
 * (?editar=id) and the page renders the same form inline (<RoleForm>).
 */
import { Icon } from "~/components/icons/icon";
import { useEffect, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "~/components/ui/dialog";

export type RoleMember = { id: string; full_name: string; email: string | null; is_admin: boolean };

export function RoleForm({ member, isSelf, cancel }: { member: RoleMember; isSelf: boolean; cancel: React.ReactNode }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "role";
  return (
    <Form method="post" className="space-y-4">
      <input type="hidden" name="intent" value="role" />
      <input type="hidden" name="user_id" value={member.id} />
      <fieldset>
        <legend className="text-sm font-semibold text-ocean-950">Rol</legend>
        <div className="mt-2 grid gap-2">
          <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-slate-200 p-3 has-[:checked]:border-ocean-500 has-[:checked]:bg-ocean-50">
            <input
              type="radio"
              name="role"
              value="user"
              defaultChecked={!member.is_admin}
              disabled={isSelf && member.is_admin}
              className="size-5 accent-ocean-700"
            />
            <Icon name="user-round" aria-hidden className="size-4 text-ocean-700" />
            <span className="text-sm font-medium">Usuario regular</span>
          </label>
          <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-slate-200 p-3 has-[:checked]:border-ocean-500 has-[:checked]:bg-ocean-50">
            <input type="radio" name="role" value="admin" defaultChecked={member.is_admin} className="size-5 accent-ocean-700" />
            <Icon name="shield-check" aria-hidden className="size-4 text-sun-600" />
            <span className="text-sm font-medium">Administrador</span>
          </label>
        </div>
        {isSelf && member.is_admin && <p className="mt-2 text-sm text-muted">No puedes quitarte tu propio rol de administrador.</p>}
      </fieldset>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {cancel}
        <Button type="submit" disabled={busy}>
          {busy ? "Procesando..." : "Guardar rol"}
        </Button>
      </div>
    </Form>
  );
}

export function RoleDialog({ member, isSelf, noJsHref }: { member: RoleMember; isSelf: boolean; noJsHref: string }) {
  const [open, setOpen] = useState(false);
  const navigation = useNavigation();
  // Close once the role change has been submitted.
  useEffect(() => {
    if (navigation.state === "submitting" && navigation.formData?.get("user_id") === member.id) setOpen(false);
  }, [navigation.state, navigation.formData, member.id]);
  const who = member.full_name || member.email || "miembro";
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      {/* The Trigger lets Radix give focus back to this link when the dialog closes. */}
      <DialogTrigger asChild>
        <Link
          to={noJsHref}
          // Radix gives its trigger type="button", which is not valid on a link.
          type={undefined}
          className={buttonClass("outline", "compact")}
          onClick={(e) => {
            e.preventDefault();
            setOpen(true);
          }}
        >
          <Icon name="user-cog" aria-hidden className="size-4" /> Editar rol<span className="sr-only"> de {who}</span>
        </Link>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Editar rol</DialogTitle>
          <DialogDescription>
            {who}
            {member.email && member.full_name ? ` · ${member.email}` : ""}
          </DialogDescription>
        </DialogHeader>
        <RoleForm member={member} isSelf={isSelf} cancel={<DialogClose className={buttonClass("outline")}>Cancelar</DialogClose>} />
      </DialogContent>
    </Dialog>
  );
}
