import { Lock, Menu, Plus, ShoppingCart, Ticket } from "lucide-react";
import { lazy, Suspense, useRef, useState } from "react";
import { Link, NavLink, useRouteLoaderData } from "react-router";
import { BRAND } from "@domain";
import type { SessionUser } from "@domain";
import { Avatar } from "~/components/ui/avatar";
import { Button, buttonVariants } from "~/components/ui/button";
import { AssistantButton, AssistantHost } from "~/features/assistant/components/assistant-entry";
import { useSessionUser } from "~/hooks/use-session-user";
import { useSignOut } from "~/features/auth/hooks/use-sign-out";
import { useCartCount } from "~/features/cart/cart-count";
import { cn } from "~/lib/cn";
import { paths } from "~/paths";

// The drawer only loads when a phone user opens the menu.
const MobileDrawer = lazy(() => import("./mobile-drawer"));

const NAV_LINKS = [
  { to: paths.home, label: "Home" },
  { to: paths.events(), label: "Events" },
  { to: paths.categories, label: "Categories" },
  { to: paths.sell, label: "Sell Tickets" },
  { to: paths.help, label: "Help" },
];

/** Only for signed-in users (spec §2 Header and footer). */
const ACCOUNT_LINKS = [
  { to: paths.dashboard, label: "Dashboard" },
  { to: paths.myTickets, label: "My Tickets" },
  { to: paths.checkIn, label: "Check-In" },
];

const DRAWER_EXTRA_LINKS = [
  { to: paths.resendTicket, label: "Resend Ticket" },
  { to: paths.createImages, label: "Create Images" },
];

/** The logo and name, linking home; `inverse` draws the name in white (the footer's dark band). */
export function BrandMark({ inverse = false }: { inverse?: boolean }) {
  return (
    <Link to={paths.home} className={cn("flex items-center gap-2 text-xl font-extrabold tracking-tight", inverse ? "text-white" : "text-ink")}>
      <span className="flex size-9 items-center justify-center rounded-xl bg-gradient-to-br from-brand-600 to-accent-500 text-white shadow-sm">
        <Ticket className="size-5" aria-hidden="true" />
      </span>
      {BRAND.name}
    </Link>
  );
}

function CartLink() {
  const count = useCartCount(useRouteLoaderData<{ cartCount?: number }>("root")?.cartCount);
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

function accountName(user: SessionUser): string {
  return user.displayName || user.username || user.email.split("@")[0] || user.email;
}

/** The signed-in user's initials or picture, leading to their profile editor. */
function AccountLink({ user }: { user: SessionUser }) {
  const name = accountName(user);
  return (
    <Link to={paths.profileEdit} className="rounded-full p-0.5 hover:bg-surface" aria-label={`Edit profile (signed in as ${name})`} title="Edit profile">
      <Avatar name={name} url={user.avatarUrl} className="size-9 text-sm" />
    </Link>
  );
}

// The full desktop nav needs more room once the account links join it, so it starts a breakpoint later.
const SIGNED_OUT_LAYOUT = { nav: "hidden lg:flex", inline: "hidden lg:inline-flex", menu: "lg:hidden", badge: "hidden xl:flex" };
const SIGNED_IN_LAYOUT = { nav: "hidden xl:flex", inline: "hidden xl:inline-flex", menu: "xl:hidden", badge: "hidden" };

export function SiteHeader() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const user = useSessionUser();
  const signOut = useSignOut();
  const layout = user ? SIGNED_IN_LAYOUT : SIGNED_OUT_LAYOUT;
  const navLinks = user ? [...NAV_LINKS, ...ACCOUNT_LINKS] : NAV_LINKS;
  const navClass = ({ isActive }: { isActive: boolean }) =>
    // Signed in, eight links and the assistant button share 1280 px: tighter padding keeps Sign Out on screen.
    cn("whitespace-nowrap rounded-lg py-2 text-sm font-semibold transition-colors", user ? "px-1.5" : "px-2", isActive ? "text-brand-700" : "text-muted hover:text-ink");

  return (
    <header className="sticky top-0 z-40 border-b border-border/80 bg-white">
      <div className="container-page flex h-16 items-center gap-4">
        <BrandMark />
        <nav aria-label="Main" className={cn("ml-2 items-center", layout.nav)}>
          {navLinks.map((link) => (
            <NavLink key={link.to} to={link.to} end={link.to === "/"} className={navClass}>
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <span className={cn("items-center gap-1.5 rounded-full bg-emerald-50 px-3 py-1 text-xs font-semibold text-emerald-800", layout.badge)}>
            <Lock className="size-3.5" aria-hidden="true" />
            Secure payments by {BRAND.paymentProvider}
          </span>
          <Link to={paths.createEvent} className={cn(buttonVariants({ size: "sm", display: null }), layout.inline)}>
            <Plus aria-hidden="true" />
            Create Event
          </Link>
          <AssistantButton />
          <CartLink />
          {user ? (
            <>
              <AccountLink user={user} />
              <Button variant="outline" size="sm" display={null} className={layout.inline} onClick={() => void signOut()}>
                Sign Out
              </Button>
            </>
          ) : (
            <Link to={paths.auth} className={cn(buttonVariants({ variant: "outline", size: "sm", display: null }), layout.inline)}>
              Sign In
            </Link>
          )}
          <Button
            ref={menuButton}
            variant="ghost"
            size="icon"
            className={layout.menu}
            aria-label="Open menu"
            aria-haspopup="dialog"
            aria-expanded={drawerOpen}
            onClick={() => setDrawerOpen(true)}
          >
            <Menu className="size-5" aria-hidden="true" />
          </Button>
          <AssistantHost />
          {drawerOpen && (
            <Suspense fallback={null}>
              <MobileDrawer
                open={drawerOpen}
                onOpenChange={setDrawerOpen}
                returnFocusTo={menuButton}
                links={[...navLinks, ...DRAWER_EXTRA_LINKS]}
                signedIn={user !== null}
                onSignOut={signOut}
              />
            </Suspense>
          )}
        </div>
      </div>
    </header>
  );
}
