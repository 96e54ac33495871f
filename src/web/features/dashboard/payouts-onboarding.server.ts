import { data, redirect } from "react-router";
import { AppError } from "@domain";
import { PAYOUTS_SECTION } from "./lib/payouts-paths";
import { type RouterContextReader, services } from "~/lib/page-context.server";

export interface OnboardingProblem {
  problem: string;
}

/**
 * Sends the payee to the provider's onboarding form (or back to the Payouts section when there is nothing to
 * continue); a refusal (too many attempts, the provider down) is shown on the page in plain words.
 */
export async function redirectToOnboarding(start: () => Promise<{ url: string } | null>) {
  try {
    const link = await start();
    return redirect(link?.url ?? PAYOUTS_SECTION);
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return data<OnboardingProblem>({ problem: error.message }, { status: error.status });
    console.error("Could not start payout onboarding", error);
    return data<OnboardingProblem>({ problem: "Payouts could not be set up just now. Please try again in a few minutes." }, { status: 502 });
  }
}

/** The form's post must come from our own pages (the API's CSRF rule, on top of SameSite cookies). */
export function postedFromThisSite(context: RouterContextReader, request: Request): boolean {
  const origin = request.headers.get("origin") ?? originOf(request.headers.get("referer"));
  return origin !== null && services(context).config.trustedOrigins.includes(origin);
}

function originOf(referer: string | null): string | null {
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
}
