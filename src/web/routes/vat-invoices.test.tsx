// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, expect, test } from "vitest";
import type { SessionUser } from "@domain";
import type { VatInvoices } from "@domain/receipt-shapes";
import { renderRoute } from "~/test/render-route";
import VatInvoicesRoute from "./vat-invoices";

afterEach(cleanup);

const user = { id: "u1", email: "ada@example.com", name: "Ada Lovelace" } as unknown as SessionUser;
const orderId = "7c9e6679-7425-40de-944b-e07fc1f99a41";
const none: VatInvoices = { orderId, receiptNumber: "R-000123", offered: true, invoices: [], creditNotes: [] };

const issued: VatInvoices = {
  ...none,
  invoices: [
    {
      id: "0b7c1f6e-7d51-4a63-9d3b-5f1a2c4e8b90",
      invoiceNumber: "INV-000007",
      issuerKind: "seller",
      issuedAt: "2026-11-21T10:00:00.000Z",
      seller: { name: "Big Hall Promotions Ltd", address: "1 Hall Street\nLeeds LS1 1AA", vatNumber: "GB980780684", companyNumber: "07654321" },
      buyer: { name: "Analytical Ltd", address: "12 St James's Square\nLondon SW1Y 4JH" },
      lines: [{ description: "Tickets: Gala Dinner, 2 × £120.00", supplyDate: "2026-12-05T19:30:00.000Z", quantity: 2, vatRateBasisPoints: 2000, netPence: 20_000, vatPence: 4_000, grossPence: 24_000 }],
      netPence: 20_000,
      vatPence: 4_000,
      grossPence: 24_000,
      pdfPath: `/api/receipts/${orderId}/vat-invoices/0b7c1f6e-7d51-4a63-9d3b-5f1a2c4e8b90.pdf`,
    },
  ],
};

function render(invoices: VatInvoices, action?: () => unknown) {
  renderRoute({
    url: `/receipts/${orderId}/vat-invoices`,
    user,
    route: { path: "/receipts/:orderId/vat-invoices", loader: () => ({ invoices }), action: action ?? (() => ({ fields: { buyerName: "", buyerAddress: "" }, problem: null })), Component: VatInvoicesRoute as never },
  });
}

test("an order over £250 without invoices asks whom to make them out to, and names the field a slip is in without posting", async () => {
  let posted = 0;
  render(none, () => {
    posted += 1;
    return { fields: { buyerName: "", buyerAddress: "" }, problem: null };
  });
  expect(await screen.findByRole("heading", { level: 1, name: "VAT invoices" })).toBeTruthy();
  const name = screen.getByLabelText("Name on the invoice");
  const address = screen.getByLabelText("Address");
  fireEvent.change(name, { target: { value: "Ada" } });
  fireEvent.change(address, { target: { value: "London" } });
  fireEvent.click(screen.getByRole("button", { name: "Get a VAT invoice" }));
  expect(await screen.findByText("Enter the full address: at least a street and a town or postcode")).toBeTruthy();
  expect(address.getAttribute("aria-invalid")).toBe("true");
  expect(posted).toBe(0);
});

test("a good name and address are posted once, however often the button is pressed while the check loads", async () => {
  const posted: { buyerName: unknown; buyerAddress: unknown }[] = [];
  renderRoute({
    url: `/receipts/${orderId}/vat-invoices`,
    user,
    route: {
      path: "/receipts/:orderId/vat-invoices",
      loader: () => ({ invoices: posted.length ? issued : none }),
      action: async ({ request }) => {
        const form = await request.formData();
        posted.push({ buyerName: form.get("buyerName"), buyerAddress: form.get("buyerAddress") });
        return { fields: { buyerName: "", buyerAddress: "" }, problem: null };
      },
      Component: VatInvoicesRoute as never,
    },
  });
  fireEvent.change(await screen.findByLabelText("Name on the invoice"), { target: { value: "Analytical Ltd" } });
  fireEvent.change(screen.getByLabelText("Address"), { target: { value: "12 St James's Square\nLondon SW1Y 4JH" } });
  const button = screen.getByRole("button", { name: "Get a VAT invoice" });
  fireEvent.click(button);
  fireEvent.click(button);
  expect(await screen.findByRole("heading", { name: "VAT invoice INV-000007 from Big Hall Promotions Ltd" })).toBeTruthy();
  expect(posted).toEqual([{ buyerName: "Analytical Ltd", buyerAddress: "12 St James's Square\nLondon SW1Y 4JH" }]);
});

test("the server's refusal of a field is shown beside it", async () => {
  render(none, () => ({ fields: { buyerName: "Ada", buyerAddress: "1 Road\nYork" }, problem: "Invalid field 'buyerName': Name contains a character that cannot be printed" }));
  fireEvent.change(await screen.findByLabelText("Name on the invoice"), { target: { value: "Ada" } });
  fireEvent.change(screen.getByLabelText("Address"), { target: { value: "1 Road\nYork" } });
  fireEvent.click(screen.getByRole("button", { name: "Get a VAT invoice" }));
  expect(await screen.findByText("Name contains a character that cannot be printed")).toBeTruthy();
  expect(screen.getByLabelText("Name on the invoice").getAttribute("aria-invalid")).toBe("true");
});

test("issued invoices show the seller, the buyer, per line net, VAT rate, VAT and gross, and each PDF", async () => {
  render(issued);
  const heading = await screen.findByRole("heading", { name: "VAT invoice INV-000007 from Big Hall Promotions Ltd" });
  expect(heading).toBeTruthy();
  expect(screen.queryByRole("button", { name: "Get a VAT invoice" })).toBeNull();
  const table = screen.getByRole("table", { name: "Lines of VAT invoice INV-000007" });
  const row = within(table).getByRole("row", { name: /Gala Dinner/ });
  for (const text of ["£200.00", "20%", "£40.00", "£240.00"]) expect(within(row).getByText(text)).toBeTruthy();
  expect(screen.getByText("VAT number: GB980780684")).toBeTruthy();
  expect(screen.getByText("Analytical Ltd")).toBeTruthy();
  expect(screen.getByRole("link", { name: /Download PDF/ }).getAttribute("href")).toBe(issued.invoices[0]!.pdfPath);
});

test("an order of £250 or less is told its receipt is its VAT invoice", async () => {
  render({ ...none, offered: false });
  expect(await screen.findByText(/A full VAT invoice is for orders over £250/)).toBeTruthy();
  expect(screen.queryByRole("button", { name: "Get a VAT invoice" })).toBeNull();
});

test("a refund's credit note is shown beside the invoices: the invoice it corrects, the reason, what it credits, and its PDF", async () => {
  const noteId = "5d2a9c41-3b7e-4f10-8a6c-2e9b7d4f1a03";
  render({
    ...issued,
    creditNotes: [
      {
        id: noteId,
        creditNoteNumber: "CN-000002",
        issuerKind: "seller",
        issuedAt: "2026-11-25T10:00:00.000Z",
        invoiceId: issued.invoices[0]!.id,
        invoiceNumber: "INV-000007",
        invoiceDate: "2026-11-21T10:00:00.000Z",
        reason: "Refunded by the organiser: Seat double-booked",
        seller: issued.invoices[0]!.seller,
        buyer: issued.invoices[0]!.buyer,
        lines: [{ description: "Tickets refunded: Gala Dinner, 1 ticket", quantity: 1, vatRateBasisPoints: 2000, netPence: 10_000, vatPence: 2_000, grossPence: 12_000 }],
        netPence: 10_000,
        vatPence: 2_000,
        grossPence: 12_000,
        pdfPath: `/api/receipts/${orderId}/vat-credit-notes/${noteId}.pdf`,
      },
    ],
  });
  expect(await screen.findByRole("heading", { name: "Credit notes" })).toBeTruthy();
  expect(screen.getByRole("heading", { name: "Credit note CN-000002 from Big Hall Promotions Ltd" })).toBeTruthy();
  expect(screen.getByText(/Corrects VAT invoice INV-000007/)).toBeTruthy();
  expect(screen.getByText("Reason: Refunded by the organiser: Seat double-booked")).toBeTruthy();
  const row = within(screen.getByRole("table", { name: "Lines of credit note CN-000002" })).getByRole("row", { name: /Gala Dinner, 1 ticket/ });
  for (const text of ["£100.00", "20%", "£20.00", "£120.00"]) expect(within(row).getByText(text)).toBeTruthy();
  expect(screen.getByRole("link", { name: "Download PDF of credit note CN-000002" }).getAttribute("href")).toBe(`/api/receipts/${orderId}/vat-credit-notes/${noteId}.pdf`);
});
