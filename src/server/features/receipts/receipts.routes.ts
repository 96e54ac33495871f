import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { Receipt } from "../../../domain/receipt-shapes";
import type { AppContext } from "../../app-context";
import { receiptFilename, receiptPdf } from "./receipt-pdf";
import { getReceipt } from "./receipts.service";

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
