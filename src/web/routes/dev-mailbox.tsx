import { DevMailboxPage } from "~/features/dev-mailbox/dev-mailbox-page";
import { notFound } from "~/lib/not-found";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/dev-mailbox";

/** The outbox of the development e-mail and SMS adapters; a 404 wherever it is disabled (production) and to clients not on this machine (issue 16). */
export async function loader({ context, url }: Route.LoaderArgs) {
  const { listMailbox } = await import("~/lib/services.server");
  const to = url.searchParams.get("to")?.trim() ?? "";
  const messages = await listMailbox(context, { to: to || undefined });
  if (!messages) notFound();
  return { messages, to };
}

// Sign-in codes and reset links: never kept by a browser or proxy cache.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export const meta: Route.MetaFunction = () => [
  ...seoMeta({ title: "Dev mailbox", description: "Messages the app would have sent in development." }),
  { name: "robots", content: "noindex" },
];

export default function DevMailboxRoute({ loaderData }: Route.ComponentProps) {
  return <DevMailboxPage messages={loaderData.messages} to={loaderData.to} />;
}
