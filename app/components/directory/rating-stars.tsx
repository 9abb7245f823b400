import { formatRating } from "~/lib/format";
import { cn } from "~/lib/cn";

// One compact star, drawn five times in a single SVG (two layers: empty and filled to the rating).
// Ten icon SVGs per card made up a third of a listing page's HTML.
const STAR = "M12 2l2.94 6.26 6.86.78-5.1 4.66 1.4 6.78L12 17.1l-6.1 3.38 1.4-6.78-5.1-4.66 6.86-.78z";

function StarRow({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 120 24" className={cn("block shrink-0 fill-current", className)} aria-hidden focusable="false">
      {[0, 24, 48, 72, 96].map((x) => (
        <path key={x} d={STAR} transform={x ? `translate(${x} 0)` : undefined} />
      ))}
    </svg>
  );
}

/** Five stars filled to the rating (0-5, one decimal) with the number beside them. */
export function RatingStars({ rating, size = "sm", className }: { rating: number | null; size?: "sm" | "md"; className?: string }) {
  if (rating == null) return <span className={cn("text-sm text-muted", className)}>Sin calificaciones</span>;
  const pct = Math.max(0, Math.min(100, (rating / 5) * 100));
  const dims = size === "md" ? "h-5 w-[6.25rem]" : "h-4 w-20";
  return (
    <span className={cn("inline-flex items-center gap-1.5", className)}>
      <span className="relative inline-flex" role="img" aria-label={`Calificación: ${formatRating(rating)} de 5`}>
        <StarRow className={cn(dims, "text-slate-300")} />
        <span className="absolute inset-y-0 left-0 overflow-hidden text-sun-500" style={{ width: `${pct}%` }}>
          <StarRow className={dims} />
        </span>
      </span>
      <span className={cn("font-bold text-ocean-950", size === "md" ? "text-base" : "text-sm")} aria-hidden>
        {formatRating(rating)}
      </span>
    </span>
  );
}
