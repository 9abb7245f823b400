import { Icon } from "~/components/icons/icon";
import { Badge } from "./card";

/** The mark of an entry whose details the team has checked. */
export function VerifiedBadge() {
  return (
    <Badge tone="green">
      <Icon name="badge-check" aria-hidden className="size-3.5" />
      Verificado
    </Badge>
  );
}
