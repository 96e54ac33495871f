import { Bot, Lock, LogOut, Plus, UserRound } from "lucide-react";
import type { RefObject } from "react";
import { Link, NavLink } from "react-router";
import { BRAND } from "@domain";
import { Button, buttonVariants } from "~/components/ui/button";
import { openAssistant } from "~/features/assistant/assistant-store";
import { Sheet } from "~/components/ui/sheet";
import { cn } from "~/lib/cn";
import { paths } from "~/paths";

/**
 * The small-screen side drawer: every nav link (with the account links when signed in) plus Resend
 * Ticket and Create Images, and Sign In or Sign Out (spec §2 Header).
 */
export default function MobileDrawer({
  open,
  onOpenChange,
  returnFocusTo,
  links,
  signedIn,
  onSignOut,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLElement | null>;
  links: { to: string; label: string }[];
  signedIn: boolean;
  onSignOut: () => Promise<void>;
}) {
  const close = () => onOpenChange(false);
  return (
    <Sheet open={open} onOpenChange={onOpenChange} title="Menu" returnFocusTo={returnFocusTo}>
      <nav aria-label="Mobile" className="flex flex-col gap-1">
        {links.map((link) => (
          <NavLink
            key={link.to}
            to={link.to}
            end={link.to === "/"}
            onClick={close}
            className={({ isActive }) =>
              cn("rounded-xl px-3 py-3 text-base font-semibold", isActive ? "bg-brand-50 text-brand-800" : "text-ink hover:bg-surface")
            }
          >
            {link.label}
          </NavLink>
        ))}
        <button
          type="button"
          onClick={() => {
            close();
            openAssistant({ returnFocusTo: returnFocusTo.current });
          }}
          className="flex items-center gap-2 rounded-xl px-3 py-3 text-left text-base font-semibold text-ink hover:bg-surface"
        >
          <Bot className="size-5 text-brand-700" aria-hidden="true" />
          Voice Assistant
        </button>
      </nav>
      <div className="mt-2 flex flex-col gap-2 border-t border-border pt-4">
        <Link to={paths.createEvent} onClick={close} className={buttonVariants()}>
          <Plus aria-hidden="true" />
          Create Event
        </Link>
        {signedIn ? (
          <>
            <Link to={paths.profileEdit} onClick={close} className={buttonVariants({ variant: "outline" })}>
              <UserRound aria-hidden="true" />
              Edit Profile
            </Link>
            <Button
              variant="ghost"
              onClick={() => {
                close();
                void onSignOut();
              }}
            >
              <LogOut aria-hidden="true" />
              Sign Out
            </Button>
          </>
        ) : (
          <Link to={paths.auth} onClick={close} className={buttonVariants({ variant: "outline" })}>
            Sign In
          </Link>
        )}
        <p className="mt-2 flex items-center justify-center gap-1.5 text-xs font-semibold text-emerald-800">
          <Lock className="size-3.5" aria-hidden="true" />
          Secure payments by {BRAND.paymentProvider}
        </p>
      </div>
    </Sheet>
  );
}
