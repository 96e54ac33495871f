import { asc, eq, inArray, sql } from "drizzle-orm";
import { VAT_TREATMENT_RATES } from "../../../domain";
import type { Db } from "../../db/client";
import { events, orderLines, orderSellers, profiles, users } from "../../db/schema";

/** The rate (basis points) of the seller's VAT treatment, as SQL: null for exempt, not registered or none chosen. */
const treatmentRate = sql`case ${profiles.vatTreatment} ${sql.join(
  Object.entries(VAT_TREATMENT_RATES).flatMap(([treatment, rate]) => (rate === null ? [] : [sql`when ${treatment} then ${sql.raw(String(rate))}`])),
  sql` `,
)} end`;

/**
 * Records who sold each of these orders' events, as they are now (issues 33, 34): each organiser's name as
 * printed (business name, else display name, else the account's name), address, whether a business or a
 * private individual, company number, VAT treatment and number, and the rate their prices include (their
 * treatment's, when VAT-registered: none when exempt). Called in the transaction that confirms the orders,
 * once for the whole batch (decision 033); an order already recorded keeps its record.
 */
export async function captureOrderSellers(tx: Pick<Db, "execute">, orderIds: string[]): Promise<void> {
  if (!orderIds.length) return;
  await tx.execute(sql`
    insert into ${orderSellers} (order_id, organiser_id, event_ids, name, business_name, display_name, address, vat_number, vat_rate_basis_points, seller_kind, company_number, vat_treatment)
    select ${orderLines.orderId}, ${events.userId}, array_agg(distinct ${events.id}),
      coalesce(${profiles.businessName}, ${profiles.displayName}, ${users.name}),
      ${profiles.businessName}, ${profiles.displayName}, ${profiles.businessAddress}, ${profiles.vatNumber},
      case when ${profiles.vatNumber} is not null then ${treatmentRate} end,
      ${profiles.sellerKind}, ${profiles.companyNumber}, ${profiles.vatTreatment}
    from ${orderLines}
    join ${events} on ${events.id} = ${orderLines.eventId}
    join ${users} on ${users.id} = ${events.userId}
    left join ${profiles} on ${profiles.userId} = ${events.userId}
    where ${inArray(orderLines.orderId, orderIds)}
    group by ${orderLines.orderId}, ${events.userId}, ${users.name}, ${profiles.businessName}, ${profiles.displayName}, ${profiles.businessAddress}, ${profiles.vatNumber},
      ${profiles.sellerKind}, ${profiles.companyNumber}, ${profiles.vatTreatment}
    on conflict do nothing`);
}

export type OrderSeller = typeof orderSellers.$inferSelect;

/** An order's sellers as recorded when it was paid, in a stable order. */
export async function orderSellersOf(db: Db, orderId: string): Promise<OrderSeller[]> {
  return db.select().from(orderSellers).where(eq(orderSellers.orderId, orderId)).orderBy(asc(orderSellers.organiserId));
}
