import { ArrowLeft, Download } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { formatLongDate, formatPounds, formatVatRate, receiptPath } from "@domain";
import type { VatCreditNote, VatInvoice, VatInvoices } from "@domain/receipt-shapes";
import { Button, buttonVariants } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import type { VatInvoiceField } from "./lib/vat-invoice-checks";

/** What the form's post answered: what was typed, and the server's refusal if any. */
export interface VatInvoiceFormResult {
  fields: { buyerName: string; buyerAddress: string };
  problem: string | null;
}

/** A refusal naming a field ("Invalid field 'buyerName': …") goes beside that field; anything else above the form. */
function fieldErrors(problem: string | null): { byField: Partial<Record<VatInvoiceField, string>>; general: string | null } {
  const named = problem && /^Invalid field '(buyerName|buyerAddress)': (.*)$/s.exec(problem);
  if (named) return { byField: { [named[1] as VatInvoiceField]: named[2]! }, general: null };
  return { byField: {}, general: problem };
}

const cell = "px-2 py-2 align-top sm:px-3";
const amountCell = `${cell} text-right tabular-nums whitespace-nowrap`;

function InvoiceSection({ invoice }: { invoice: VatInvoice }) {
  const headingId = `vat-invoice-${invoice.id}`;
  return (
    <section aria-labelledby={headingId} className="border-t border-border pt-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2 id={headingId} className="text-lg font-bold">
            VAT invoice {invoice.invoiceNumber} from {invoice.seller.name}
          </h2>
          <p className="mt-1 text-sm text-muted">Invoice date: {formatLongDate(invoice.issuedAt)}</p>
        </div>
        <a href={invoice.pdfPath} download className={buttonVariants({ variant: "outline", size: "sm" })}>
          <Download aria-hidden="true" />
          Download PDF
        </a>
      </div>
      <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-xs font-semibold uppercase tracking-wide text-muted">From</dt>
          <dd className="mt-0.5">
            <span className="font-semibold">{invoice.seller.name}</span>
            {invoice.seller.address && <span className="block whitespace-pre-line">{invoice.seller.address}</span>}
            <span className="block">VAT number: {invoice.seller.vatNumber}</span>
            {invoice.seller.companyNumber && <span className="block">Company number: {invoice.seller.companyNumber}</span>}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-semibold uppercase tracking-wide text-muted">To</dt>
          <dd className="mt-0.5">
            <span className="font-semibold">{invoice.buyer.name}</span>
            <span className="block whitespace-pre-line">{invoice.buyer.address}</span>
          </dd>
        </div>
      </dl>
      <div className="mt-4 overflow-x-auto">
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">Lines of VAT invoice {invoice.invoiceNumber}</caption>
          <thead>
            <tr className="border-b border-border text-left text-xs uppercase tracking-wide text-muted">
              <th scope="col" className={cell}>
                Description
              </th>
              <th scope="col" className={cell}>
                Date of supply
              </th>
              <th scope="col" className={`${cell} text-right`}>
                Net
              </th>
              <th scope="col" className={`${cell} text-right`}>
                VAT rate
              </th>
              <th scope="col" className={`${cell} text-right`}>
                VAT
              </th>
              <th scope="col" className={`${cell} text-right`}>
                Gross
              </th>
            </tr>
          </thead>
          <tbody>
            {invoice.lines.map((line, index) => (
              <tr key={index} className="border-b border-border/60">
                <th scope="row" className={`${cell} text-left font-medium`}>
                  {line.description}
                </th>
                <td className={cell}>{formatLongDate(line.supplyDate)}</td>
                <td className={amountCell}>{formatPounds(line.netPence)}</td>
                <td className={amountCell}>{formatVatRate(line.vatRateBasisPoints)}</td>
                <td className={amountCell}>{formatPounds(line.vatPence)}</td>
                <td className={amountCell}>{formatPounds(line.grossPence)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="font-bold">
              <th scope="row" colSpan={2} className={`${cell} text-left`}>
                Total
              </th>
              <td className={amountCell}>{formatPounds(invoice.netPence)}</td>
              <td className={cell} />
              <td className={amountCell}>{formatPounds(invoice.vatPence)}</td>
              <td className={amountCell}>{formatPounds(invoice.grossPence)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}

/** A refund's credit note against one of the invoices above (decision 036): its number, the invoice it corrects, the reason and what it credits. */
function CreditNoteSection({ note }: { note: VatCreditNote }) {
  const headingId = `vat-credit-note-${note.id}`;
  return (
    <section aria-labelledby={headingId} className="border-t border-border pt-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h3 id={headingId} className="text-base font-bold">
            Credit note {note.creditNoteNumber} from {note.seller.name}
          </h3>
          <p className="mt-1 text-sm text-muted">
            Credit note date: {formatLongDate(note.issuedAt)}. Corrects VAT invoice {note.invoiceNumber} of {formatLongDate(note.invoiceDate)}.
          </p>
          <p className="mt-1 text-sm">Reason: {note.reason}</p>
        </div>
        <a href={note.pdfPath} download className={buttonVariants({ variant: "outline", size: "sm" })}>
          <Download aria-hidden="true" />
          Download PDF
          <span className="sr-only"> of credit note {note.creditNoteNumber}</span>
        </a>
      </div>
      <div className="mt-4 overflow-x-auto">
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">Lines of credit note {note.creditNoteNumber}</caption>
          <thead>
            <tr className="border-b border-border text-left text-xs uppercase tracking-wide text-muted">
              <th scope="col" className={cell}>
                Description
              </th>
              <th scope="col" className={`${cell} text-right`}>
                Net
              </th>
              <th scope="col" className={`${cell} text-right`}>
                VAT rate
              </th>
              <th scope="col" className={`${cell} text-right`}>
                VAT
              </th>
              <th scope="col" className={`${cell} text-right`}>
                Gross
              </th>
            </tr>
          </thead>
          <tbody>
            {note.lines.map((line, index) => (
              <tr key={index} className="border-b border-border/60">
                <th scope="row" className={`${cell} text-left font-medium`}>
                  {line.description}
                </th>
                <td className={amountCell}>{formatPounds(line.netPence)}</td>
                <td className={amountCell}>{formatVatRate(line.vatRateBasisPoints)}</td>
                <td className={amountCell}>{formatPounds(line.vatPence)}</td>
                <td className={amountCell}>{formatPounds(line.grossPence)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="font-bold">
              <th scope="row" className={`${cell} text-left`}>
                Total credited
              </th>
              <td className={amountCell}>{formatPounds(note.netPence)}</td>
              <td className={cell} />
              <td className={amountCell}>{formatPounds(note.vatPence)}</td>
              <td className={amountCell}>{formatPounds(note.grossPence)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}

function RequestForm({ result }: { result: VatInvoiceFormResult | null }) {
  const navigation = useNavigation();
  const submit = useSubmit();
  const [checking, setChecking] = useState(false);
  const [checked, setChecked] = useState<Partial<Record<VatInvoiceField, string>> | null>(null);
  const server = fieldErrors(result?.problem ?? null);
  const errors = checked ?? server.byField;
  // The server's rule, checked here first so a slip is shown without a round trip. Its module (and zod) load
  // on the first submit, so the form posts from here once the check has passed.
  const check = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const fields = { buyerName: String(form.get("buyerName") ?? ""), buyerAddress: String(form.get("buyerAddress") ?? "") };
    setChecking(true);
    try {
      const { vatInvoiceRequestErrors } = await import("./lib/vat-invoice-checks");
      const found = vatInvoiceRequestErrors(fields);
      setChecked(found);
      if (found) return;
    } catch {
      // The check could not be fetched (offline): post anyway, the server checks the same rule.
      setChecked(null);
    } finally {
      setChecking(false);
    }
    void submit(form, { method: "post" });
  };
  return (
    <Form method="post" onSubmit={(event) => void check(event)} noValidate className="mt-6 flex max-w-xl flex-col gap-4">
      {server.general && (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800">
          {server.general}
        </p>
      )}
      <Field id="vat-invoice-name" label="Name on the invoice" hint="Your name, or your business's name." error={errors.buyerName}>
        <Input name="buyerName" autoComplete="name" required maxLength={200} defaultValue={result?.fields.buyerName ?? ""} />
      </Field>
      <Field id="vat-invoice-address" label="Address" hint="The full postal address, one line per line." error={errors.buyerAddress}>
        <Textarea name="buyerAddress" autoComplete="street-address" required rows={4} maxLength={300} defaultValue={result?.fields.buyerAddress ?? ""} />
      </Field>
      <div>
        <Button type="submit" disabled={checking || navigation.state === "submitting"}>
          Get a VAT invoice
        </Button>
      </div>
    </Form>
  );
}

/**
 * /receipts/{orderId}/vat-invoices (issue 34): for an order over £250, the buyer's full VAT invoices, one per
 * VAT-registered seller and the platform's for its fee, and the credit notes refunds issued against them; until
 * issued, the form asking whom they are made out to.
 */
export function VatInvoicesPage({ invoices, result }: { invoices: VatInvoices; result: VatInvoiceFormResult | null }) {
  return (
    <div className="bg-surface">
      <div className="container-page py-10 sm:py-14">
        <div className="mx-auto max-w-3xl">
          <Link to={receiptPath(invoices.orderId)} className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline">
            <ArrowLeft className="size-4" aria-hidden="true" />
            Receipt {invoices.receiptNumber}
          </Link>
          <div className="mt-4 rounded-3xl border border-border bg-white p-6 shadow-sm sm:p-8">
            <h1 className="text-3xl font-extrabold tracking-tight">VAT invoices</h1>
            {!invoices.offered ? (
              <p className="mt-4 text-sm text-muted">
                A full VAT invoice is for orders over £250. Your receipt shows the VAT included and is the VAT invoice for this order.
              </p>
            ) : invoices.invoices.length === 0 ? (
              <>
                <p className="mt-4 text-sm text-muted">
                  This order is over £250, so you can get a full VAT invoice from each VAT-registered seller, made out to the name and address you give. It is issued once and
                  cannot be changed afterwards.
                </p>
                <RequestForm result={result} />
              </>
            ) : (
              <div className="mt-6 flex flex-col gap-8">
                {invoices.invoices.map((invoice) => (
                  <InvoiceSection key={invoice.id} invoice={invoice} />
                ))}
                {invoices.creditNotes.length > 0 && (
                  <section aria-labelledby="vat-credit-notes" className="flex flex-col gap-6 border-t-2 border-border pt-6">
                    <div>
                      <h2 id="vat-credit-notes" className="text-lg font-bold">
                        Credit notes
                      </h2>
                      <p className="mt-1 text-sm text-muted">Money refunded on this order, credited against the invoice it was charged on.</p>
                    </div>
                    {invoices.creditNotes.map((note) => (
                      <CreditNoteSection key={note.id} note={note} />
                    ))}
                  </section>
                )}
              </div>
            )}
          </div>
        </div>
      </div>
    </div>
  );
}
