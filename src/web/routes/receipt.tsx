import { ReceiptPage } from "~/features/receipts/receipt-page";
import { orNotFound } from "~/lib/not-found";
import { seoMeta } from "~/lib/seo";
import printStylesheet from "~/features/receipts/receipt-print.css?url";
import type { Route } from "./+types/receipt";

// Print rules only: a print style sheet never holds up the page's first paint.
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: printStylesheet, media: "print" }];

/** An order's receipt, for its buyer and admins: anyone else signed in gets a 404, a visitor goes to /auth and back. */
export async function loader({ context, request, params, url }: Route.LoaderArgs) {
  const { requireUser } = await import("~/lib/require-user.server");
  const { getReceipt } = await import("~/lib/services.server");
  const user = await requireUser(context, request, url);
  return { receipt: await orNotFound(getReceipt(context, { orderId: params.orderId, user })) };
}

// A buyer's own receipt: never kept by a shared cache.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = ({ loaderData: data }) => [
  ...seoMeta({ title: data ? `Receipt ${data.receipt.receiptNumber}` : "Receipt", description: "Your receipt: what you paid, and who sold it." }),
  { name: "robots", content: "noindex" },
];

export default function ReceiptRoute({ loaderData }: Route.ComponentProps) {
  return <ReceiptPage receipt={loaderData.receipt} />;
}
