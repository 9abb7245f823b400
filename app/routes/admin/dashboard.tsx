import { Users } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/dashboard";
import { buttonClass } from "~/components/ui/button";
import { seo } from "~/lib/meta";
import { requireAdmin } from "~/server/guards.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Dashboard Admin", description: "Panel de administración.", path: "/admin", noindex: true });

export async function loader({ request }: Route.LoaderArgs) {
  const { profile } = await requireAdmin(request);
  return { name: profile.full_name };
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-extrabold">Dashboard Admin</h1>
      <p className="mt-1 text-muted">Hola, {loaderData.name}. El panel de curaduría llegará pronto.</p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to="/admin-members" className={buttonClass("outline")}>
          <Users aria-hidden className="size-4" /> Miembros
        </Link>
      </div>
    </div>
  );
}
