import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ChangeDoorEventsInput, CreatedDoorLink, DoorAccessSummary, DoorInvitation } from "../../../domain";
import type { AppContext } from "../../app-context";
import { parseInput } from "../../lib/parse-input";
import { doorCookieHeader, createDoorLink, openDoorLink } from "./door-links.service";
import { acceptInvitation, getInvitation, inviteStaff } from "./door-staff.service";
import { changeDoorEvents, listDoorTeam, revokeDoorAccess } from "./door-team";

const idParams = z.object({ id: z.string().max(100) });
const tokenParams = z.object({ token: z.string().max(100) });
const secretParams = z.object({ secret: z.string().max(100) });

/** The door team (issue 38, D26): staff invited by e-mail and door links, managed by their organiser (or an admin). */
export const doorRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, session, auth, email, config }) => {
  const secure = new URL(config.publicUrl).protocol === "https:";

  app.get(
    "/door-team",
    {
      schema: {
        tags: ["door"],
        summary: "The user's door team: staff (invited, active or revoked) and door links, each with its events (an admin: every organiser's)",
        response: { 200: z.object({ team: z.array(DoorAccessSummary) }) },
      },
    },
    async (request, reply) => reply.header("cache-control", "no-store").send({ team: await listDoorTeam({ db, actor: await session.requireActor(request) }) }),
  );

  app.post(
    "/door-team/staff",
    {
      schema: {
        tags: ["door"],
        summary: "Invite a staff member by e-mail to check tickets in for chosen events (`email`, optional `name`, `eventIds`): they are e-mailed a link to accept",
        description: "The events must be events the user manages, all one organiser's (404 naming an event that is not). The invitation is accepted only by an account with the same e-mail address.",
        body: z.unknown(),
        response: { 201: DoorAccessSummary },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await inviteStaff({ db, actor: await session.requireActor(request), input: request.body, email, publicUrl: config.publicUrl, company: config.company })),
  );

  app.post(
    "/door-team/links",
    {
      schema: {
        tags: ["door"],
        summary: "Make a door link for chosen events (`name`, `eventIds`, optional 4–8 digit `pin`); its address is in this answer only",
        body: z.unknown(),
        response: { 201: CreatedDoorLink },
      },
    },
    async (request, reply) => reply.status(201).header("cache-control", "no-store").send(await createDoorLink({ db, actor: await session.requireActor(request), input: request.body, publicUrl: config.publicUrl })),
  );

  app.patch(
    "/door-team/:id",
    { schema: { tags: ["door"], summary: "Change the events a staff member or door link may check (`eventIds`)", params: idParams, body: z.unknown(), response: { 200: DoorAccessSummary } } },
    async (request) => {
      const actor = await session.requireActor(request);
      const { eventIds } = parseInput(ChangeDoorEventsInput, request.body, { whole: "body" });
      return changeDoorEvents({ db, actor, id: request.params.id, eventIds });
    },
  );

  app.post(
    "/door-team/:id/revoke",
    { schema: { tags: ["door"], summary: "Revoke a staff member's or door link's access, at once; revoking again changes nothing", params: idParams, response: { 200: DoorAccessSummary } } },
    async (request) => revokeDoorAccess({ db, actor: await session.requireActor(request), id: request.params.id }),
  );

  app.get(
    "/door-invitations/:token",
    { schema: { tags: ["door"], summary: "A staff invitation, for the signed-in invitee: who sent it and for which events", params: tokenParams, response: { 200: DoorInvitation } } },
    async (request, reply) => reply.header("cache-control", "no-store").send(await getInvitation({ db, actor: await session.requireActor(request), token: request.params.token })),
  );

  app.post(
    "/door-invitations/:token/accept",
    {
      schema: {
        tags: ["door"],
        summary: "Accept a staff invitation as the signed-in user (with the e-mail address it was sent to; 403 otherwise, 409 when another account accepted it)",
        params: tokenParams,
        response: { 200: DoorInvitation },
      },
    },
    async (request) => acceptInvitation({ db, actor: await session.requireActor(request), token: request.params.token }),
  );

  app.post(
    "/door-links/:secret/open",
    {
      schema: {
        tags: ["door"],
        summary: "Open a door link on this device (`pin` when it has one; tries are rate-limited): sets the door cookie",
        params: secretParams,
        body: z.unknown(),
        response: { 200: z.object({ label: z.string() }) },
      },
    },
    async (request, reply) => {
      const opened = await openDoorLink({ db, appSecret: (await auth.$context).secret, secret: request.params.secret, input: request.body ?? {} });
      return reply.header("set-cookie", doorCookieHeader(opened.cookie, secure)).header("cache-control", "no-store").send({ label: opened.label });
    },
  );

  app.post(
    "/door-links/leave",
    { schema: { tags: ["door"], summary: "Leave the door: forget this device's door link", response: { 204: z.null() } } },
    async (_request, reply) => reply.status(204).header("set-cookie", doorCookieHeader(null, secure)).send(null),
  );
};
