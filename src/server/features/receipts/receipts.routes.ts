import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { Receipt, VatInvoiceRequest, VatInvoices } from "../../../domain/receipt-shapes";
import type { AppContext } from "../../app-context";
import { receiptFilename, receiptPdf } from "./receipt-pdf";
import { getReceipt } from "./receipts.service";
import { vatCreditNoteFilename, vatCreditNotePdf, vatInvoiceFilename, vatInvoicePdf } from "./vat-invoice-pdf";
import { getVatCreditNote, getVatInvoice, getVatInvoices, issueVatInvoices } from "./vat-invoices.service";

/** An order's receipt (issue 20), as JSON and as a PDF: its buyer and admins only, 404 for anyone else. */
export const receiptsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, session }) => {
  app.get(
    "/receipts/:orderId.pdf",
    {
      schema: {
        tags: ["receipts"],
        summary: "An order's receipt as a PDF (its buyer and admins; 404 for anyone else)",
        params: z.object({ orderId: z.string().max(100) }),
      },
    },
    async (request, reply) => {
      const receipt = await getReceipt({ db, actor: await session.requireActor(request), orderId: request.params.orderId });
      const pdf = await receiptPdf(receipt);
      return reply
        .type("application/pdf")
        .header("content-disposition", `attachment; filename="${receiptFilename(receipt)}"`)
        .header("cache-control", "private, no-store")
        .send(pdf);
    },
  );

  app.get(
    "/receipts/:orderId/vat-invoices/:invoiceId.pdf",
    {
      schema: {
        tags: ["receipts"],
        summary: "One of an order's full VAT invoices as a PDF (its buyer and admins; 404 for anyone else)",
        params: z.object({ orderId: z.string().max(100), invoiceId: z.string().max(100) }),
      },
    },
    async (request, reply) => {
      const actor = await session.requireActor(request);
      const { invoice, receiptNumber } = await getVatInvoice({ db, actor, orderId: request.params.orderId, invoiceId: request.params.invoiceId });
      const pdf = await vatInvoicePdf(invoice, { receiptNumber });
      return reply
        .type("application/pdf")
        .header("content-disposition", `attachment; filename="${vatInvoiceFilename(invoice)}"`)
        .header("cache-control", "private, no-store")
        .send(pdf);
    },
  );

  app.get(
    "/receipts/:orderId/vat-credit-notes/:creditNoteId.pdf",
    {
      schema: {
        tags: ["receipts"],
        summary:
          "One of an order's credit notes as a PDF: a refund's correction of a full VAT invoice, naming it, in its issuer's own numbering (its buyer and admins; 404 for anyone else)",
        params: z.object({ orderId: z.string().max(100), creditNoteId: z.string().max(100) }),
      },
    },
    async (request, reply) => {
      const actor = await session.requireActor(request);
      const { creditNote, receiptNumber } = await getVatCreditNote({ db, actor, orderId: request.params.orderId, creditNoteId: request.params.creditNoteId });
      const pdf = await vatCreditNotePdf(creditNote, { receiptNumber });
      return reply
        .type("application/pdf")
        .header("content-disposition", `attachment; filename="${vatCreditNoteFilename(creditNote)}"`)
        .header("cache-control", "private, no-store")
        .send(pdf);
    },
  );

  app.get(
    "/receipts/:orderId/vat-invoices",
    {
      schema: {
        tags: ["receipts"],
        summary:
          "An order's full VAT invoices (issue 34): none until its buyer asks; offered only for orders over £250. With the credit notes its refunds issued against them (decision 036)",
        params: z.object({ orderId: z.string().max(100) }),
        response: { 200: VatInvoices },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return getVatInvoices({ db, actor: await session.requireActor(request), orderId: request.params.orderId });
    },
  );

  app.post(
    "/receipts/:orderId/vat-invoices",
    {
      schema: {
        tags: ["receipts"],
        summary:
          "Issue an order over £250 its full VAT invoices, made out to the buyer's name and address: one per VAT-registered seller (in their own numbering) and the platform's for its fee, for the order as sold, with credit notes for anything already refunded; once (a repeat answers the same invoices); 409 for £250 or less",
        params: z.object({ orderId: z.string().max(100) }),
        body: VatInvoiceRequest,
        response: { 200: VatInvoices },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return issueVatInvoices({ db, actor: await session.requireActor(request), orderId: request.params.orderId, input: request.body });
    },
  );

  app.get(
    "/receipts/:orderId",
    {
      schema: {
        tags: ["receipts"],
        summary: "An order's receipt: each organiser as seller (with the VAT included when VAT-registered), the platform's fees, total paid and refunds",
        params: z.object({ orderId: z.string().max(100) }),
        response: { 200: Receipt },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return getReceipt({ db, actor: await session.requireActor(request), orderId: request.params.orderId });
    },
  );
};
