import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  type ShouldRevalidateFunction,
} from "react-router";
import { SiteFooter } from "~/layout/site-footer";
import { SiteHeader } from "~/layout/site-header";
import { NotFoundView } from "~/layout/not-found-view";
import { LiveSaleToasts } from "~/features/live-sales/live-sale-toasts";
import { ZodJitlessScript } from "~/lib/csp-nonce";
import { subscribeToToastRequests, toastRequested } from "~/lib/toast";
import { cartCookieCount } from "~/features/cart/cart-cookie";
import { AffiliateConsent } from "~/components/affiliate-consent";
import { paths } from "~/paths";
import type { Route } from "./+types/root";
import appStylesheet from "./app.css?url";

/**
 * Who is signed in, for the header and every page (useSessionUser in features/auth), the cart's ticket
 * count from its cookie so the header's badge is right on first paint, and the platform's company as
 * configured, which the footer and the legal pages name (usePlatformCompany; issue 34).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { getHeaderUser, getPlatformCompany } = await import("~/lib/services.server");
  return { user: await getHeaderUser(context, request), cartCount: cartCookieCount(request.headers.get("cookie")), company: getPlatformCompany(context) };
}

/**
 * The session is re-read when leaving the pages that change it (signing in on /auth, a new name or
 * picture on /profile/edit), and on an explicit revalidate() or form submission.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  // An explicit revalidate() (after signing out) or a form submission re-reads it as usual.
  if (currentUrl.href === nextUrl.href || (formMethod && formMethod !== "GET")) return defaultShouldRevalidate;
  // Plain navigations (a new tab or filter in the URL) do not change who is signed in.
  // Leaving /auth, not choosing another of its tabs (?tab=).
  return (currentUrl.pathname === paths.auth && nextUrl.pathname !== paths.auth) || currentUrl.pathname === paths.profileEdit;
};

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/site.webmanifest" },
];

// Toasts are never part of a page's first load: the toaster (sonner, 9 kB of script) loads when something
// first shows a toast, and sonner replays the toasts published before it subscribed (decisions 012, 018).
const Toaster = lazy(() => import("sonner").then((module) => ({ default: module.Toaster })));

function DeferredToaster() {
  const requested = useSyncExternalStore(subscribeToToastRequests, toastRequested, () => false);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position="top-center" richColors closeButton />
    </Suspense>
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#5418d6" />
        <Meta />
        {/* First in line: the only render-blocking request, ahead of the script preloads. */}
        <link rel="stylesheet" href={appStylesheet} precedence="high" />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
        >
          Skip to content
        </a>
        <SiteHeader />
        <AffiliateConsent />
        <main id="main" className="flex-1">
          {children}
        </main>
        <SiteFooter />
        <DeferredToaster />
        <LiveSaleToasts />
        {/* Inline scripts take the response's CSP nonce from ServerRouter (decision 010). */}
        <ZodJitlessScript />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  useEffect(() => {
    // Marks the page as interactive; browser tests wait for it before clicking.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundView />;
  return (
    <section className="container-page py-24 text-center">
      <h1 className="text-3xl font-extrabold">Something went wrong</h1>
      <p className="mt-3 text-muted">Please refresh the page or try again in a moment.</p>
    </section>
  );
}
