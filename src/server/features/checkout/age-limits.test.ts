import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setUpTestApp } from "../../../../test/app";
import type { AuthClient } from "../../../../test/auth-client";
import { createEvent } from "../../../../test/fixtures";
import { signInAs } from "../../../../test/organiser";
import { orders, profiles } from "../../db/schema";

/** Issue 34 (decisions.md D28): an account under an event's minimum age on its date cannot buy for it. */
const t = setUpTestApp();

/** 2090-06-01T18:00Z: 19:00 on 1 June in London. */
const EVENT_AT = new Date("2090-06-01T18:00:00Z");
/** For a date of birth given at checkout, which must be a real one (13 or over today). */
const IN_30_DAYS = new Date(Date.now() + 30 * 86_400_000);

async function buyer(dateOfBirth: string | null) {
  const { account, client } = await signInAs(t.app, t.db, t.config.publicUrl, "user");
  await t.db.update(profiles).set({ dateOfBirth }).where(eq(profiles.userId, account.id));
  return { account, client };
}

async function event(minAge: number | null, overrides: { dateTime?: Date } = {}) {
  const organiser = await signInAs(t.app, t.db, t.config.publicUrl, "user");
  return createEvent(t.db, { userId: organiser.account.id, pricePence: 1500, maxAttendees: 50, minAge, dateTime: overrides.dateTime ?? EVENT_AT, title: `Late Show ${Math.random()}` });
}

const buy = (client: AuthClient, eventId: string, extra: object = {}) =>
  client.post("/api/functions/create-payment", { attendeeName: "Ada Lovelace", eventId, ticketQuantity: 1, ...extra });

const ordersOf = async (userId: string) => t.db.select().from(orders).where(eq(orders.userId, userId));

describe("age limits at purchase (issue 34)", () => {
  it("refuses an account under 18 for an 18+ event, naming the event, and holds nothing", async () => {
    const { account, client } = await buyer("2073-03-10");
    const late = await event(18);
    const response = await buy(client, late.id);
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toEqual({ code: "UNDER_AGE_LIMIT", message: `You must be 18 or over to book tickets for ${late.title}.` });
    expect(await ordersOf(account.id)).toEqual([]);
  });

  it("lets the same account buy for a 16+ event and an event with no limit", async () => {
    const { client } = await buyer("2073-03-10");
    expect((await buy(client, (await event(16)).id)).statusCode).toBe(200);
    expect((await buy(client, (await event(null)).id)).statusCode).toBe(200);
  });

  it("lets in a buyer who turns 18 on the event's UK date, and not one who turns 18 the day after", async () => {
    const birthdayOnTheDay = await buyer("2072-06-01");
    expect((await buy(birthdayOnTheDay.client, (await event(18)).id)).statusCode).toBe(200);
    const dayAfter = await buyer("2072-06-02");
    expect((await buy(dayAfter.client, (await event(18)).id)).json().error.code).toBe("UNDER_AGE_LIMIT");
    // 23:30 UTC on 31 May is 00:30 on 1 June in London: the event's date is the birthday.
    const afterMidnight = await event(18, { dateTime: new Date("2090-05-31T23:30:00Z") });
    expect((await buy(birthdayOnTheDay.client, afterMidnight.id)).statusCode).toBe(200);
  });

  it("asks an account without a date of birth for one, saves it once, and judges the buyer by it", async () => {
    const { account, client } = await buyer(null);
    // No limit, nothing asked.
    expect((await buy(client, (await event(null)).id)).statusCode).toBe(200);

    const soon = await event(18, { dateTime: IN_30_DAYS });
    const asked = await buy(client, soon.id);
    expect(asked.statusCode).toBe(403);
    expect(asked.json().error).toEqual({ code: "DATE_OF_BIRTH_NEEDED", message: `${soon.title} has an age limit: please give your date of birth to book tickets.` });

    const nonsense = await buy(client, soon.id, { dateOfBirth: "2001-02-30" });
    expect(nonsense.statusCode).toBe(400);
    expect(nonsense.json().error.message).toMatch(/^Invalid field 'dateOfBirth'/);

    const fifteen = `${new Date().getUTCFullYear() - 15}-01-01`;
    const refused = await buy(client, soon.id, { dateOfBirth: fifteen });
    expect(refused.json().error).toEqual({ code: "UNDER_AGE_LIMIT", message: `You must be 18 or over to book tickets for ${soon.title}.` });
    const [saved] = await t.db.select({ dateOfBirth: profiles.dateOfBirth }).from(profiles).where(eq(profiles.userId, account.id));
    expect(saved!.dateOfBirth).toBe(fifteen);

    // Once given, a date of birth is not changed by another one sent later.
    const older = await buy(client, soon.id, { dateOfBirth: "1990-01-01" });
    expect(older.json().error.code).toBe("UNDER_AGE_LIMIT");
    const [kept] = await t.db.select({ dateOfBirth: profiles.dateOfBirth }).from(profiles).where(eq(profiles.userId, account.id));
    expect(kept!.dateOfBirth).toBe(fifteen);
  });

  it("saves a date of birth given at checkout for an account old enough, which then buys", async () => {
    const { account, client } = await buyer(null);
    const soon = await event(18, { dateTime: IN_30_DAYS });
    expect((await buy(client, soon.id, { dateOfBirth: "1990-05-17" })).statusCode).toBe(200);
    const [saved] = await t.db.select({ dateOfBirth: profiles.dateOfBirth }).from(profiles).where(eq(profiles.userId, account.id));
    expect(saved!.dateOfBirth).toBe("1990-05-17");
  });

  it("refuses a whole cart with one 18+ line the buyer is too young for, naming that event", async () => {
    const { account, client } = await buyer("2073-03-10");
    const open = await event(null);
    const sixteen = await event(16);
    const adults = await event(18);
    const response = await client.post("/api/functions/create-payment", {
      attendeeName: "Ada Lovelace",
      items: [
        { eventId: open.id, ticketQuantity: 1 },
        { eventId: adults.id, ticketQuantity: 2 },
        { eventId: sixteen.id, ticketQuantity: 1 },
      ],
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe(`You must be 18 or over to book tickets for ${adults.title}.`);
    expect(await ordersOf(account.id)).toEqual([]);
  });
});
