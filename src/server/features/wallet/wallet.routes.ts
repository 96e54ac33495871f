import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyReply, FastifyBaseLogger } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../app-context";
import { AppError } from "../../../domain";
import { authTokenMatches, buildPkpass, PKPASS_TYPE } from "./apple-pass";
import { googleSaveUrl, googleWalletApi } from "./google-wallet";
import type { PassContent } from "./pass-content";
import { emailedTicket, holderTicket, passBySerial, passFor, registerDevice, requireWallet, unregisterDevice, updatedSerials } from "./wallet-passes.service";

const TicketIdParams = z.object({ ticketId: z.string().max(100) });
const CodeParams = z.object({ code: z.string().max(40) });
const SignatureQuery = z.object({ kid: z.string().max(32), sig: z.string().max(200) });
const DeviceParams = z.object({ deviceLibraryId: z.string().min(1).max(200), passTypeId: z.string().max(200) });
const RegistrationParams = DeviceParams.extend({ serialNumber: z.string().max(100) });

/**
 * Wallet passes (D27, decision 045): the holder's own (signed in), the e-mail's (by the ticket's QR signature),
 * and Apple's PassKit web service (https://developer.apple.com/documentation/walletpasses/adding-a-web-service-to-update-passes),
 * which a device calls with `Authorization: ApplePass <authenticationToken>`.
 */
export const walletRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, session, signer, wallet, config }) => {
  const google = wallet.google ? googleWalletApi(wallet.google) : null;
  const origins = [new URL(config.publicUrl).origin];

  async function sendPkpass(reply: FastifyReply, content: PassContent) {
    const apple = requireWallet(wallet, "apple");
    return reply
      .type(PKPASS_TYPE)
      .header("content-disposition", `attachment; filename="${content.ticketCode}.pkpass"`)
      .header("cache-control", "private, no-store")
      .header("last-modified", new Date().toUTCString())
      .send(await buildPkpass(apple, content));
  }

  async function redirectToGoogle(reply: FastifyReply, content: PassContent, log: FastifyBaseLogger) {
    const googleWallet = requireWallet(wallet, "google");
    // The class and object are put in Google's API first, so a later void or new time can patch them; if Google is
    // away the save link still carries both, and Google makes them when the holder saves.
    await google!.upsert(content).catch((error: unknown) => log.warn({ err: error, serialNumber: content.serialNumber }, "Google Wallet: object not stored ahead of the save link"));
    return reply.header("cache-control", "private, no-store").redirect(await googleSaveUrl(googleWallet, content, origins), 303);
  }

  app.get(
    "/me/wallet-passes/:ticketId/apple",
    { schema: { tags: ["tickets"], summary: "The signed-in holder's ticket as an Apple Wallet pass (.pkpass); 404 for anyone else's or when Apple Wallet is not configured", params: TicketIdParams } },
    async (request, reply) => {
      requireWallet(wallet, "apple");
      const ticket = await holderTicket(db, { userId: (await session.requireActor(request)).userId, ticketId: request.params.ticketId });
      return sendPkpass(reply, await passFor(db, wallet, signer, ticket));
    },
  );

  app.get(
    "/me/wallet-passes/:ticketId/google",
    { schema: { tags: ["tickets"], summary: "Redirects the signed-in holder to their ticket's 'Add to Google Wallet' save link; 404 for anyone else's or when Google Wallet is not configured", params: TicketIdParams } },
    async (request, reply) => {
      requireWallet(wallet, "google");
      const ticket = await holderTicket(db, { userId: (await session.requireActor(request)).userId, ticketId: request.params.ticketId });
      return redirectToGoogle(reply, await passFor(db, wallet, signer, ticket), request.log);
    },
  );

  app.get(
    "/tickets/:code/wallet/apple",
    { schema: { tags: ["tickets"], summary: "A ticket's Apple Wallet pass, opened by its QR signature (the ticket e-mail's link: no sign-in)", params: CodeParams, querystring: SignatureQuery } },
    async (request, reply) => {
      requireWallet(wallet, "apple");
      const ticket = await emailedTicket(db, signer, { code: request.params.code, ...request.query });
      return sendPkpass(reply, await passFor(db, wallet, signer, ticket));
    },
  );

  app.get(
    "/tickets/:code/wallet/google",
    { schema: { tags: ["tickets"], summary: "Redirects to a ticket's 'Add to Google Wallet' save link, opened by its QR signature (the ticket e-mail's link)", params: CodeParams, querystring: SignatureQuery } },
    async (request, reply) => {
      requireWallet(wallet, "google");
      const ticket = await emailedTicket(db, signer, { code: request.params.code, ...request.query });
      return redirectToGoogle(reply, await passFor(db, wallet, signer, ticket), request.log);
    },
  );

  // Apple's PassKit web service, under the passes' webServiceURL (…/api/wallet/apple).
  const NOT_AUTHORISED = "The pass's authentication token is missing or wrong.";

  /** The pass a device names, if its Authorization header carries that pass's token (401 otherwise, as Apple specifies). */
  async function authorisedPass(params: { passTypeId: string; serialNumber: string }, authorization: string | undefined) {
    const apple = requireWallet(wallet, "apple");
    const found = params.passTypeId === apple.passTypeId ? await passBySerial(db, signer, params.serialNumber) : null;
    if (!found || !authTokenMatches(authorization, found.pass.authTokenHash)) throw new AppError("UNAUTHENTICATED", NOT_AUTHORISED);
    return found;
  }

  app.post(
    "/wallet/apple/v1/devices/:deviceLibraryId/registrations/:passTypeId/:serialNumber",
    {
      schema: {
        tags: ["wallet"],
        summary: "PassKit web service: register a device for a pass's updates (201 new, 200 already registered, 401 wrong token)",
        params: RegistrationParams,
        body: z.object({ pushToken: z.string().trim().min(1).max(200) }),
      },
    },
    async (request, reply) => {
      const { pass } = await authorisedPass(request.params, request.headers.authorization);
      const outcome = await registerDevice(db, { deviceLibraryId: request.params.deviceLibraryId, serialNumber: pass.serialNumber, pushToken: request.body.pushToken });
      return reply.status(outcome === "created" ? 201 : 200).send();
    },
  );

  app.delete(
    "/wallet/apple/v1/devices/:deviceLibraryId/registrations/:passTypeId/:serialNumber",
    { schema: { tags: ["wallet"], summary: "PassKit web service: unregister a device from a pass (401 wrong token)", params: RegistrationParams } },
    async (request, reply) => {
      const { pass } = await authorisedPass(request.params, request.headers.authorization);
      await unregisterDevice(db, { deviceLibraryId: request.params.deviceLibraryId, serialNumber: pass.serialNumber });
      return reply.status(200).send();
    },
  );

  app.get(
    "/wallet/apple/v1/devices/:deviceLibraryId/registrations/:passTypeId",
    {
      schema: {
        tags: ["wallet"],
        summary: "PassKit web service: the serial numbers of a device's passes updated since a tag (204 when none)",
        params: DeviceParams,
        querystring: z.object({ passesUpdatedSince: z.iso.datetime({ offset: true }).optional() }),
      },
    },
    async (request, reply) => {
      const apple = requireWallet(wallet, "apple");
      if (request.params.passTypeId !== apple.passTypeId) return reply.status(204).send();
      const since = request.query.passesUpdatedSince ? new Date(request.query.passesUpdatedSince) : null;
      const updated = await updatedSerials(db, { deviceLibraryId: request.params.deviceLibraryId, since });
      if (!updated) return reply.status(204).send();
      return reply.header("cache-control", "no-store").send(updated);
    },
  );

  app.get(
    "/wallet/apple/v1/passes/:passTypeId/:serialNumber",
    {
      schema: {
        tags: ["wallet"],
        summary: "PassKit web service: the latest version of a pass (voided once its ticket no longer admits); 304 when not modified since If-Modified-Since",
        params: z.object({ passTypeId: z.string().max(200), serialNumber: z.string().max(100) }),
      },
    },
    async (request, reply) => {
      const { pass, content } = await authorisedPass(request.params, request.headers.authorization);
      const lastModified = Math.floor(pass.updatedAt.getTime() / 1000) * 1000;
      const since = Date.parse(request.headers["if-modified-since"] ?? "");
      if (!Number.isNaN(since) && lastModified <= since) return reply.status(304).header("last-modified", new Date(lastModified).toUTCString()).send();
      return reply
        .type(PKPASS_TYPE)
        .header("last-modified", new Date(lastModified).toUTCString())
        .header("cache-control", "no-cache")
        .send(await buildPkpass(requireWallet(wallet, "apple"), content));
    },
  );

  app.post(
    "/wallet/apple/v1/log",
    { schema: { tags: ["wallet"], summary: "PassKit web service: messages a device logs about our web service", body: z.object({ logs: z.array(z.string().max(2000)).max(100) }) } },
    async (request, reply) => {
      requireWallet(wallet, "apple");
      for (const line of request.body.logs) request.log.warn({ passkit: line }, "PassKit device log");
      return reply.status(200).send();
    },
  );
};
