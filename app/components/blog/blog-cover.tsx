import { Icon, type IconName } from "~/components/icons/icon";
import { useEffect, useRef, useState } from "react";
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

/**
 * The article's image over a tinted placeholder with the category's icon, so a picture that cannot
 * be loaded never shows the browser's broken-image icon: the image is decorative (alt="", the title
 * is beside it) and a broken decorative image draws nothing, even before or without JavaScript.
 * Once hydrated, a failed image (also one that failed before hydration) is removed and reported.
 */
export function BlogCover({
  src,
  category,
  className,
  eager,
  onResult,
}: {
  src: string | null;
  category: string | null;
  className?: string;
  eager?: boolean;
  onResult?: (loaded: boolean) => void;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const img = useRef<HTMLImageElement>(null);
  const icon: IconName = (category && ICONS[category]) || "book-open";
  const show = Boolean(src) && failed !== src;

  useEffect(() => {
    const el = img.current;
    if (!src || !el?.complete || el.getAttribute("src") !== src) return;
    if (el.naturalWidth === 0) setFailed(src);
    onResult?.(el.naturalWidth > 0);
  }, [src, onResult]);

  return (
    <div className={cn("relative h-full w-full overflow-hidden", className)}>
      <div aria-hidden className="grid h-full w-full place-items-center bg-gradient-to-br from-ocean-100 via-ocean-50 to-sun-100">
        <Icon name={icon} className="size-12 text-ocean-600/70" strokeWidth={1.5} />
      </div>
      {show && src ? (
        <img
          key={src}
          ref={img}
          src={src}
          alt=""
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          referrerPolicy="no-referrer"
          onLoad={() => onResult?.(true)}
          onError={() => {
            setFailed(src);
            onResult?.(false);
          }}
          className="cover-image absolute inset-0 h-full w-full object-cover"
        />
      ) : null}
    </div>
  );
}
