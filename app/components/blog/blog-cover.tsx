import { BookOpen, BrainCircuit, Briefcase, Cpu, Megaphone, Palmtree, Rocket, UtensilsCrossed, type LucideIcon } from "lucide-react";
import { useState } from "react";
import { cn } from "~/lib/cn";

const ICONS: Record<string, LucideIcon> = {
  Gastronomía: UtensilsCrossed,
  Tecnología: Cpu,
  Negocios: Briefcase,
  Turismo: Palmtree,
  IA: BrainCircuit,
  Marketing: Megaphone,
  Emprendimiento: Rocket,
};

/** The article's image, or a tinted placeholder with the category's icon (never a broken image). */
export function BlogCover({
  src,
  alt,
  category,
  className,
  eager,
}: {
  src: string | null;
  alt: string;
  category: string | null;
  className?: string;
  eager?: boolean;
}) {
  const [broken, setBroken] = useState(false);
  const Icon = (category && ICONS[category]) || BookOpen;
  if (src && !broken) {
    return (
      <img
        src={src}
        alt={alt}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
        referrerPolicy="no-referrer"
        onError={() => setBroken(true)}
        className={cn("h-full w-full object-cover", className)}
      />
    );
  }
  return (
    <div aria-hidden className={cn("grid h-full w-full place-items-center bg-gradient-to-br from-ocean-100 via-ocean-50 to-sun-100", className)}>
      <Icon className="size-12 text-ocean-600/70" strokeWidth={1.5} />
    </div>
  );
}
