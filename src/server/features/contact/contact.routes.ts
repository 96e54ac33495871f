import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { RouteContext } from "../route-context";

/** Routes of this feature (being written: issue 7). */
export const contactRoutes: FastifyPluginAsyncZod<RouteContext> = async () => {};
