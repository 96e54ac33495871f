import type { AppContext } from "../../app-context";
import type { FastifyPluginAsync } from "fastify";
import { asc } from "drizzle-orm";
import { events } from "../../db/schema";
import { listedCondition } from "../events/events.service";

const STATIC_PATHS = ["/", "/events", "/categories", "/about", "/contact", "/help", "/sell", "/affiliates", "/terms", "/privacy", "/booking-terms", "/refund-policy", "/gdpr"];

export const seoRoutes: FastifyPluginAsync<AppContext> = async (app, { db, config }) => {
  app.get("/favicon.ico", { schema: { hide: true } }, async (_request, reply) => reply.redirect("/favicon.svg", 301));

  app.get("/robots.txt", { schema: { hide: true } }, async (_request, reply) => {
    reply.type("text/plain");
    return ["User-agent: *", "Disallow: /api/", "Disallow: /dashboard", "Disallow: /my-tickets", "Disallow: /check-in", "Disallow: /profile/edit", "Disallow: /dev/", `Sitemap: ${config.publicUrl}/sitemap.xml`, ""].join("\n");
  });

  app.get("/sitemap.xml", { schema: { hide: true } }, async (_request, reply) => {
    const rows = await db
      .select({ id: events.id, updatedAt: events.updatedAt })
      .from(events)
      .where(listedCondition(new Date()))
      .orderBy(asc(events.dateTime));
    const urls = [
      ...STATIC_PATHS.map((path) => `<url><loc>${config.publicUrl}${path}</loc></url>`),
      ...rows.map(
        (row) => `<url><loc>${config.publicUrl}/events/${row.id}</loc><lastmod>${new Date(row.updatedAt).toISOString()}</lastmod></url>`,
      ),
    ];
    reply.type("application/xml");
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
  });
};
