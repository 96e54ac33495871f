import { useEffect } from "react";
import { Link, useLocation } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { paths } from "~/paths";

/** 404 page (spec §2): '404 Oops! Page not found' with a link home; the unknown path is logged. */
export function NotFoundView() {
  const location = useLocation();
  useEffect(() => {
    console.warn("404: no page at", location.pathname);
  }, [location.pathname]);
  return (
    <section className="container-page flex flex-col items-center py-24 text-center">
      <p className="text-7xl font-black text-brand-600">404</p>
      <h1 className="mt-4 text-3xl font-extrabold">Oops! Page not found</h1>
      <p className="mt-3 max-w-md text-muted">The page you are looking for doesn't exist or has moved.</p>
      <Link to={paths.home} className={buttonVariants({ size: "lg-text-sm", className: "mt-8" })}>
        Return to Home
      </Link>
    </section>
  );
}
