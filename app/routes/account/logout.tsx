import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { signOut } from "~/server/accounts/account.server";
import { redirectWithToast, toastHeader } from "~/server/http/toast.server";

export function loader() {
  return redirect("/");
}

export async function action({ request }: Route.ActionArgs) {
  const result = await signOut(request);
  if (!result.ok) {
    // Back to the page the person was on, when the Referer is a well-formed address of this site.
    const back = URL.parse(request.headers.get("referer") ?? "");
    const to = back && back.origin === new URL(request.url).origin ? back.pathname : "/";
    return redirectWithToast(to, { type: "error", title: "Error", description: `Error al cerrar sesión: ${result.message}` });
  }
  const headers = new Headers();
  for (const c of result.setCookies) headers.append("Set-Cookie", c);
  headers.append(
    "Set-Cookie",
    await toastHeader({ type: "success", title: "Sesión cerrada", description: "Has cerrado sesión exitosamente." }),
  );
  return redirect("/", { headers });
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
