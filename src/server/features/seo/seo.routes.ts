import type { AppContext } from "../../app-context";
import type { FastifyPluginAsync } from "fastify";
import { robotsTxt, sitemapXml } from "./seo.service";

export const seoRoutes: FastifyPluginAsync<AppContext> = async (app, { db, config }) => {
  app.get("/favicon.ico", { schema: { hide: true } }, async (_request, reply) => reply.redirect("/favicon.svg", 301));

  app.get("/robots.txt", { schema: { hide: true } }, async (_request, reply) => {
    reply.type("text/plain");
    return robotsTxt({ publicUrl: config.publicUrl });
  });

  app.get("/sitemap.xml", { schema: { hide: true } }, async (_request, reply) => {
    const xml = await sitemapXml({ db, publicUrl: config.publicUrl });
    reply.type("application/xml");
    return xml;
  });
};
