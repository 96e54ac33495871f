import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setUpTestApp } from "../../../../test/app";
import { createEvent } from "../../../../test/fixtures";
import { eventInput, sendEventForm, signInAs } from "../../../../test/organiser";
import { affiliateCommissions, affiliates, events, ledgerEntries, orders } from "../../db/schema";
import { OWN_EVENT_AFFILIATE_CODE } from "./affiliates.service";

const t = setUpTestApp();

type Signed = Awaited<ReturnType<typeof signInAs>>;
const as = (role: "user" | "admin") => signInAs(t.app, t.db, t.config.publicUrl, role);

async function affiliateOf(user: Signed, code: string) {
  const [affiliate] = await t.db.insert(affiliates).values({ userId: user.account.id, affiliateCode: code }).returning();
  return affiliate!;
}

async function bought(buyer: Signed, body: { eventId: string; ticketQuantity: number; affiliateCode?: string }) {
  const checkout = await buyer.client.post("/api/functions/create-payment", { attendeeName: "Ada Lovelace", ...body });
  expect(checkout.statusCode).toBe(200);
  expect((await buyer.client.post(`/api/checkout/test/${checkout.json().sessionId}/pay`)).statusCode).toBe(200);
  const [order] = await t.db.select().from(orders).where(eq(orders.sessionId, checkout.json().sessionId));
  expect(order!.status).toBe("confirmed");
  return order!;
}

async function commissionOf(affiliateIds: string[]) {
  const [commissions, entries, totals] = await Promise.all([
    t.db.select({ affiliateId: affiliateCommissions.affiliateId, amountPence: affiliateCommissions.amountPence }).from(affiliateCommissions).where(inArray(affiliateCommissions.affiliateId, affiliateIds)),
    t.db.select({ affiliateId: ledgerEntries.affiliateId, kind: ledgerEntries.kind, amountPence: ledgerEntries.amountPence }).from(ledgerEntries).where(inArray(ledgerEntries.affiliateId, affiliateIds)),
    t.db.select({ id: affiliates.id, earned: affiliates.totalEarningsPence, referrals: affiliates.totalReferrals }).from(affiliates).where(inArray(affiliates.id, affiliateIds)),
  ]);
  return { commissions, entries, totals };
}

describe("no commission on an event one organises (issue 33)", () => {
  it("refuses the organiser's own affiliate code on the event form, on create and on edit, and for an admin saving it for that organiser", async () => {
    const organiser = await as("user");
    const own = await affiliateOf(organiser, "MYOWNEV3");
    const partner = await as("user");
    await affiliateOf(partner, "PARTNER3");

    const created = await sendEventForm(organiser.client, "POST", "/api/events", eventInput({ affiliateCode: "myownev3" }));
    expect(created.statusCode).toBe(400);
    expect(created.json().error).toMatchObject({ code: "VALIDATION_FAILED", message: OWN_EVENT_AFFILIATE_CODE });
    expect(created.json().error.message).toMatch(/^Invalid field 'affiliateCode': This is the organiser's own affiliate code/);
    expect(await t.db.select().from(events).where(eq(events.affiliateId, own.id))).toEqual([]);

    const saved = await sendEventForm(organiser.client, "POST", "/api/events", eventInput({ affiliateCode: "PARTNER3" }));
    expect(saved.statusCode).toBe(201);
    expect(saved.json().affiliateCode).toBe("PARTNER3");
    const edited = await sendEventForm(organiser.client, "PATCH", `/api/events/${saved.json().id}`, eventInput({ affiliateCode: "MYOWNEV3" }));
    expect(edited.statusCode).toBe(400);
    expect(edited.json().error.message).toBe(OWN_EVENT_AFFILIATE_CODE);
    const [kept] = await t.db.select({ affiliateId: events.affiliateId }).from(events).where(eq(events.id, saved.json().id));
    expect(kept!.affiliateId).not.toBe(own.id);

    // An admin saving an event for this organiser is refused the organiser's code too; their own is someone else's.
    const admin = await as("admin");
    await affiliateOf(admin, "ADMINAF3");
    const forOrganiser = await sendEventForm(admin.client, "POST", "/api/events", eventInput({ affiliateCode: "MYOWNEV3", organiserId: organiser.account.id }));
    expect(forOrganiser.statusCode).toBe(400);
    expect(forOrganiser.json().error.message).toBe(OWN_EVENT_AFFILIATE_CODE);
    const adminsCode = await sendEventForm(admin.client, "POST", "/api/events", eventInput({ affiliateCode: "ADMINAF3", organiserId: organiser.account.id }));
    expect(adminsCode.statusCode).toBe(201);
  });

  it("pays no commission at confirmation to the organiser named as their own event's affiliate (set before the form refused it), nor as a buyer's referral", async () => {
    const organiser = await as("user");
    const own = await affiliateOf(organiser, "SELFORG3");
    const promoter = await as("user");
    const promoters = await affiliateOf(promoter, "PROMOTR3");
    // As an event saved before issue 33 could be: the organiser's own code as its affiliate.
    const ownCoded = await createEvent(t.db, { userId: organiser.account.id, pricePence: 3000, maxAttendees: 20, affiliateId: own.id });
    const promoted = await createEvent(t.db, { userId: organiser.account.id, pricePence: 3000, maxAttendees: 20, affiliateId: promoters.id });
    const othersEvent = await createEvent(t.db, { userId: promoter.account.id, pricePence: 2000, maxAttendees: 20 });
    const buyer = await as("user");

    await bought(buyer, { eventId: ownCoded.id, ticketQuantity: 2 });
    // The organiser's code shared as a referral link to their own event counts as no code: the event's affiliate earns.
    await bought(buyer, { eventId: promoted.id, ticketQuantity: 1, affiliateCode: "selforg3" });
    await bought(buyer, { eventId: ownCoded.id, ticketQuantity: 1, affiliateCode: "SELFORG3" });
    // On someone else's event the same code earns as ever.
    await bought(buyer, { eventId: othersEvent.id, ticketQuantity: 1, affiliateCode: "SELFORG3" });

    const { commissions, entries, totals } = await commissionOf([own.id, promoters.id]);
    expect(commissions.sort((a, b) => a.affiliateId.localeCompare(b.affiliateId))).toEqual(
      [
        { affiliateId: promoters.id, amountPence: 23 },
        { affiliateId: own.id, amountPence: 23 },
      ].sort((a, b) => a.affiliateId.localeCompare(b.affiliateId)),
    );
    expect(entries.filter((entry) => entry.affiliateId === own.id)).toEqual([{ affiliateId: own.id, kind: "commission", amountPence: 23 }]);
    expect(totals.find((row) => row.id === own.id)).toMatchObject({ earned: 23, referrals: 1 });
    expect(totals.find((row) => row.id === promoters.id)).toMatchObject({ earned: 23, referrals: 1 });
    // Reconcile (run on this file's database when it closes) finds every affiliate's earnings equal to its entries.
  });

  it("pays no commission on a cart line whose organiser is the affiliate, and pays it on the others, in one confirmation", async () => {
    const organiser = await as("user");
    const own = await affiliateOf(organiser, "CARTOWN3");
    const other = await as("user");
    const ownEvent = await createEvent(t.db, { userId: organiser.account.id, pricePence: 1500, maxAttendees: 20 });
    const othersEvent = await createEvent(t.db, { userId: other.account.id, pricePence: 1500, maxAttendees: 20 });
    const buyer = await as("user");
    const checkout = await buyer.client.post("/api/functions/create-payment", {
      attendeeName: "Ada Lovelace",
      affiliateCode: "CARTOWN3",
      items: [
        { eventId: ownEvent.id, ticketQuantity: 3 },
        { eventId: othersEvent.id, ticketQuantity: 2 },
      ],
    });
    expect(checkout.statusCode).toBe(200);
    expect((await buyer.client.post(`/api/checkout/test/${checkout.json().sessionId}/pay`)).statusCode).toBe(200);

    const { commissions, entries } = await commissionOf([own.id]);
    expect(commissions).toEqual([{ affiliateId: own.id, amountPence: 46 }]);
    expect(entries).toEqual([{ affiliateId: own.id, kind: "commission", amountPence: 46 }]);
  });
});
