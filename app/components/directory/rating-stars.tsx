import { Star } from "lucide-react";
import { formatRating } from "~/lib/format";
import { cn } from "~/lib/cn";

/** Five stars filled to the rating (0-5, one decimal) with the number beside them. */
export function RatingStars({ rating, size = "sm", className }: { rating: number | null; size?: "sm" | "md"; className?: string }) {
  if (rating == null) return <span className={cn("text-sm text-muted", className)}>Sin calificaciones</span>;
  const pct = Math.max(0, Math.min(100, (rating / 5) * 100));
  const star = size === "md" ? "size-5" : "size-4";
  return (
    <span className={cn("inline-flex items-center gap-1.5", className)}>
      <span className="relative inline-flex" role="img" aria-label={`Calificación: ${formatRating(rating)} de 5`}>
        <span className="flex text-slate-300" aria-hidden>
          {[0, 1, 2, 3, 4].map((i) => (
            <Star key={i} className={cn(star, "fill-current")} />
          ))}
        </span>
        <span className="absolute inset-0 flex overflow-hidden text-sun-500" style={{ width: `${pct}%` }} aria-hidden>
          {[0, 1, 2, 3, 4].map((i) => (
            <Star key={i} className={cn(star, "shrink-0 fill-current")} />
          ))}
        </span>
      </span>
      <span className={cn("font-bold text-ocean-950", size === "md" ? "text-base" : "text-sm")} aria-hidden>
        {formatRating(rating)}
      </span>
    </span>
  );
}
