import { BookOpenText, HeartHandshake, MapPinned } from "lucide-react";
import type { Pillar } from "~/catalog/marketing";

const ICONS = { storytelling: BookOpenText, purpose: HeartHandshake, local: MapPinned } as const;

export function PillarIcon({ kind, className }: { kind: Pillar["key"]; className?: string }) {
  const Icon = ICONS[kind];
  return <Icon aria-hidden className={className} />;
}
