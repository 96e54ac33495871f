import { useEffect } from "react";
import { Link, useLocation } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { useCspNonce } from "~/lib/csp-nonce";
import { paths } from "~/paths";

const LOG_PATH = 'console.warn("404: no page at", location.pathname)';

/**
 * 404 page (spec §2): '404 Oops! Page not found' with a link home; the unknown path is logged. A page drawn
 * on the server logs it with an inline script, since it may never hydrate (decision 039); a client-side
 * navigation logs it from the effect. The effect skips the hydration of a server-drawn page, which root.tsx
 * marks hydrated only after its children's effects have run.
 */
export function NotFoundView() {
  const location = useLocation();
  const nonce = useCspNonce();
  useEffect(() => {
    if (document.documentElement.dataset.hydrated === "true") console.warn("404: no page at", location.pathname);
  }, [location.pathname]);
  return (
    <section className="container-page flex flex-col items-center py-24 text-center">
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: LOG_PATH }} />
      <p className="text-7xl font-black text-brand-600">404</p>
      <h1 className="mt-4 text-3xl font-extrabold">Oops! Page not found</h1>
      <p className="mt-3 max-w-md text-muted">The page you are looking for doesn't exist or has moved.</p>
      <Link to={paths.home} className={buttonVariants({ size: "lg-text-sm", className: "mt-8" })}>
        Return to Home
      </Link>
    </section>
  );
}
