import { ArrowLeft, LayoutDashboard, RotateCcw } from "lucide-react";
import { Link, useRevalidator } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { paths } from "~/paths";
import { DASHBOARD_TOASTS } from "../lib/dashboard-toasts";

/** The dashboard's data could not be read (spec §8: 'Failed to fetch events'); a retry stays on the page. */
export function DashboardError() {
  const { revalidate, state } = useRevalidator();
  return (
    <section role="alert" className="container-page flex flex-col items-center py-24 text-center">
      <span className="flex size-16 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
        <LayoutDashboard className="size-8" aria-hidden="true" />
      </span>
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight">{DASHBOARD_TOASTS.fetchEventsFailed.title}</h1>
      <p className="mt-3 max-w-md text-muted">Your dashboard could not be loaded. Check your connection and try again.</p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Button type="button" size="lg" disabled={state === "loading"} onClick={() => void revalidate()}>
          <RotateCcw aria-hidden="true" />
          {state === "loading" ? "Trying again..." : "Try again"}
        </Button>
        <Link to={paths.home} className={buttonVariants({ size: "lg-text-sm", variant: "outline" })}>
          <ArrowLeft aria-hidden="true" />
          Return to Home
        </Link>
      </div>
    </section>
  );
}
