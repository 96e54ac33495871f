import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { GENERATED_CODE_ALPHABET, type CodeSummary, type EditableEvent } from "../../../domain";
import { setUpTestApp } from "../../../../test/app";
import { codeEventChoices } from "./codes.service";
import { eventInput, signInAs } from "../../../../test/organiser";

/** The organiser's codes API (issue 37, D25): ownership, validation naming the field, uniqueness whatever the case, bulk generation. */
const t = setUpTestApp();

async function organiserWithEvent() {
  const organiser = await signInAs(t.app, t.db, t.config.publicUrl, "user");
  const created = await organiser.client.post("/api/events", {
    ...eventInput({ maxAttendees: 100 }),
    title: `Codes Night ${randomUUID().slice(0, 8)}`,
    ticketTypes: [
      { name: "Standard", pricePence: 2000 },
      { name: "Crew", pricePence: 0, hidden: true },
    ],
  });
  expect(created.statusCode, created.body).toBe(201);
  const event = created.json() as EditableEvent;
  const edit = (await organiser.client.get(`/api/events/${event.id}/edit`)).json() as EditableEvent & { ticketTypes: { id: string; name: string }[] };
  const typeId = (name: string) => edit.ticketTypes.find((type) => type.name === name)!.id;
  return { ...organiser, event, typeId };
}

describe("organisers' codes (issue 37)", () => {
  it("creates, lists with uses, edits and deletes a code of the organiser's event", async () => {
    const { client, event, typeId } = await organiserWithEvent();
    const created = await client.post("/api/codes", { code: " summer-25 ", eventId: event.id, effect: "percent", value: 25, ticketTypeIds: [typeId("Standard")], maxUses: 10 });
    expect(created.statusCode, created.body).toBe(201);
    const code = created.json() as CodeSummary;
    expect(code).toMatchObject({ code: "SUMMER-25", eventId: event.id, effect: "percent", value: 25, effectText: "25% off", maxUses: 10, usesHeld: 0, usesConfirmed: 0, state: "ok", active: true });

    const wide = await client.post("/api/codes", { code: "everything", effect: "amount", value: 500 });
    expect(wide.statusCode, wide.body).toBe(201);
    const listed = (await client.get(`/api/codes?eventId=${event.id}`)).json() as { codes: CodeSummary[] };
    expect(listed.codes.map((c) => c.code).sort()).toEqual(["EVERYTHING", "SUMMER-25"]);

    const edited = await client.request("PATCH", `/api/codes/${code.id}`, { value: 30, active: false });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ code: "SUMMER-25", value: 30, effectText: "30% off", active: false, state: "inactive", maxUses: 10 });

    const deleted = await client.request("DELETE", `/api/codes/${code.id}`);
    expect(deleted.statusCode).toBe(204);
    expect(((await client.get(`/api/codes?eventId=${event.id}`)).json() as { codes: CodeSummary[] }).codes.map((c) => c.code)).toEqual(["EVERYTHING"]);
  });

  it("keeps codes unique per organiser whatever their case, but two organisers may each have one", async () => {
    const first = await organiserWithEvent();
    expect((await first.client.post("/api/codes", { code: "VIP", effect: "none" })).statusCode).toBe(201);
    const again = await first.client.post("/api/codes", { code: "vip", eventId: first.event.id, effect: "percent", value: 10 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: "CONFLICT", message: "Invalid field 'code': you already have a code VIP (codes are the same whatever their case)", details: { reason: "CODE_TAKEN", field: "code" } });
    const other = await organiserWithEvent();
    expect((await other.client.post("/api/codes", { code: "Vip", effect: "none" })).statusCode).toBe(201);
    // An edit onto a taken text is refused too.
    const second = (await first.client.post("/api/codes", { code: "VIP2", effect: "none" })).json() as CodeSummary;
    expect((await first.client.request("PATCH", `/api/codes/${second.id}`, { code: "vIP" })).statusCode).toBe(409);
  });

  it("refuses bad input naming the field", async () => {
    const { client, event } = await organiserWithEvent();
    const refused = async (body: unknown) => {
      const response = await client.post("/api/codes", body);
      expect(response.statusCode, response.body).toBe(400);
      return (response.json() as { error: { message: string } }).error.message;
    };
    expect(await refused({ code: "SUMMER", eventId: event.id, effect: "percent", value: 0 })).toBe("Invalid field 'value': A percentage off must be from 1 to 100");
    expect(await refused({ code: "S", effect: "none" })).toBe("Invalid field 'code': A code must be at least 3 characters");
    expect(await refused({ code: "SUMMER", effect: "half" })).toMatch(/^Invalid field 'effect': /);
    expect(await refused({ code: "SUMMER", effect: "none", maxUses: -1 })).toBe("Invalid field 'maxUses': maxUses must be at least 1");
    expect(await refused({ code: "SUMMER", eventId: event.id, effect: "none", validFrom: "2030-01-02T00:00:00Z", validUntil: "2030-01-01T00:00:00Z" })).toBe("Invalid field 'validUntil': validUntil must be after validFrom");
    expect(await refused({ code: "SUMMER", eventId: event.id, effect: "none", ticketTypeIds: [randomUUID()] })).toMatch(/^Invalid field 'ticketTypeIds': .* is not one of the event's ticket types$/);
  });

  it("lets nobody else see, make, change or delete an organiser's codes; an admin acts for them", async () => {
    const owner = await organiserWithEvent();
    const code = (await owner.client.post("/api/codes", { code: "OWNED", eventId: owner.event.id, effect: "percent", value: 10 })).json() as CodeSummary;
    const stranger = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    expect((await stranger.client.post("/api/codes", { code: "STOLEN", eventId: owner.event.id, effect: "percent", value: 50 })).statusCode).toBe(404);
    expect((await stranger.client.get(`/api/codes?eventId=${owner.event.id}`)).statusCode).toBe(404);
    expect(((await stranger.client.get("/api/codes")).json() as { codes: CodeSummary[] }).codes).toEqual([]);
    const changed = await stranger.client.request("PATCH", `/api/codes/${code.id}`, { value: 100 });
    expect(changed.statusCode).toBe(404);
    expect(changed.json().error.message).toBe("Code not found");
    expect((await stranger.client.request("DELETE", `/api/codes/${code.id}`)).statusCode).toBe(404);
    expect((await stranger.client.post("/api/codes/generate", { count: 5, eventId: owner.event.id, effect: "none" })).statusCode).toBe(404);
    expect((await stranger.client.post("/api/codes", { code: "THEIRS", effect: "none", organiserId: owner.account.id })).statusCode).toBe(403);
    const signedOut = await t.app.inject({ method: "GET", url: "/api/codes" });
    expect(signedOut.statusCode).toBe(401);

    const admin = await signInAs(t.app, t.db, t.config.publicUrl, "admin");
    const byAdmin = await admin.client.request("PATCH", `/api/codes/${code.id}`, { value: 15 });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    const forOwner = await admin.client.post("/api/codes", { code: "ADMIN-MADE", effect: "none", organiserId: owner.account.id });
    expect(forOwner.statusCode, forOwner.body).toBe(201);
    expect(((await owner.client.get("/api/codes")).json() as { codes: CodeSummary[] }).codes.map((c) => c.code).sort()).toEqual(["ADMIN-MADE", "OWNED"]);
  });

  it("generates up to 500 single-use codes at once, as JSON or a CSV download", async () => {
    const { client, event } = await organiserWithEvent();
    const made = await client.post("/api/codes/generate", { count: 200, prefix: "gig-", eventId: event.id, effect: "set_price", value: 0 });
    expect(made.statusCode, made.body).toBe(201);
    const codes = (made.json() as { codes: CodeSummary[] }).codes;
    expect(codes).toHaveLength(200);
    expect(new Set(codes.map((c) => c.code)).size).toBe(200);
    for (const c of codes) expect(c).toMatchObject({ code: expect.stringMatching(new RegExp(`^GIG-[${GENERATED_CODE_ALPHABET}]{10}$`)), maxUses: 1, effectText: "Free", eventId: event.id });

    const csv = await client.post("/api/codes/generate?format=csv", { count: 3, effect: "percent", value: 10, maxUses: 2 });
    expect(csv.statusCode, csv.body).toBe(201);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["content-disposition"]).toBe('attachment; filename="codes.csv"');
    const rows = csv.body.replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(rows[0]).toBe("Code,Effect,Event,Valid from,Valid until,Max uses,Max per buyer,Reserved places");
    expect(rows).toHaveLength(4);
    expect(rows[1]).toMatch(new RegExp(`^[${GENERATED_CODE_ALPHABET}]{10},10% off,All events,,,2,,$`));

    expect((await client.post("/api/codes/generate", { count: 501, effect: "none" })).json().error.message).toBe("Invalid field 'count': count must be at most 500");
  });

  it("offers the codes screen the user's own events with every type, hidden ones too, and another's event only when a listed code names it", async () => {
    const mine = await organiserWithEvent();
    const theirs = await organiserWithEvent();
    const own = await codeEventChoices({ db: t.db, userId: mine.account.id });
    expect(own.map((event) => event.id)).toEqual([mine.event.id]);
    expect(own[0]!.ticketTypes.map(({ name, hidden }) => [name, hidden])).toEqual([
      ["Standard", false],
      ["Crew", true],
    ]);
    const withTheirs = await codeEventChoices({ db: t.db, userId: mine.account.id, alsoEventIds: [theirs.event.id, "not-an-id"] });
    expect(withTheirs.map((event) => event.id).sort()).toEqual([mine.event.id, theirs.event.id].sort());
  });
});
