import { data } from "react-router";
import { AppError } from "@domain";
import { VatInvoicesPage, type VatInvoiceFormResult } from "~/features/receipts/vat-invoices-page";
import { orNotFound } from "~/lib/not-found";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/vat-invoices";

/** An order's full VAT invoices (issue 34), for its buyer and admins: anyone else signed in gets a 404, a visitor goes to /auth and back. */
export async function loader({ context, request, params, url }: Route.LoaderArgs) {
  const { requireUser } = await import("~/lib/require-user.server");
  const { getVatInvoices } = await import("~/lib/services.server");
  const user = await requireUser(context, request, url);
  return { invoices: await orNotFound(getVatInvoices(context, { orderId: params.orderId, user })) };
}

/** The buyer's name and address, posted with or without the page's scripts: issued once by the same service as POST /api/receipts/{orderId}/vat-invoices. */
export async function action({ context, request, params, url }: Route.ActionArgs) {
  const { requireUser } = await import("~/lib/require-user.server");
  const { issueVatInvoices } = await import("~/lib/services.server");
  const user = await requireUser(context, request, url);
  const form = await request.formData();
  const fields = { buyerName: String(form.get("buyerName") ?? ""), buyerAddress: String(form.get("buyerAddress") ?? "") };
  try {
    await orNotFound(issueVatInvoices(context, { orderId: params.orderId, user, input: fields }));
    return data<VatInvoiceFormResult>({ fields, problem: null });
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return data<VatInvoiceFormResult>({ fields, problem: error.message }, { status: error.status });
    throw error;
  }
}

// A buyer's own invoices: never kept by a shared cache.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = ({ loaderData: data }) => [
  ...seoMeta({ title: data ? `VAT invoices for receipt ${data.invoices.receiptNumber}` : "VAT invoices", description: "Full VAT invoices for your order." }),
  { name: "robots", content: "noindex" },
];

export default function VatInvoicesRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <VatInvoicesPage invoices={loaderData.invoices} result={actionData ?? null} />;
}
