import { asc } from "drizzle-orm";
import type { Db } from "../../db/client";
import { events } from "../../db/schema";
import { listedCondition } from "../events/events.service";

const STATIC_PATHS = ["/", "/events", "/categories", "/about", "/contact", "/help", "/sell", "/affiliates", "/terms", "/privacy", "/booking-terms", "/refund-policy", "/gdpr", "/accessibility"];

export function robotsTxt({ publicUrl }: { publicUrl: string }): string {
  return ["User-agent: *", "Disallow: /api/", "Disallow: /dashboard", "Disallow: /my-tickets", "Disallow: /receipts/", "Disallow: /check-in", "Disallow: /profile/edit", "Disallow: /dev/", `Sitemap: ${publicUrl}/sitemap.xml`, ""].join("\n");
}

/** The static pages and every listed event, soonest first. */
export async function sitemapXml({ db, publicUrl }: { db: Db; publicUrl: string }): Promise<string> {
  const rows = await db
    .select({ id: events.id, updatedAt: events.updatedAt })
    .from(events)
    .where(listedCondition(new Date()))
    .orderBy(asc(events.dateTime));
  const urls = [
    ...STATIC_PATHS.map((path) => `<url><loc>${publicUrl}${path}</loc></url>`),
    ...rows.map(
      (row) => `<url><loc>${publicUrl}/events/${row.id}</loc><lastmod>${new Date(row.updatedAt).toISOString()}</lastmod></url>`,
    ),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}
