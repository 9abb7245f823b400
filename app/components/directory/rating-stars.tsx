import { formatRating } from "~/lib/format";
import { cn } from "~/lib/cn";

/**
 * Five stars filled to the rating (0-5, one decimal) with the number beside them. The stars are one
 * element drawn by CSS (`.rating-stars` in app.css): a listing page renders six of these.
 */
export function RatingStars({ rating, size = "sm", className }: { rating: number | null; size?: "sm" | "md"; className?: string }) {
  if (rating == null) return <span className={cn("text-sm text-muted", className)}>Sin calificaciones</span>;
  const pct = Math.max(0, Math.min(100, (rating / 5) * 100));
  return (
    <span className={cn("inline-flex items-center gap-1.5", className)}>
      <span
        className={cn("rating-stars", size === "md" ? "h-5" : "h-4")}
        style={{ "--rating": `${pct}%` } as React.CSSProperties}
        role="img"
        aria-label={`Calificación: ${formatRating(rating)} de 5`}
      />
      <span className={cn("font-bold text-ocean-950", size === "md" ? "text-base" : "text-sm")} aria-hidden>
        {formatRating(rating)}
      </span>
    </span>
  );
}
