import { Badge } from "~/components/ui/card";

/** At most 3 tags, then a '+N' badge with the rest. Tags are plain text. */
export function TagList({ tags, max = 3 }: { tags: readonly string[]; max?: number }) {
  if (!tags.length) return null;
  const shown = tags.slice(0, max);
  const rest = tags.length - shown.length;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Etiquetas">
      {shown.map((t) => (
        <li key={t}>
          <Badge tone="slate" className="max-w-[12rem] truncate">
            #{t}
          </Badge>
        </li>
      ))}
      {rest > 0 ? (
        <li>
          <Badge tone="ocean" title={tags.slice(max).join(", ")}>
            +{rest}
          </Badge>
        </li>
      ) : null}
    </ul>
  );
}
