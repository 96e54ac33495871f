// @vitest-environment happy-dom
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, expect, test } from "vitest";
import type { SessionUser } from "@domain";
import type { Receipt } from "@domain/receipt-shapes";
import { renderRoute } from "~/test/render-route";
import ReceiptRoute from "./receipt";

afterEach(cleanup);

const user = { id: "u1", email: "ada@example.com", name: "Ada Lovelace" } as unknown as SessionUser;

const receipt: Receipt = {
  orderId: "7c9e6679-7425-40de-944b-e07fc1f99a41",
  receiptNumber: "R-000123",
  paidAt: "2026-11-20T14:00:00.000Z",
  buyer: { name: "Ada Lovelace", email: "ada@example.com" },
  sellers: [
    {
      name: "Big Top Promotions Ltd",
      address: "2 Circus Row\nLeeds LS1 1AA",
      sellerKind: "business",
      companyNumber: "01234567",
      vatNumber: "GB980780684",
      vatTreatment: "standard",
      vatRateBasisPoints: 2000,
      lines: [{ eventId: "e1", eventTitle: "Big Top Circus", eventDateTime: "2026-12-05T19:30:00.000Z", quantity: 2, unitPricePence: 2400, totalPence: 4800 }],
      totalPence: 4800,
      vatIncludedPence: 800,
    },
    {
      name: "Sam's Supper Club",
      address: null,
      sellerKind: "individual",
      companyNumber: null,
      vatNumber: null,
      vatTreatment: "not-registered",
      vatRateBasisPoints: null,
      lines: [{ eventId: "e2", eventTitle: "Supper Club Night", eventDateTime: "2026-12-06T19:00:00.000Z", quantity: 1, unitPricePence: 1000, totalPence: 1000 }],
      totalPence: 1000,
      vatIncludedPence: null,
    },
  ],
  platform: {
    name: "Eventora Ltd",
    address: "71-75 Shelton Street, Covent Garden, London WC2H 9JQ",
    companyNumber: "14820377",
    vatNumber: null,
    vatRateBasisPoints: null,
    vatIncludedPence: null,
    lines: [
      { eventTitle: "Big Top Circus", quantity: 2, unitPricePence: 230, totalPence: 460 },
      { eventTitle: "Supper Club Night", quantity: 1, unitPricePence: 230, totalPence: 230 },
    ],
    totalPence: 690,
  },
  totalPaidPence: 6490,
  paymentReference: "pi_local_123",
  credits: [{ date: "2026-11-21T10:00:00.000Z", description: "Refund of 1 ticket: Supper Club Night", ticketsPence: 1000, feesPence: 230, totalPence: 1230 }],
  refundedPence: 1230,
  netPaidPence: 5260,
  pdfPath: "/api/receipts/7c9e6679-7425-40de-944b-e07fc1f99a41.pdf",
  vatInvoice: { offered: false, issued: false },
};

test("a buyer's receipt names each seller in its own table, the VAT only for the VAT-registered one, the fees, total, refunds and the PDF", async () => {
  renderRoute({ url: `/receipts/${receipt.orderId}`, user, route: { path: "/receipts/:orderId", loader: () => ({ receipt }), Component: ReceiptRoute as never } });
  expect(await screen.findByRole("heading", { level: 1, name: "Receipt" })).toBeTruthy();
  expect(screen.getByText("R-000123")).toBeTruthy();
  expect(screen.getByText("Business, company number 01234567")).toBeTruthy();
  expect(screen.getByText("Private individual")).toBeTruthy();
  // £64.90 is not over £250: no full VAT invoice is offered.
  expect(screen.queryByRole("link", { name: /VAT invoice/ })).toBeNull();

  const big = screen.getByRole("table", { name: "Tickets sold by Big Top Promotions Ltd" });
  expect(within(big).getByRole("rowheader", { name: /Big Top Circus/ })).toBeTruthy();
  expect(within(big).getByText("VAT included at 20%: £8.00")).toBeTruthy();
  expect(screen.getByText("VAT number: GB980780684")).toBeTruthy();
  const small = screen.getByRole("table", { name: "Tickets sold by Sam's Supper Club" });
  expect(within(small).queryByText(/VAT/)).toBeNull();
  expect(screen.getAllByText(/VAT included/)).toHaveLength(1);

  const fees = screen.getByRole("table", { name: "Fees sold by Eventora Ltd" });
  expect(within(fees).getAllByRole("rowheader", { name: /Booking & processing fee/ })).toHaveLength(2);
  expect(screen.getByText("£64.90")).toBeTruthy();
  expect(screen.getByRole("table", { name: "Refunds so far" })).toBeTruthy();
  expect(screen.getByText("£52.60")).toBeTruthy();

  const pdf = screen.getByRole("link", { name: /Download PDF/ });
  expect(pdf.getAttribute("href")).toBe(receipt.pdfPath);
  expect(pdf.hasAttribute("download")).toBe(true);
});

test("the platform's VAT number and the VAT in its booking fee when it was VAT-registered, an exempt seller, and the offer of a full VAT invoice over £250", async () => {
  const registered: Receipt = {
    ...receipt,
    sellers: [{ ...receipt.sellers[1]!, name: "Exempt Charity", vatTreatment: "exempt" }],
    platform: { ...receipt.platform, vatNumber: "GB100190874", vatRateBasisPoints: 2000, vatIncludedPence: 115 },
    vatInvoice: { offered: true, issued: false },
  };
  renderRoute({ url: `/receipts/${receipt.orderId}`, user, route: { path: "/receipts/:orderId", loader: () => ({ receipt: registered }), Component: ReceiptRoute as never } });
  const fees = await screen.findByRole("table", { name: "Fees sold by Eventora Ltd" });
  expect(within(fees).getByText("VAT included at 20%: £1.15")).toBeTruthy();
  expect(screen.getByText("VAT number: GB100190874")).toBeTruthy();
  expect(within(screen.getByRole("table", { name: "Tickets sold by Exempt Charity" })).getByText("Exempt from VAT")).toBeTruthy();
  expect(screen.getByRole("link", { name: "Get a VAT invoice" }).getAttribute("href")).toBe(`/receipts/${receipt.orderId}/vat-invoices`);
});

test("no offer of a full VAT invoice over £250 when there is no VAT to invoice: no VAT-registered seller and the platform not registered", async () => {
  const unregistered: Receipt = {
    ...receipt,
    sellers: [{ ...receipt.sellers[1]!, name: "Exempt Charity", vatTreatment: "exempt" }],
    vatInvoice: { offered: true, issued: false },
  };
  renderRoute({ url: `/receipts/${receipt.orderId}`, user, route: { path: "/receipts/:orderId", loader: () => ({ receipt: unregistered }), Component: ReceiptRoute as never } });
  expect(await screen.findByRole("table", { name: "Tickets sold by Exempt Charity" })).toBeTruthy();
  expect(screen.queryByRole("heading", { name: "VAT invoice" })).toBeNull();
  expect(screen.queryByRole("link", { name: /VAT invoice/ })).toBeNull();
});
