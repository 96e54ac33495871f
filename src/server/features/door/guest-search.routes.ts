import type { AppContext } from "../../app-context";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { GuestSearchQuery, GuestSearchResults } from "../../../domain";
import { requireDoor } from "./door-access";
import { searchGuests } from "./guest-search.service";

/** Find a guest at the door (issue 38): a lookup by name, e-mail or ticket code, for the scanner. */
export const guestSearchRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  app.get(
    "/door/guests",
    {
      schema: {
        tags: ["tickets"],
        summary: "Find a guest by name, e-mail or ticket code among the events this door may check (rate limited; e-mails masked)",
        querystring: GuestSearchQuery,
        response: { 200: GuestSearchResults },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      const door = await requireDoor(context, request);
      return { guests: await searchGuests({ db: context.db, door, ip: request.ip, query: request.query }) };
    },
  );
};
