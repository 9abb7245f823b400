import { Link } from "react-router";
import { LEGAL_PATHS } from "~/catalog/site";
import { cn } from "~/lib/cn";

const linkClass = "font-semibold text-ocean-700 underline underline-offset-2 hover:text-ocean-900";

/** «{lead} aceptas los Términos de uso y la Política de privacidad.», beside a button that signs someone up. */
export function LegalConsent({ lead, className }: { lead: string; className?: string }) {
  return (
    <p className={cn("text-xs leading-5 text-muted", className)}>
      {lead} aceptas los{" "}
      <Link to={LEGAL_PATHS.terms} className={linkClass}>
        Términos de uso
      </Link>{" "}
      y la{" "}
      <Link to={LEGAL_PATHS.privacy} className={linkClass}>
        Política de privacidad
      </Link>
      .
    </p>
  );
}
