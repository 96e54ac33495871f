import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { BuyerRefundRequest, DeclineRefundRequestInput, NoticeSettings, RefundRequestStatus, RefundRequestView, RequestRefundInput } from "../../../domain";
import type { AppContext } from "../../app-context";
import { approveRefundRequest, declineRefundRequest, listRefundRequests, requestRefund } from "./refund-requests.service";
import { getNoticeSettings, saveNoticeSettings } from "./notice-settings.service";

const requestParams = z.object({ id: z.string().max(100) });

/** Buyers' refund requests from My Tickets, and the organiser's (or an admin's) answers (decision 027). */
export const refundRequestsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, session, gateway, jobs }) => {
  app.post(
    "/me/bookings/:id/refund-request",
    {
      schema: {
        tags: ["refunds"],
        summary: "Ask for a refund of one of your bookings (the tickets named in ticketIds, else every valid ticket not checked in) while the refund policy allows; a repeat answers the pending request",
        params: requestParams,
        body: RequestRefundInput,
        response: { 200: BuyerRefundRequest },
      },
    },
    async (request) => {
      const actor = await session.requireActor(request);
      return (await requestRefund({ db, gateway, jobs, log: request.log, actor, bookingId: request.params.id, reason: request.body.reason, ticketIds: request.body.ticketIds })).request;
    },
  );

  app.get(
    "/me/notice-settings",
    { schema: { tags: ["refunds"], summary: "How you are e-mailed of buyers' refund requests on your events", response: { 200: NoticeSettings } } },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return getNoticeSettings({ db, userId: (await session.requireActor(request)).userId });
    },
  );

  app.put(
    "/me/notice-settings",
    {
      schema: {
        tags: ["refunds"],
        summary: "Choose an e-mail per refund request or a daily summary of the open ones",
        body: NoticeSettings,
        response: { 200: NoticeSettings },
      },
    },
    async (request) => saveNoticeSettings({ db, userId: (await session.requireActor(request)).userId, input: request.body }),
  );

  app.get(
    "/refund-requests",
    {
      schema: {
        tags: ["refunds"],
        summary: "Refund requests on the events you manage (admins: every organiser's), pending ones oldest first",
        querystring: z.object({ status: RefundRequestStatus.default("pending") }),
        response: { 200: z.object({ requests: z.array(RefundRequestView) }) },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return { requests: await listRefundRequests({ db, actor: await session.requireActor(request), status: request.query.status }) };
    },
  );

  app.post(
    "/refund-requests/:id/approve",
    {
      schema: {
        tags: ["refunds"],
        summary: "Approve a buyer's refund request: the tickets it names (else every valid ticket not yet checked in) are refunded, the booking fee kept; approving again is harmless",
        params: requestParams,
        response: { 200: RefundRequestView },
      },
    },
    async (request) => approveRefundRequest({ db, gateway, jobs, log: request.log, actor: await session.requireActor(request), requestId: request.params.id }),
  );

  app.post(
    "/refund-requests/:id/decline",
    {
      schema: {
        tags: ["refunds"],
        summary: "Decline a buyer's refund request with an optional note the buyer is e-mailed; declining again is harmless",
        params: requestParams,
        body: DeclineRefundRequestInput.optional(),
        response: { 200: RefundRequestView },
      },
    },
    async (request) =>
      declineRefundRequest({ db, gateway, jobs, log: request.log, actor: await session.requireActor(request), requestId: request.params.id, note: request.body?.note }),
  );
};
