import { eq, inArray } from "drizzle-orm";
import { AppError, eventKind, sellerDetailsMissingMessage, sellerIdentity, type SellerIdentity } from "../../../domain";
import type { Db, Tx } from "../../db/client";
import { events, profiles } from "../../db/schema";

/** The organiser's seller details (issue 34) as a select's nested object, for sellerDetailsProblems and sellerIdentity. */
export const sellerDetailsColumns = {
  businessName: profiles.businessName,
  businessAddress: profiles.businessAddress,
  sellerKind: profiles.sellerKind,
  companyNumber: profiles.companyNumber,
  vatTreatment: profiles.vatTreatment,
  vatNumber: profiles.vatNumber,
};

export interface EventSellerRow {
  id: string;
  title: string;
  organiserId: string;
  /** A paid event: only these are sold, so only these need a seller. */
  paid: boolean;
  /** Null while the organiser's seller details are incomplete. */
  seller: SellerIdentity | null;
}

/** Who sells each of these events (in the order asked; unknown ids left out). */
export async function eventSellers(db: Db | Tx, eventIds: readonly string[]): Promise<EventSellerRow[]> {
  if (eventIds.length === 0) return [];
  const rows = await db
    .select({ id: events.id, title: events.title, organiserId: events.userId, pricePence: events.pricePence, severalPrices: events.severalPrices, category: events.category, businessType: events.businessType, details: sellerDetailsColumns })
    .from(events)
    .leftJoin(profiles, eq(profiles.userId, events.userId))
    .where(inArray(events.id, [...eventIds]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return eventIds.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [{ id: row.id, title: row.title, organiserId: row.organiserId, paid: eventKind(row) === "paid", seller: sellerIdentity(row.details) }];
  });
}

/** Of these events, the paid ones whose organiser has not completed their seller details, by title (issue 34: not on sale until then). */
export async function eventsAwaitingSellerDetails(db: Db | Tx, eventIds: readonly string[]): Promise<{ id: string; title: string; organiserId: string }[]> {
  return (await eventSellers(db, eventIds))
    .filter((event) => event.paid && !event.seller)
    .map(({ id, title, organiserId }) => ({ id, title, organiserId }))
    .sort((a, b) => a.title.localeCompare(b.title));
}

/** Create-payment's refusal of a paid event whose organiser has not completed their seller details, by name (409). */
export function sellerDetailsMissingError(waiting: { id: string; title: string }): AppError {
  return new AppError("CONFLICT", sellerDetailsMissingMessage(waiting.title), { reason: "SELLER_DETAILS_MISSING", eventId: waiting.id });
}

/** Whether this organiser has completed their seller details, so their paid events can go on sale (issue 34). */
export async function hasSellerDetails(db: Db, organiserId: string): Promise<boolean> {
  const [row] = await db.select({ details: sellerDetailsColumns }).from(profiles).where(eq(profiles.userId, organiserId)).limit(1);
  return sellerIdentity(row?.details ?? null) !== null;
}
