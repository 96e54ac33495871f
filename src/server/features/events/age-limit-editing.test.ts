import { describe, expect, it } from "vitest";
import { buyerFeePerTicket } from "../../../domain";
import { setUpTestApp } from "../../../../test/app";
import { createBooking } from "../../../../test/fixtures";
import { eventInput, sendEventForm, signInAs } from "../../../../test/organiser";

/** Issue 34: an event's minimum age, set and changed on the create/edit form, answered by the event APIs. */
const t = setUpTestApp();

const as = () => signInAs(t.app, t.db, t.config.publicUrl, "user");

describe("an event's minimum age (issue 34)", () => {
  it("is saved from the form, answered by the event, the listing and the editor, and can be removed", async () => {
    const { client } = await as();
    const created = await sendEventForm(client, "POST", "/api/events", eventInput({ title: "Cellar Techno All-Nighter", minAge: 18 }));
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    expect(created.json().minAge).toBe(18);
    expect((await t.app.inject({ method: "GET", url: `/api/events/${id}` })).json().minAge).toBe(18);
    const listed = (await t.app.inject({ method: "GET", url: "/api/events?pageSize=50&q=Cellar%20Techno" })).json().events.find((event: { id: string }) => event.id === id);
    expect(listed.minAge).toBe(18);
    expect((await client.get(`/api/events/${id}/edit`)).json().minAge).toBe(18);

    const none = await client.request("PATCH", `/api/events/${id}`, eventInput({ title: "Cellar Techno All-Nighter", minAge: null }));
    expect(none.statusCode).toBe(200);
    expect(none.json().minAge).toBeNull();
    expect((await client.post("/api/events", eventInput())).json().minAge).toBeNull();
  });

  it("refuses a minimum age that is not one of 14, 16, 18 or 21, naming the field", async () => {
    const { client } = await as();
    for (const minAge of [17, 0, "18", 18.5]) {
      const response = await client.post("/api/events", eventInput({ minAge: minAge as never }));
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toMatch(/minAge/);
      expect(response.json().error.message).toMatch(/Minimum age must be none or one of 14, 16, 18, 21/);
    }
  });

  it("once tickets are sold, lowers or removes a limit but refuses to raise it (409)", async () => {
    const { client } = await as();
    const id = (await client.post("/api/events", eventInput({ minAge: 16 }))).json().id as string;
    // Before any sale the organiser may still raise it.
    expect((await client.request("PATCH", `/api/events/${id}`, eventInput({ minAge: 18 }))).json().minAge).toBe(18);
    expect((await client.request("PATCH", `/api/events/${id}`, eventInput({ minAge: 16 }))).statusCode).toBe(200);
    await createBooking(t.db, { eventId: id, quantity: 1, totalAmountPence: 1250 + buyerFeePerTicket(1250, false) });

    const raised = await client.request("PATCH", `/api/events/${id}`, eventInput({ minAge: 18 }));
    expect(raised.statusCode).toBe(409);
    expect(raised.json().error.message).toMatch(/minimum age cannot be raised/);
    expect((await client.get(`/api/events/${id}/edit`)).json().minAge).toBe(16);

    const lowered = await client.request("PATCH", `/api/events/${id}`, eventInput({ minAge: 14 }));
    expect(lowered.statusCode).toBe(200);
    expect(lowered.json().minAge).toBe(14);
    expect((await client.request("PATCH", `/api/events/${id}`, eventInput({ minAge: null }))).json().minAge).toBeNull();
    // From none, any limit is a raise.
    expect((await client.request("PATCH", `/api/events/${id}`, eventInput({ minAge: 14 }))).statusCode).toBe(409);
  });
});
