import { Lock, Menu, Plus, ShoppingCart, Ticket } from "lucide-react";
import { lazy, Suspense, useRef, useState } from "react";
import { Link, NavLink } from "react-router";
import { BRAND } from "@domain";
import { Button, buttonVariants } from "~/components/ui/button";
import { useCartCount } from "~/features/cart/cart-store";
import { cn } from "~/lib/cn";
import { paths } from "~/paths";

// The drawer (Radix Dialog) only loads when a phone user opens the menu.
const MobileDrawer = lazy(() => import("./mobile-drawer"));

const NAV_LINKS = [
  { to: paths.home, label: "Home" },
  { to: paths.events(), label: "Events" },
  { to: paths.categories, label: "Categories" },
  { to: paths.sell, label: "Sell Tickets" },
  { to: paths.help, label: "Help" },
];

const DRAWER_EXTRA_LINKS = [
  { to: paths.resendTicket, label: "Resend Ticket" },
  { to: paths.createImages, label: "Create Images" },
];

export function BrandMark({ className }: { className?: string }) {
  return (
    <Link to={paths.home} className={cn("flex items-center gap-2 text-xl font-extrabold tracking-tight text-ink", className)}>
      <span className="flex size-9 items-center justify-center rounded-xl bg-gradient-to-br from-brand-600 to-accent-500 text-white shadow-sm">
        <Ticket className="size-5" aria-hidden="true" />
      </span>
      {BRAND.name}
    </Link>
  );
}

function CartLink() {
  const count = useCartCount();
  return (
    <Link
      to={paths.cart}
      className="relative rounded-xl p-2.5 text-ink hover:bg-surface"
      aria-label={`Cart, ${count} ${count === 1 ? "item" : "items"}`}
    >
      <ShoppingCart className="size-5" aria-hidden="true" />
      <span
        aria-hidden="true"
        className="absolute -right-0.5 -top-0.5 flex min-w-5 items-center justify-center rounded-full bg-accent-500 px-1 text-[11px] font-bold leading-5 text-white"
      >
        {count}
      </span>
    </Link>
  );
}

export function SiteHeader() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const navClass = ({ isActive }: { isActive: boolean }) =>
    cn("rounded-lg px-3 py-2 text-sm font-semibold transition-colors", isActive ? "text-brand-700" : "text-muted hover:text-ink");

  return (
    <header className="sticky top-0 z-40 border-b border-border/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <div className="container-page flex h-16 items-center gap-4">
        <BrandMark />
        <nav aria-label="Main" className="ml-4 hidden items-center lg:flex">
          {NAV_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} end={link.to === "/"} className={navClass}>
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <span className="hidden items-center gap-1.5 rounded-full bg-emerald-50 px-3 py-1 text-xs font-semibold text-emerald-800 xl:flex">
            <Lock className="size-3.5" aria-hidden="true" />
            Secure payments by {BRAND.paymentProvider}
          </span>
          <Link to={paths.createEvent} className={cn(buttonVariants({ size: "sm" }), "hidden lg:inline-flex")}>
            <Plus aria-hidden="true" />
            Create Event
          </Link>
          <CartLink />
          <Link to={paths.auth} className={cn(buttonVariants({ variant: "outline", size: "sm" }), "hidden lg:inline-flex")}>
            Sign In
          </Link>
          <Button
            ref={menuButton}
            variant="ghost"
            size="icon"
            className="lg:hidden"
            aria-label="Open menu"
            aria-haspopup="dialog"
            aria-expanded={drawerOpen}
            onClick={() => setDrawerOpen(true)}
          >
            <Menu className="size-5" aria-hidden="true" />
          </Button>
          {drawerOpen && (
            <Suspense fallback={null}>
              <MobileDrawer open={drawerOpen} onOpenChange={setDrawerOpen} returnFocusTo={menuButton} links={[...NAV_LINKS, ...DRAWER_EXTRA_LINKS]} />
            </Suspense>
          )}
        </div>
      </div>
    </header>
  );
}
