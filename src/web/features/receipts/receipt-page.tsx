import { ArrowLeft, Download, Printer } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { BRAND, formatDateTime, formatEventDate, formatLongDate, formatPounds, receiptSellerLine, receiptVatLine, vatInvoicesPath } from "@domain";
import type { Receipt, ReceiptSeller } from "@domain/receipt-shapes";
import { Button, buttonVariants } from "~/components/ui/button";
import { paths } from "~/paths";

const cell = "px-2 py-2 align-top sm:px-3";
const amountCell = `${cell} text-right tabular-nums whitespace-nowrap`;

/** A column heading shown shorter on a phone; screen readers always hear the full one. */
function ColumnName({ full, short }: { full: string; short: string }) {
  return (
    <>
      <span aria-hidden="true" className="sm:hidden">
        {short}
      </span>
      <span className="max-sm:sr-only">{full}</span>
    </>
  );
}

function ItemTable({ caption, children, footer }: { caption: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-border text-left text-xs uppercase tracking-wide text-muted">
            <th scope="col" className={cell}>
              Item
            </th>
            <th scope="col" className={`${cell} text-right`}>
              <ColumnName full="Quantity" short="Qty" />
            </th>
            <th scope="col" className={`${cell} text-right`}>
              <ColumnName full="Unit price" short="Each" />
            </th>
            <th scope="col" className={`${cell} text-right`}>
              Amount
            </th>
          </tr>
        </thead>
        <tbody>{children}</tbody>
        {footer && <tfoot>{footer}</tfoot>}
      </table>
    </div>
  );
}

function VatRow({ text }: { text: string }) {
  return (
    <tr>
      <td colSpan={4} className={`${cell} text-right text-muted`}>
        {text}
      </td>
    </tr>
  );
}

function SellerSection({ seller, index }: { seller: ReceiptSeller; index: number }) {
  const headingId = `receipt-seller-${index}`;
  const who = receiptSellerLine(seller);
  const vat = receiptVatLine(seller);
  return (
    <section aria-labelledby={headingId} className="border-t border-border pt-6">
      <h2 id={headingId} className="text-lg font-bold">
        Sold by {seller.name}
      </h2>
      {seller.address && <address className="mt-1 whitespace-pre-line text-sm not-italic text-muted">{seller.address}</address>}
      {who && <p className="mt-1 text-sm text-muted">{who}</p>}
      {seller.vatNumber && <p className="mt-1 text-sm text-muted">VAT number: {seller.vatNumber}</p>}
      <div className="mt-4">
        <ItemTable caption={`Tickets sold by ${seller.name}`} footer={vat && <VatRow text={vat} />}>
          {seller.lines.map((line) => (
            <tr key={line.eventId} className="border-b border-border/60">
              <th scope="row" className={`${cell} text-left font-medium`}>
                {line.eventTitle}
                <span className="block text-xs font-normal text-muted">{formatDateTime(line.eventDateTime)}</span>
              </th>
              <td className={amountCell}>{line.quantity}</td>
              <td className={amountCell}>{formatPounds(line.unitPricePence)}</td>
              <td className={amountCell}>{formatPounds(line.totalPence)}</td>
            </tr>
          ))}
        </ItemTable>
      </div>
    </section>
  );
}

/** /receipts/{orderId} (issue 20): an order's receipt, each organiser named as the seller; printable, with its PDF. */
/**
 * Whether the receipt offers a full VAT invoice: over £250 and with VAT to invoice, from a VAT-registered
 * seller's tickets or the platform's fee (as the server drafts them); otherwise asking would only be refused.
 */
function offersVatInvoice(receipt: Receipt): boolean {
  if (receipt.vatInvoice.issued) return true;
  if (!receipt.vatInvoice.offered) return false;
  const sellerVat = receipt.sellers.some((seller) => seller.vatNumber !== null && seller.vatRateBasisPoints !== null && seller.totalPence > 0);
  return sellerVat || (receipt.platform.vatNumber !== null && receipt.platform.totalPence > 0);
}

export function ReceiptPage({ receipt }: { receipt: Receipt }) {
  const platformVat = receiptVatLine(receipt.platform);
  return (
    <div className="bg-surface print:bg-white" data-receipt="">
      <div className="container-page py-10 sm:py-14 print:py-0">
        <div className="mx-auto max-w-3xl">
          <Link to={paths.myTickets} className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline print:hidden">
            <ArrowLeft className="size-4" aria-hidden="true" />
            My Tickets
          </Link>
          <div className="mt-4 rounded-3xl border border-border bg-white p-6 shadow-sm sm:p-8 print:border-0 print:p-0 print:shadow-none">
            <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
              <div>
                <p className="text-sm font-bold uppercase tracking-widest text-brand-700">{BRAND.name}</p>
                <h1 className="mt-1 text-3xl font-extrabold tracking-tight">Receipt</h1>
              </div>
              <div className="flex flex-wrap gap-2 print:hidden">
                <a href={receipt.pdfPath} download className={buttonVariants({ variant: "default", size: "sm" })}>
                  <Download aria-hidden="true" />
                  Download PDF
                </a>
                <Button variant="outline" size="sm" onClick={() => window.print()}>
                  <Printer aria-hidden="true" />
                  Print
                </Button>
              </div>
            </div>
            <dl className="mt-6 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-3">
              <div>
                <dt className="text-xs font-semibold uppercase tracking-wide text-muted">Receipt number</dt>
                <dd className="mt-0.5 font-mono font-semibold">{receipt.receiptNumber}</dd>
              </div>
              <div>
                <dt className="text-xs font-semibold uppercase tracking-wide text-muted">Date paid</dt>
                <dd className="mt-0.5 font-semibold">{formatLongDate(receipt.paidAt)}</dd>
              </div>
              <div className="min-w-0">
                <dt className="text-xs font-semibold uppercase tracking-wide text-muted">Billed to</dt>
                <dd className="mt-0.5 break-words font-semibold">
                  {receipt.buyer.name}
                  <span className="block font-normal text-muted">{receipt.buyer.email}</span>
                </dd>
              </div>
            </dl>

            <div className="mt-8 flex flex-col gap-8">
              {receipt.sellers.map((seller, index) => (
                <SellerSection key={index} seller={seller} index={index} />
              ))}

              {receipt.platform.lines.length > 0 && (
                <section aria-labelledby="receipt-platform" className="border-t border-border pt-6">
                  <h2 id="receipt-platform" className="text-lg font-bold">
                    Sold by {receipt.platform.name}
                  </h2>
                  <p className="mt-1 text-sm text-muted">
                    {receipt.platform.address}. Company number {receipt.platform.companyNumber}.
                  </p>
                  {receipt.platform.vatNumber && <p className="mt-1 text-sm text-muted">VAT number: {receipt.platform.vatNumber}</p>}
                  <div className="mt-4">
                    <ItemTable caption={`Fees sold by ${receipt.platform.name}`} footer={platformVat && <VatRow text={platformVat} />}>
                      {receipt.platform.lines.map((fee, index) => (
                        <tr key={index} className="border-b border-border/60">
                          <th scope="row" className={`${cell} text-left font-medium`}>
                            Booking &amp; processing fee
                            <span className="block text-xs font-normal text-muted">{fee.eventTitle}</span>
                          </th>
                          <td className={amountCell}>{fee.quantity}</td>
                          <td className={amountCell}>{formatPounds(fee.unitPricePence)}</td>
                          <td className={amountCell}>{formatPounds(fee.totalPence)}</td>
                        </tr>
                      ))}
                    </ItemTable>
                  </div>
                </section>
              )}

              <section aria-labelledby="receipt-totals" className="border-t-2 border-ink pt-6">
                <h2 id="receipt-totals" className="sr-only">
                  Totals
                </h2>
                <dl className="flex flex-col gap-2 text-sm">
                  <div className="flex justify-between gap-4 text-base font-bold">
                    <dt>Total paid</dt>
                    <dd className="tabular-nums">{formatPounds(receipt.totalPaidPence)}</dd>
                  </div>
                  {receipt.paymentReference && (
                    <div className="flex flex-wrap justify-between gap-x-4 text-muted">
                      <dt>Payment reference</dt>
                      <dd className="break-all font-mono">{receipt.paymentReference}</dd>
                    </div>
                  )}
                </dl>
              </section>

              {receipt.credits.length > 0 && (
                <section aria-labelledby="receipt-refunds" className="border-t border-border pt-6">
                  <h2 id="receipt-refunds" className="text-lg font-bold">
                    Refunds
                  </h2>
                  <div className="mt-4 overflow-x-auto">
                    <table className="w-full border-collapse text-sm">
                      <caption className="sr-only">Refunds so far</caption>
                      <thead>
                        <tr className="border-b border-border text-left text-xs uppercase tracking-wide text-muted">
                          <th scope="col" className={cell}>
                            Date
                          </th>
                          <th scope="col" className={cell}>
                            Refund
                          </th>
                          <th scope="col" className={`${cell} text-right`}>
                            Amount
                          </th>
                        </tr>
                      </thead>
                      <tbody>
                        {receipt.credits.map((credit, index) => (
                          <tr key={index} className="border-b border-border/60">
                            <td className={cell}>{formatEventDate(credit.date)}</td>
                            <th scope="row" className={`${cell} text-left font-medium`}>
                              {credit.description}
                            </th>
                            <td className={amountCell}>-{formatPounds(credit.totalPence)}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                  <dl className="mt-4 flex flex-col gap-2 text-sm">
                    <div className="flex justify-between gap-4">
                      <dt>Refunded so far</dt>
                      <dd className="tabular-nums">-{formatPounds(receipt.refundedPence)}</dd>
                    </div>
                    <div className="flex justify-between gap-4 text-base font-bold">
                      <dt>Paid after refunds</dt>
                      <dd className="tabular-nums">{formatPounds(receipt.netPaidPence)}</dd>
                    </div>
                  </dl>
                </section>
              )}

              {offersVatInvoice(receipt) && (
                <section aria-labelledby="receipt-vat-invoice" className="border-t border-border pt-6 print:hidden">
                  <h2 id="receipt-vat-invoice" className="text-lg font-bold">
                    VAT invoice
                  </h2>
                  <p className="mt-1 text-sm text-muted">
                    {receipt.vatInvoice.issued
                      ? "Your full VAT invoices for this order are ready."
                      : "This order is over £250: you can get a full VAT invoice made out to your name and address."}
                  </p>
                  <Link to={vatInvoicesPath(receipt.orderId)} className={`mt-3 ${buttonVariants({ variant: "outline", size: "sm" })}`}>
                    {receipt.vatInvoice.issued ? "View VAT invoices" : "Get a VAT invoice"}
                  </Link>
                </section>
              )}

              <p className="text-xs text-muted">
                Tickets are sold by each event's organiser; {receipt.platform.name} sells them on the organiser's behalf, takes the payment and charges the booking &amp;
                processing fee. Questions? Write to {BRAND.supportEmail}.
              </p>
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}
