import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { SITE } from "~/catalog/site";

/** The brand mark; the image hides itself if it fails to load, the name stays. */
export function Logo({ inverted = false }: { inverted?: boolean }) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    // The error may have fired before hydration: check the image's state once mounted.
    const img = ref.current;
    if (img?.complete && img.naturalWidth === 0) setFailed(true);
  }, []);
  return (
    <Link to="/" className="flex min-h-11 items-center gap-2.5 rounded-lg" aria-label={`${SITE.name}, inicio`}>
      {failed ? null : (
        <img
          ref={ref}
          src="/logo.svg"
          alt=""
          width={36}
          height={36}
          className="size-9"
          onError={() => setFailed(true)}
          data-testid="site-logo"
        />
      )}
      <span className={`text-lg font-extrabold tracking-tight ${inverted ? "text-white" : "text-ocean-900"}`}>
        Panama <span className={inverted ? "text-sun-300" : "text-sun-700"}>VIP</span> IA
      </span>
    </Link>
  );
}
