import { redirect, useSearchParams } from "react-router";
import { safeReturnPath } from "@domain";
import { AuthScreen } from "~/features/auth/components/auth-screen";
import { useAuthUrlError } from "~/features/auth/hooks/use-auth-url-error";
import { recoveryToken } from "~/features/auth/lib/auth-url-state";
import { seoMeta } from "~/lib/seo";
import { paths } from "~/paths";
import type { Route } from "./+types/auth";

/** A signed-in user has nothing to do here: on to where they were heading, or home (spec §2 Auth). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { getSessionUser } = await import("~/lib/services.server");
  const user = await getSessionUser(context, request);
  if (user) throw redirect(safeReturnPath(new URL(request.url).searchParams.get("redirect")) ?? paths.home);
  return null;
}

// The plain page may be indexed (people search for "Eventora sign in"); links carrying tokens never.
export const meta: Route.MetaFunction = ({ location }) => [
  ...seoMeta({ title: "Sign in", description: "Sign in or create an account to buy tickets and list your events." }),
  ...(location.search ? [{ name: "robots", content: "noindex" }] : []),
];

export default function AuthPage() {
  const [searchParams] = useSearchParams();
  useAuthUrlError();
  return <AuthScreen recoveryToken={recoveryToken(searchParams)} />;
}
