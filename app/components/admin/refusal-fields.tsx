/**
 * The inside of a refusal's confirmation in the admins' queues: the optional reason that goes in
 * the person's mail, «Rechazar», and «Cancelar» back to the queue (one click never refuses).
 */
import { Link } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import { TextareaField } from "~/components/ui/field";
import { CLAIM_LIMITS } from "~/schemas/owner-claims";

export function RefusalFields({ idPrefix, cancelTo, busy }: { idPrefix: string; cancelTo: string; busy: boolean }) {
  return (
    <>
      <TextareaField
        label="Motivo (opcional, va en el email)"
        id={`${idPrefix}-motivo`}
        name="reason"
        rows={2}
        maxLength={CLAIM_LIMITS.reason}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="destructive" disabled={busy}>
          {busy ? "Procesando..." : "Rechazar"}
        </Button>
        <Link to={cancelTo} className={buttonClass("outline")}>
          Cancelar
        </Link>
      </div>
    </>
  );
}
