import { Icon, type IconName } from "~/components/icons/icon";
import type { Pillar } from "~/catalog/marketing";

const ICONS: Record<Pillar["key"], IconName> = { storytelling: "book-open-text", purpose: "heart-handshake", local: "map-pinned" };

/** A pillar's icon on its tinted tile, as the home page and /services show it. */
export function PillarIcon({ kind }: { kind: Pillar["key"] }) {
  return (
    <span className="grid size-12 place-items-center rounded-2xl bg-ocean-50 text-ocean-700">
      <Icon name={ICONS[kind]} aria-hidden className="size-6" />
    </span>
  );
}
