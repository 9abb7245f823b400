import { Icon, type IconName } from "~/components/icons/icon";
import { useState } from "react";
import { cn } from "~/lib/cn";

const ICONS: Record<string, IconName> = {
  Gastronomía: "utensils-crossed",
  Tecnología: "cpu",
  Negocios: "briefcase",
  Turismo: "tree-palm",
  IA: "brain-circuit",
  Marketing: "megaphone",
  Emprendimiento: "rocket",
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
  const icon: IconName = (category && ICONS[category]) || "book-open";
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
    <div
      aria-hidden
      className={cn("grid h-full w-full place-items-center bg-gradient-to-br from-ocean-100 via-ocean-50 to-sun-100", className)}
    >
      <Icon name={icon} className="size-12 text-ocean-600/70" strokeWidth={1.5} />
    </div>
  );
}
