import { EmailTestPage } from "~/features/email-tools/email-test-page";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/email-test";

/** Only for the signed-in user: anyone else goes to /auth and comes back here after signing in (spec §2 Manual Email Sender). */
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const { requireUser } = await import("~/lib/require-user.server");
  const user = await requireUser(context, request, url);
  const { getSampleTestEmail } = await import("~/lib/services.server");
  return { email: user.email, isAdmin: user.isAdmin, sample: await getSampleTestEmail(context) };
}

// Shows the signed-in user's address: never kept by a shared cache.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = () => [
  ...seoMeta({ title: "Manual Email Sender", description: "Send a test email or a ticket email to check that delivery works." }),
  { name: "robots", content: "noindex" },
];

export default function EmailTestRoute({ loaderData }: Route.ComponentProps) {
  return <EmailTestPage ownEmail={loaderData.email} isAdmin={loaderData.isAdmin} sample={loaderData.sample} />;
}
