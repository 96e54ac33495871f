import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { promisify } from "node:util";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setUpTestApp } from "../../../../test/app";
import { createEvent } from "../../../../test/fixtures";
import { signInAs } from "../../../../test/organiser";
import { bookings, orderLines, orders } from "../../db/schema";

// The last step breaks the ledger on purpose.
const t = setUpTestApp({}, { ledgerCheck: false });

/** `npm run admin -- reconcile` against this file's database: its exit code and what it printed. */
async function runReconcile(): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ["--import", "tsx", "src/server/admin-cli.ts", "reconcile"], {
      env: { ...process.env, DATABASE_URL: t.database.url, DATA_DIR: t.config.DATA_DIR, NODE_ENV: "test" },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe("npm run admin -- reconcile (decision 027)", () => {
  it("exits 0 on a ledger that balances and 1, naming the problem, on one that does not", async () => {
    const organiser = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const buyer = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const event = await createEvent(t.db, { userId: organiser.account.id, pricePence: 2000, maxAttendees: 10 });
    const checkout = await buyer.client.post("/api/functions/create-payment", { attendeeName: "Ada Lovelace", eventId: event.id, ticketQuantity: 3 });
    expect((await buyer.client.post(`/api/checkout/test/${checkout.json().sessionId}/pay`)).statusCode).toBe(200);
    const [booking] = await t.db.select().from(bookings).where(eq(bookings.eventId, event.id));
    const refund = await organiser.client.post(`/api/bookings/${booking!.id}/refunds`, { quantity: 1, reason: "Cannot come", requestKey: randomUUID() });
    expect(refund.json().status).toBe("succeeded");

    const balanced = await runReconcile();
    expect(balanced.code).toBe(0);
    expect(balanced.stdout).toContain("Orders on the ledger: 1");
    expect(balanced.stdout).toContain("Charged £66.90 = refunded £22.30 + disputed £0.00 + held £44.60");
    expect(balanced.stdout).toContain("The ledger balances.");

    const [line] = await t.db.select().from(orderLines).where(eq(orderLines.id, booking!.orderLineId!));
    await t.db.update(orders).set({ totalPence: sql`${orders.totalPence} + 1` }).where(eq(orders.id, line!.orderId));
    const broken = await runReconcile();
    expect(broken.code).toBe(1);
    // The order's total no longer matches its lines nor the local provider's payment (the Pay button's record) either.
    expect(broken.stdout).toContain("3 problems:");
    expect(broken.stdout).toContain(`- order ${line!.orderId}: the order's subtotal, fees and total are not its lines' tickets and fees`);
    expect(broken.stdout).toContain(`- order ${line!.orderId}: charged £66.90 on the ledger, but the buyer paid £66.91`);
    expect(broken.stdout).not.toContain("The ledger balances.");
  });
});
