import { redirect, type ShouldRevalidateFunction } from "react-router";
import { EMAIL_CONFIRMED_HOME, hasEmailConfirmedFlag, safeReturnPath } from "@domain";
import { isTabOnlyChange } from "~/components/ui/tabs";
import { AuthPage } from "~/features/auth/components/auth-page";
import { withoutFormSecrets } from "~/features/auth/lib/auth-url-state";
import { seoMeta } from "~/lib/seo";
import { paths } from "~/paths";
import type { Route } from "./+types/auth";
import { HYDRATE_ON_INTERACTION } from "~/lib/hydration";

/** A page a visit lands on: its scripts wait for the visitor (decision 039). */
export const handle = HYDRATE_ON_INTERACTION;

/** A signed-in user has nothing to do here: on to where they were heading, or home (spec §2 Auth). */
export async function loader({ context, request, url }: Route.LoaderArgs) {
    // A password or code in the address (a form sent as GET) is dropped at once, so it stays out of history.
  const cleaned = withoutFormSecrets(url.searchParams);
  if (cleaned) throw redirect(cleaned.size ? `${url.pathname}?${cleaned}` : url.pathname);
  const { getSessionUser, isMailboxOpen } = await import("~/lib/services.server");
  const user = await getSessionUser(context, request);
  // The end of a confirmation link: the auth server has just signed the new user in.
  if (user && user.emailConfirmed && hasEmailConfirmedFlag(url.searchParams)) throw redirect(EMAIL_CONFIRMED_HOME);
  if (user) throw redirect(safeReturnPath(url.searchParams.get("redirect")) ?? paths.home);
  // Demo mode only: the e-mails this page sends are read at /dev/mailbox (never in production).
  return { mailboxPointer: isMailboxOpen(context) };
}

/** A form posted before the page's scripts ran: the server does what the hydrated form does (issue 16). */
export async function action({ context, request, url }: Route.ActionArgs) {
  const { authFormAction } = await import("~/features/auth/auth-form-action.server");
  return authFormAction(context, request, url);
}

/** Switching tab (`?tab=`) changes what is shown, not who is signed in: nothing to fetch again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) =>
  !formMethod && isTabOnlyChange(currentUrl, nextUrl) ? false : defaultShouldRevalidate;

// The plain page may be indexed (people search for "Eventora sign in"); links carrying tokens never.
export const meta: Route.MetaFunction = ({ location }) => [
  ...seoMeta({ title: "Sign in", description: "Sign in or create an account to buy tickets and list your events." }),
  ...(location.search ? [{ name: "robots", content: "noindex" }] : []),
];

export default function AuthRoute({ actionData, loaderData }: Route.ComponentProps) {
  return <AuthPage result={actionData} mailboxPointer={loaderData.mailboxPointer} />;
}
