import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatEventDate, type AssistantCapabilities, type ChatCompletionResult, type ErrorBody } from "../../../domain";
import { createTestApp } from "../../../../test/app";
import { FUTURE, PAST, createEvent, createUser, futureDay, resetCatalogue } from "../../../../test/fixtures";
import { signInAs } from "../../../../test/organiser";
import { events } from "../../db/schema";
import { answerQuestion, groundingContext } from "./assistant.service";

let t: Awaited<ReturnType<typeof createTestApp>>;
let organiserId: string;
const facts = { supportEmail: "help@eventora.test" };

/** Wednesday 7 June 2090, 11:00 in London: "this weekend" is Saturday 10 and Sunday 11 June. */
const NOW = new Date("2090-06-07T10:00:00Z");

let ids: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ SUPPORT_EMAIL: facts.supportEmail }, { workers: false });
  await resetCatalogue(t.db);
  organiserId = (await createUser(t.db)).id;
  const event = async (key: string, input: Omit<Parameters<typeof createEvent>[1], "userId">) => [key, (await createEvent(t.db, { userId: organiserId, ...input })).id] as const;
  ids = Object.fromEntries(
    await Promise.all([
      // Saturday 10 June 2090, 20:00 BST.
      event("laughRiot", { title: "Laugh Riot Live", category: "comedy", venue: "The Comedy Store", location: "Leicester Square, London", dateTime: new Date("2090-06-10T19:00:00Z"), pricePence: 1500 }),
      event("sundayStandUp", { title: "Sunday Stand-Up Special", category: "comedy", location: "Soho, London", dateTime: new Date("2090-06-11T18:30:00Z"), pricePence: 0 }),
      event("manchester", { title: "Manchester Giggles", category: "comedy", location: "Oldham Street, Manchester", dateTime: new Date("2090-06-10T19:00:00Z"), pricePence: 1200 }),
      event("nextWeek", { title: "Comedy Next Week", category: "comedy", location: "Camden, London", dateTime: new Date("2090-06-17T19:00:00Z"), pricePence: 1000 }),
      event("draft", { title: "Draft Comedy Show", category: "comedy", location: "London", dateTime: new Date("2090-06-10T19:00:00Z"), status: "draft" }),
      event("pastComedy", { title: "Old Comedy Night", category: "comedy", location: "Leicester Square, London", dateTime: PAST, pricePence: 900 }),
      event("picnic", { title: "Picnic Proms in the Park", category: "music", location: "Clifton, Bristol", dateTime: new Date("2090-06-20T12:00:00Z"), pricePence: 0 }),
      event("paidJune", { title: "June Jazz Evening", category: "music", location: "Clifton, Bristol", dateTime: new Date("2090-06-15T19:00:00Z"), pricePence: 1800 }),
      event("julyFree", { title: "July Free Fair", category: "entertainment", location: "Leeds", dateTime: new Date("2090-07-02T10:00:00Z"), pricePence: 0 }),
      event("pastFree", { title: "Free Picnic of Yesteryear", category: "music", location: "Clifton, Bristol", dateTime: PAST, pricePence: 0 }),
    ]),
  );
});
afterAll(async () => t?.close());

const ask = (message: string, now = NOW) => answerQuestion({ db: t.db, message, facts, now });
const link = (key: string, title: string) => `[${title}](/events/${ids[key]})`;

describe("the built-in assistant reads the live catalogue (decisions D19)", () => {
  it("comedy in London this weekend: the weekend's London comedy, with date, time, place, price and link; nothing past, elsewhere or later", async () => {
    const reply = await ask("Any comedy in London this weekend?");
    expect(reply).toContain("I found 2 upcoming comedy events in London this weekend (Sat 10 Jun – Sun 11 Jun):");
    expect(reply).toContain(
      `- ${link("laughRiot", "Laugh Riot Live")} — ${formatEventDate(new Date("2090-06-10T19:00:00Z"))} at 20:00 · The Comedy Store, Leicester Square, London · £17.30`,
    );
    expect(reply).toContain(`- ${link("sundayStandUp", "Sunday Stand-Up Special")} — ${formatEventDate(new Date("2090-06-11T18:30:00Z"))} at 19:30 · Soho, London · Free`);
    expect(reply.indexOf("Laugh Riot Live")).toBeLessThan(reply.indexOf("Sunday Stand-Up Special"));
    for (const absent of ["Manchester Giggles", "Comedy Next Week", "Draft Comedy Show", "Old Comedy Night"]) expect(reply).not.toContain(absent);
  });

  it("never lists past events, even without a time window", async () => {
    const reply = await ask("comedy in london");
    expect(reply).toContain("Laugh Riot Live");
    expect(reply).toContain("Comedy Next Week");
    expect(reply).not.toContain("Old Comedy Night");
    // A much later "now" leaves the June shows in the past too.
    expect(await ask("comedy in london", futureDay(40))).toMatch(/^I couldn't find any upcoming comedy events in London — try \[searching events for “London”\]\(\/events\?category=comedy&q=London\)\.$/);
  });

  it("free events this month: this month's free events only", async () => {
    const reply = await ask("free events this month");
    expect(reply).toContain("upcoming free events this month");
    expect(reply).toContain(link("picnic", "Picnic Proms in the Park"));
    expect(reply).toContain(link("sundayStandUp", "Sunday Stand-Up Special"));
    for (const absent of ["June Jazz Evening", "July Free Fair", "Free Picnic of Yesteryear", "Laugh Riot Live"]) expect(reply).not.toContain(absent);
  });

  it("price caps, places without a category, dates and cheap", async () => {
    // June Jazz Evening: an £18.00 ticket, £20.30 with the booking fee (D21), so over £20 and under £21.
    const under = await ask("music in Bristol under £21");
    expect(under).toContain("June Jazz Evening");
    expect(under).toContain("Picnic Proms in the Park");
    expect(under).not.toContain("Free Picnic of Yesteryear");
    expect(await ask("music in Bristol under £20")).not.toContain("June Jazz Evening");
    expect(await ask("music in Bristol under £10")).not.toContain("June Jazz Evening");

    const onDate = await ask("what's on 17 June?");
    expect(onDate).toContain("Comedy Next Week");
    expect(onDate).not.toContain("Laugh Riot Live");

    expect(await ask("anything on in Leeds in July?")).toContain("July Free Fair");
  });

  it("prices are what a buyer pays (D21): 'under £16' leaves out a £15.00 ticket that costs £17.30, and finds one at £15.50 with the fee absorbed", async () => {
    // A year after the catalogue above, so only these two are upcoming; removed afterwards for the other tests.
    const later = new Date("2091-03-01T10:00:00Z");
    const at = new Date("2091-03-06T20:00:00Z");
    const withFee = await createEvent(t.db, { userId: organiserId, title: "Fifteen Pound Funnies", category: "comedy", location: "Soho, London", dateTime: at, pricePence: 1500 });
    const absorbed = await createEvent(t.db, { userId: organiserId, title: "Fee Paid Funnies", category: "comedy", location: "Soho, London", dateTime: at, pricePence: 1550, absorbsBookingFee: true });
    try {
      const reply = await ask("comedy under £16", later);
      expect(reply).toBe(
        ["I found 1 upcoming comedy event under £16.00:", `- [Fee Paid Funnies](/events/${absorbed.id}) — ${formatEventDate(at)} at 20:00 · Soho, London · £15.50`].join("\n"),
      );
      expect(await ask("comedy under £18", later)).toContain(`[Fifteen Pound Funnies](/events/${withFee.id}) — ${formatEventDate(at)} at 20:00 · Soho, London · £17.30`);
      expect(await ask("free comedy", later)).not.toContain("Funnies");
      // The AI service is told the same: only the event under £16, at its all-in price.
      const context = await groundingContext({ db: t.db, message: "comedy under £16", facts, now: later });
      expect(context).toContain(`[Fee Paid Funnies](/events/${absorbed.id}) — ${formatEventDate(at)} at 20:00 · Soho, London · £15.50`);
      expect(context).not.toContain("Fifteen Pound Funnies");
      expect(context).not.toContain("£15.00");
    } finally {
      await t.db.delete(events).where(inArray(events.id, [withFee.id, absorbed.id]));
    }
  });

  it("lists five at most and links to the rest", async () => {
    const reply = await ask("what events are on?");
    expect(reply).toMatch(/^I found 7 upcoming events\. Here are the first 5:/);
    expect(reply.match(/^- \[/gm)).toHaveLength(5);
    expect(reply).toContain("[See more on the Events page](/events)");
  });

  it("none that weekend: says so and offers the next matching events in the same place (issue 17)", async () => {
    const reply = await ask("comedy in Leicester Square next weekend");
    expect(reply).toBe(
      [
        "There are no comedy events in Leicester Square next weekend (Sat 17 Jun – Sun 18 Jun). Here is the next comedy event in Leicester Square:",
        `- ${link("laughRiot", "Laugh Riot Live")} — ${formatEventDate(new Date("2090-06-10T19:00:00Z"))} at 20:00 · The Comedy Store, Leicester Square, London · £17.30`,
      ].join("\n"),
    );
  });

  it("none in that place at all: offers the next events of that category anywhere, soonest first (issue 17)", async () => {
    const reply = await ask("comedy in Penzance this weekend");
    expect(reply).toMatch(
      /^There are no comedy events in Penzance this weekend \(Sat 10 Jun – Sun 11 Jun\), nor later in Penzance\. Here are the next comedy events anywhere:\n- \[/,
    );
    for (const offered of ["Laugh Riot Live", "Manchester Giggles", "Sunday Stand-Up Special", "Comedy Next Week"]) expect(reply).toContain(offered);
    expect(reply.indexOf("Sunday Stand-Up Special")).toBeLessThan(reply.indexOf("Comedy Next Week"));
    for (const absent of ["Draft Comedy Show", "Old Comedy Night", "June Jazz Evening"]) expect(reply).not.toContain(absent);
    expect(await ask("comedy in York")).toMatch(/^There are no upcoming comedy events in York\. Here are the next comedy events anywhere:\n- \[/);
  });

  it("says plainly when nothing matches at all, with a search link", async () => {
    expect(await ask("comedy in Penzance this weekend", futureDay(40))).toMatch(/^I couldn't find any upcoming comedy events in Penzance this weekend .* — try \[searching events for “Penzance”\]\(\/events\?category=comedy&q=Penzance\)\.$/);
    expect(await ask("comedy last weekend")).toMatch(/^Last weekend has already passed, and I only look up upcoming events/);
    expect(await ask("zorbing")).toContain("I couldn't find anything about “zorbing” — try [searching all events](/events?q=zorbing).");
  });
});

describe("the built-in assistant knows the help facts and the fee and refund rules", () => {
  it("refunds: 48 hours before the event, 5-7 business days", async () => {
    const reply = await ask("How do I get a refund?");
    expect(reply).toContain("48 hours");
    expect(reply).toContain("5-7 business days");
    expect(reply).toContain("[Refund Policy](/refund-policy)");
    expect(reply).not.toContain("Buy Now");
  });

  it("the booking fee comes from the domain constant: £2.30, paid events only", async () => {
    const reply = await ask("What's the booking fee?");
    expect(reply).toContain("£2.30 per ticket");
    expect(reply).toContain("paid events only");
    expect(reply).toContain("£24.60");
  });

  it("missing e-mail, check-in, cancelled events, support", async () => {
    expect(await ask("I didn't get my ticket email")).toContain("[Resend Ticket](/resend-ticket)");
    const checkIn = await ask("How do I check in attendees?");
    expect(checkIn).toContain("[Check-In](/check-in)");
    expect(checkIn).toMatch(/camera.*internet.*signed in/);
    expect(await ask("What happens if my event is cancelled?")).toContain("full refund");
    expect(await ask("How can I contact support?")).toContain("help@eventora.test");
  });

  it("answers a help question and lists events when both are asked", async () => {
    const reply = await ask("How do I buy tickets for comedy in London this weekend?");
    expect(reply).toMatch(/^Find an event on \[Events\]\(\/events\)/);
    expect(reply).toContain("Laugh Riot Live");
  });

  it("grounds the AI service with the facts and the matching live events", async () => {
    const context = await groundingContext({ db: t.db, message: "comedy in London this weekend", facts, now: NOW });
    expect(context).toContain("48 hours");
    expect(context).toContain("£2.30");
    expect(context).toContain(link("laughRiot", "Laugh Riot Live"));
    expect(context).not.toContain("Old Comedy Night");
    expect(context).not.toContain("Manchester Giggles");
  });
});

describe("POST /api/functions/chat-completion (spec §7)", () => {
  let ipCounter = 0;
  const post = (body: unknown, ip = `192.0.2.${++ipCounter}`) =>
    t.app.inject({ method: "POST", url: "/api/functions/chat-completion", headers: { "x-forwarded-for": ip }, payload: body as object });

  it("answers from the live catalogue: upcoming events appear, past ones do not", async () => {
    await createEvent(t.db, { userId: organiserId, title: "Far Future Funnies", category: "comedy", location: "Leicester Square, London", dateTime: FUTURE });
    const response = await post({ message: "  comedy in London  " });
    expect(response.statusCode, response.body).toBe(200);
    const { reply } = response.json<ChatCompletionResult>();
    expect(reply).toContain("Far Future Funnies");
    expect(reply).toContain("Laugh Riot Live");
    expect(reply).not.toContain("Old Comedy Night");
    expect(reply).toMatch(/\[Far Future Funnies\]\(\/events\/[0-9a-f-]{36}\)/);
  });

  it("answers an organiser's questions from the help facts, never with events (issue 17)", async () => {
    const checkIn = (await post({ message: "How do I check people in?" })).json<ChatCompletionResult>().reply;
    expect(checkIn).toContain("[Check-In](/check-in)");
    expect(checkIn).toContain("Only the event's creator can scan its tickets");
    expect(checkIn).not.toContain("/events/");
    const paid = (await post({ message: "how do I get paid" })).json<ChatCompletionResult>().reply;
    expect(paid).toContain("paid out within 7 business days after the event");
    expect(paid).not.toContain("/events/");
    const create = (await post({ message: "how do I create an event" })).json<ChatCompletionResult>().reply;
    expect(create).toContain("[Create Event](/create-event)");
    expect(create).not.toContain("/events/");
  });

  it("offers the next matching events when a weekend has none (issue 17)", async () => {
    const { reply } = (await post({ message: "comedy in Penzance this weekend" })).json<ChatCompletionResult>();
    expect(reply).toMatch(/^There are no comedy events in Penzance this weekend \(.+\), nor later in Penzance\. Here are the next comedy events anywhere:\n- \[/);
    expect(reply).toContain("Laugh Riot Live");
  });

  it("answers refund and fee questions", async () => {
    expect((await post({ message: "how do I get a refund" })).json<ChatCompletionResult>().reply).toMatch(/48 hours[\s\S]*5-7 business days/);
    expect((await post({ message: "is there a booking fee?" })).json<ChatCompletionResult>().reply).toContain("£2.30");
  });

  it("refuses a blank, missing or too long message with a 400 naming the field", async () => {
    for (const body of [{ message: "   " }, {}, { message: "x".repeat(2001) }, { message: 42 }]) {
      const response = await post(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<ErrorBody>().error.message).toContain("'message'");
    }
    expect((await post({ message: "   " })).json<ErrorBody>().error.message).toContain("Please enter a message");
  });

  it("limits each address to 30 messages a minute, then 429 with a clear message", async () => {
    const ip = "192.0.2.250";
    for (let i = 0; i < 30; i++) expect((await post({ message: "hi" }, ip)).statusCode).toBe(200);
    const refused = await post({ message: "hi" }, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json<ErrorBody>().error).toMatchObject({ code: "RATE_LIMITED", message: expect.stringMatching(/^Too many requests to the assistant\. Please wait \d+ seconds and try again\.$/) });
    expect((await post({ message: "hi" }, "192.0.2.251")).statusCode).toBe(200);
  });

  it("limits a signed-in user across addresses", async () => {
    const { client } = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    for (let i = 0; i < 30; i++) expect((await client.request("POST", "/api/functions/chat-completion", { message: "thanks" }, { "x-forwarded-for": `198.51.100.${i}` })).statusCode).toBe(200);
    const refused = await client.request("POST", "/api/functions/chat-completion", { message: "thanks" }, { "x-forwarded-for": "198.51.100.200" });
    expect(refused.statusCode).toBe(429);
  });
});

describe("voice without an AI service (decisions D19)", () => {
  it("GET /api/assistant says voice uses the browser", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/assistant" });
    expect(response.json<AssistantCapabilities>()).toEqual({ aiService: false, voice: "browser" });
  });

  it("speech-to-text and text-to-speech answer 501 saying the browser's speech is used instead", async () => {
    const webm = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(64)]).toString("base64");
    for (const [url, payload] of [
      ["/api/functions/speech-to-text", { audio: webm }],
      ["/api/functions/text-to-speech", { text: "Hello", voice: "alloy" }],
    ] as const) {
      const response = await t.app.inject({ method: "POST", url, headers: { "x-forwarded-for": "192.0.2.90" }, payload });
      expect(response.statusCode, url).toBe(501);
      expect(response.json<ErrorBody>().error).toEqual({
        code: "AI_UNAVAILABLE",
        message: "No speech service is configured on this site: the assistant uses your browser's own speech recognition and speech synthesis instead.",
      });
    }
  });

  it("still refuses bad input first", async () => {
    const response = await t.app.inject({ method: "POST", url: "/api/functions/text-to-speech", headers: { "x-forwarded-for": "192.0.2.91" }, payload: { text: " ", voice: "alloy" } });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().error.message).toContain("'text'");
  });
});

