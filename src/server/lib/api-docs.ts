import swagger from "@fastify/swagger";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

const DOCS_PREFIX = "/api/docs";

/** Headers of the docs' own answer that belong to its connection, not to the document (Fastify writes its own). */
const NOT_FORWARDED = new Set(["content-length", "transfer-encoding", "connection", "keep-alive", "date"]);

/**
 * The OpenAPI document of the API (from the routes' zod schemas) and its interactive page at /api/docs
 * (`/json`, `/yaml`, `/static/*`). The document is collected as routes are registered, so @fastify/swagger
 * joins at start; the page's plugin (@fastify/swagger-ui: swagger-ui's files, a YAML writer and a static
 * file server of its own, some 90 ms of a start) is loaded with the first request for the docs instead.
 * It runs in a small Fastify instance of its own, made then and given this app's finished document; this
 * app's hooks (security headers, compression) still apply to what it answers.
 */
export async function registerApiDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: { info: { title: "Eventora API", version: "1.0.0" } },
    transform: jsonSchemaTransform,
  });

  let docs: Promise<FastifyInstance> | null = null;
  const openDocs = () =>
    (docs ??= (async () => {
      const { default: swaggerUi } = await import("@fastify/swagger-ui");
      const instance = Fastify({ logger: false });
      await instance.register(swagger, { mode: "static", specification: { document: app.swagger() as never } });
      await instance.register(swaggerUi, { routePrefix: DOCS_PREFIX });
      await instance.ready();
      return instance;
    })().catch((error: unknown) => {
      docs = null;
      throw error;
    }));

  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    const answer = await (await openDocs()).inject({ method: "GET", url: request.url, headers: request.headers });
    for (const [name, value] of Object.entries(answer.headers)) if (value !== undefined && !NOT_FORWARDED.has(name)) reply.header(name, value);
    return reply.status(answer.statusCode).send(answer.rawPayload);
  };
  app.get(DOCS_PREFIX, { schema: { hide: true } }, forward);
  app.get(`${DOCS_PREFIX}/*`, { schema: { hide: true } }, forward);
  app.addHook("onClose", async () => {
    if (docs) await (await docs.catch(() => null))?.close();
  });
}
