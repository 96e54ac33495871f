import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { RefundTicketsInput, RefundView } from "../../../domain";
import type { AppContext } from "../../app-context";
import { refundTickets, type RefundRow } from "./refunds.service";

export function refundView(refund: RefundRow): RefundView {
  return {
    refundId: refund.id,
    bookingId: refund.bookingId,
    quantity: refund.quantity,
    ticketPence: refund.ticketPence,
    feePence: refund.feePence,
    source: refund.source,
    reason: refund.reason,
    status: refund.status as RefundView["status"],
    providerRefundId: refund.providerRefundId,
    createdAt: refund.createdAt.toISOString(),
  };
}

/** Refunds: an organiser's (or admin's) refund of a booking's tickets (decision 027). */
export const refundsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, session, gateway, jobs }) => {
  app.post(
    "/bookings/:id/refunds",
    {
      schema: {
        tags: ["refunds"],
        summary: "Refund some or all of a booking's tickets (the event's organiser or an admin): the ones named in ticketIds, or quantity of them, those not checked in first; the same requestKey is the same refund",
        params: z.object({ id: z.string().max(100) }),
        body: RefundTicketsInput,
        response: { 200: RefundView },
      },
    },
    async (request) => {
      const { refund } = await refundTickets({ db, gateway, jobs, log: request.log, actor: await session.requireActor(request), bookingId: request.params.id, input: request.body });
      return refundView(refund);
    },
  );
};
