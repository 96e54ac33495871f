import { ArrowLeft, FlaskConical, KeyRound, Ticket } from "lucide-react";
import { Link } from "react-router";
import { BRAND } from "@domain";
import { paths } from "~/paths";
import { resultFor, type AuthFormResult } from "../lib/auth-form";
import { AuthTabs } from "./auth-tabs";
import { NewPasswordForm } from "./new-password-form";

/** The /auth page: the four tabs, or 'Reset Your Password' when a recovery link was opened (spec §2 Auth). */
export function AuthScreen({ recoveryToken, result, mailboxPointer }: { recoveryToken: string | null; result?: AuthFormResult; mailboxPointer: boolean }) {
  const Icon = recoveryToken ? KeyRound : Ticket;
  return (
    <div className="relative isolate overflow-hidden bg-surface">
      <div aria-hidden="true" className="absolute inset-x-0 top-0 -z-10 h-72 bg-gradient-to-br from-brand-800 via-brand-600 to-accent-500 sm:h-80">
        <div className="absolute -left-16 top-8 size-72 rounded-full bg-white/10 blur-2xl" />
        <div className="absolute -bottom-24 right-10 size-80 rounded-full bg-accent-400/30 blur-3xl" />
      </div>
      <div className="container-page flex flex-col items-center py-8 sm:py-12">
        <div className="w-full max-w-md">
          <Link
            to={paths.home}
            className="inline-flex items-center gap-2 rounded-lg px-1 py-1 text-sm font-semibold text-white hover:underline focus-visible:outline-white"
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            Back to Home
          </Link>
          <section className="mt-6 rounded-3xl border border-border bg-white p-6 shadow-xl sm:p-8">
            <div className="flex flex-col items-center text-center">
              <span className="flex size-12 items-center justify-center rounded-2xl bg-gradient-to-br from-brand-600 to-accent-500 text-white shadow-sm">
                <Icon className="size-6" aria-hidden="true" />
              </span>
              <h1 className="mt-4 text-2xl font-extrabold tracking-tight">{recoveryToken ? "Reset Your Password" : `Welcome to ${BRAND.name}`}</h1>
              <p className="mt-1 text-sm text-muted">
                {recoveryToken ? "Choose a new password for your account." : "Sign in or create an account to buy tickets and list your events."}
              </p>
            </div>
            <div className="mt-6">{recoveryToken ? <NewPasswordForm token={recoveryToken} result={resultFor(result, "new-password")} /> : <AuthTabs result={result} />}</div>
            {mailboxPointer && !recoveryToken && (
              <p className="mt-6 flex items-start gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
                <FlaskConical className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                <span>
                  Demo: open the mailbox at{" "}
                  <Link to={paths.devMailbox} className="font-semibold underline underline-offset-4">
                    /dev/mailbox
                  </Link>{" "}
                  to read the confirmation links and sign-in codes this site sends.
                </span>
              </p>
            )}
          </section>
          <p className="mt-6 text-center text-xs text-muted">
            By continuing you agree to our{" "}
            <Link to={paths.terms} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
              Terms of Service
            </Link>{" "}
            and{" "}
            <Link to={paths.privacy} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
              Privacy Policy
            </Link>
            .
          </p>
        </div>
      </div>
    </div>
  );
}
