/**
 * 'Abierto ahora' / 'Cierra pronto' / 'Cerrado · abre …', computed by the server (cached pages live
 * 30 s at most, docs/decisions), and the distance from the visitor's point.
 */
import { Badge } from "~/components/ui/card";
import { formatKm } from "~/lib/format";
import type { OpenStatus } from "~/lib/opening-hours";

const TONES = { open: "green", closing: "sun", closed: "slate" } as const;

export function OpenBadge({ status }: { status: OpenStatus }) {
  return <Badge tone={TONES[status.state]}>{status.label}</Badge>;
}

/** '1,2 km' from the visitor's point. */
export function DistanceBadge({ km }: { km: number }) {
  return <Badge tone="ocean">A {formatKm(km)}</Badge>;
}
