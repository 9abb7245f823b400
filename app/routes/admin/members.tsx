import type { Route } from "./+types/members";
import { seo } from "~/lib/meta";
import { requireAdmin } from "~/server/guards.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Miembros", description: "Gestión de miembros.", path: "/admin-members", noindex: true });

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, "/admin");
  return null;
}

export default function AdminMembers() {
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-extrabold">Miembros</h1>
      <p className="mt-1 text-muted">Próximamente: la gestión de miembros.</p>
    </div>
  );
}
