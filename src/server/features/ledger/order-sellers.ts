import { asc, eq, inArray, sql } from "drizzle-orm";
import { VAT_STANDARD_RATE_BASIS_POINTS } from "../../../domain";
import type { Db } from "../../db/client";
import { events, orderLines, orderSellers, profiles, users } from "../../db/schema";

/**
 * Records who sold each of these orders' events, as they are now (issue 33): each organiser's name as
 * printed (business name, else display name, else the account's name), address, VAT number, and the rate
 * their prices include when VAT-registered. Called in the transaction that confirms the orders, once for
 * the whole batch (decision 033); an order already recorded keeps its record.
 */
export async function captureOrderSellers(tx: Pick<Db, "execute">, orderIds: string[]): Promise<void> {
  if (!orderIds.length) return;
  await tx.execute(sql`
    insert into ${orderSellers} (order_id, organiser_id, event_ids, name, business_name, display_name, address, vat_number, vat_rate_basis_points)
    select ${orderLines.orderId}, ${events.userId}, array_agg(distinct ${events.id}),
      coalesce(${profiles.businessName}, ${profiles.displayName}, ${users.name}),
      ${profiles.businessName}, ${profiles.displayName}, ${profiles.businessAddress}, ${profiles.vatNumber},
      case when ${profiles.vatNumber} is not null then ${VAT_STANDARD_RATE_BASIS_POINTS}::int end
    from ${orderLines}
    join ${events} on ${events.id} = ${orderLines.eventId}
    join ${users} on ${users.id} = ${events.userId}
    left join ${profiles} on ${profiles.userId} = ${events.userId}
    where ${inArray(orderLines.orderId, orderIds)}
    group by ${orderLines.orderId}, ${events.userId}, ${users.name}, ${profiles.businessName}, ${profiles.displayName}, ${profiles.businessAddress}, ${profiles.vatNumber}
    on conflict do nothing`);
}

export type OrderSeller = typeof orderSellers.$inferSelect;

/** An order's sellers as recorded when it was paid, in a stable order. */
export async function orderSellersOf(db: Db, orderId: string): Promise<OrderSeller[]> {
  return db.select().from(orderSellers).where(eq(orderSellers.orderId, orderId)).orderBy(asc(orderSellers.organiserId));
}
