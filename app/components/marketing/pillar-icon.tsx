import { Icon, type IconName } from "~/components/icons/icon";
import type { Pillar } from "~/catalog/marketing";

const ICONS: Record<Pillar["key"], IconName> = { storytelling: "book-open-text", purpose: "heart-handshake", local: "map-pinned" };

export function PillarIcon({ kind, className }: { kind: Pillar["key"]; className?: string }) {
  return <Icon name={ICONS[kind]} aria-hidden className={className} />;
}
