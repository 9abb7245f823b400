/**
 * /admin-members' 'Cerrar sesiones' button for one member: ends every session of the member at once
 * (a plain form post, with or without JavaScript). Signing in again is all it takes to undo it, so
 * it asks for no confirmation.
 */
import { Form, useNavigation } from "react-router";
import { Icon } from "~/components/icons/icon";
import { Button } from "~/components/ui/button";

export function RevokeSessionsForm({ memberId, memberName }: { memberId: string; memberName: string }) {
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === "revoke-sessions" &&
    navigation.formData.get("user_id") === memberId;
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="revoke-sessions" />
      <input type="hidden" name="user_id" value={memberId} />
      <Button type="submit" variant="outline" size="compact" disabled={busy} aria-label={`Cerrar sesiones de ${memberName}`}>
        <Icon name="log-out" aria-hidden className="size-4" /> {busy ? "Procesando..." : "Cerrar sesiones"}
      </Button>
    </Form>
  );
}
