import { data, type LinkDescriptor, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import appCss from "./app.css?url";
import { ChatWidgetLoader } from "./components/marketing/chat-widget";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { Toaster, toastText, useShowToast } from "./components/toaster";
import { CheckingAccess } from "./components/premium/checking-access";
import { FONT_PRELOAD } from "./components/marketing/font-preload";
import { useNonce } from "./lib/nonce";
import { getPublicEnv } from "./server/platform/env.server";
import { getCurrentUser, rememberPageUrl } from "./server/accounts/guards.server";
import { readToast } from "./server/http/toast.server";
import { answerUnavailable } from "./server/http/unavailable.server";

export const links: Route.LinksFunction = () => [
  // `precedence` makes React emit the stylesheet at the top of <head>, before the modulepreload
  // links React hoists there: the only render-blocking request is then asked for first (on HTTP/1.1
  // it would otherwise wait behind every script preload, delaying the first paint).
  { rel: "stylesheet", href: appCss, precedence: "default" } as LinkDescriptor,
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  FONT_PRELOAD,
];

// answerUnavailable first: it sees the answer every other step produced.
export const middleware: Route.MiddlewareFunction[] = [answerUnavailable, rememberPageUrl];

export async function loader({ request }: Route.LoaderArgs) {
  const [current, flash] = await Promise.all([getCurrentUser(request), readToast(request)]);
  return data(
    {
      user: current ? { name: current.profile.full_name, email: current.user.email, isAdmin: current.profile.is_admin } : null,
      toast: flash.toast,
      publicEnv: getPublicEnv(),
    },
    { headers: flash.headers },
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const root = useRouteLoaderData<typeof loader>("root");
  return (
    <html lang="es" dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#082b46" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col">
        <a
          href="#contenido"
          className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2"
        >
          Saltar al contenido
        </a>
        <SiteHeader user={root?.user ?? null} />
        <main id="contenido" className="flex flex-1 flex-col">
          {children}
        </main>
        <SiteFooter />
        <Toaster />
        <ChatWidgetLoader src={root?.publicEnv.CHAT_WIDGET_SRC} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  useShowToast(loaderData.toast, loaderData.toast);
  const toast = loaderData.toast;
  return (
    <>
      {toast ? (
        // Without JavaScript the toast cannot pop up: the message is shown at the top of the page instead.
        <noscript>
          <p
            role="status"
            className={`px-4 py-3 text-center text-sm font-semibold ${toast.type === "error" ? "bg-red-50 text-danger" : "bg-emerald-50 text-success"}`}
          >
            {toastText(toast)}
          </p>
        </noscript>
      ) : null}
      <CheckingAccess />
      <Outlet />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "./components/route-error-boundary";
