import { beforeEach, describe, expect, it } from "vitest";
import type { PublicProfile } from "../../../domain";
import { setUpTestApp } from "../../../../test/app";
import { PAST, createEvent, createUser, futureDay, resetCatalogue } from "../../../../test/fixtures";

const ctx = setUpTestApp();

beforeEach(async () => {
  await resetCatalogue(ctx.db);
});

async function getProfile(username: string) {
  return ctx.app.inject({ method: "GET", url: `/api/profiles/${username}` });
}

describe("GET /api/profiles/:username (spec §2 Profiles)", () => {
  it("shows the public profile fields", async () => {
    const ada = {
      username: "Ada_Lovelace",
      displayName: "Ada Lovelace",
      bio: "Analytical engines and poetry nights",
      avatarUrl: "/media/ada.webp",
      location: "London",
      website: "https://ada.example",
    };
    await createUser(ctx.db, ada);

    const response = await getProfile("Ada_Lovelace");
    expect(response.statusCode).toBe(200);
    const profile = response.json<PublicProfile>();
    expect(profile).toMatchObject({ ...ada, events: [], activeEventCount: 0 });
    expect(new Date(profile.createdAt).toISOString()).toBe(profile.createdAt);
  });

  it("finds the profile whatever the case of the username in the URL", async () => {
    await createUser(ctx.db, { username: "Ada_Lovelace" });

    for (const typed of ["ada_lovelace", "ADA_LOVELACE", "aDa_LoVeLaCe"]) {
      const response = await getProfile(typed);
      expect(response.statusCode).toBe(200);
      expect(response.json<PublicProfile>().username).toBe("Ada_Lovelace");
    }
  });

  it("shows at most 6 of the organiser's listed events, soonest first, and counts them all", async () => {
    const ada = await createUser(ctx.db, { username: "ada" });
    for (let i = 8; i >= 1; i--) await createEvent(ctx.db, { userId: ada.id, title: `Ada ${i}`, dateTime: futureDay(i) });

    const profile = (await getProfile("ada")).json<PublicProfile>();
    expect(profile.events.map((e) => e.title)).toEqual(["Ada 1", "Ada 2", "Ada 3", "Ada 4", "Ada 5", "Ada 6"]);
    expect(profile.activeEventCount).toBe(8);
  });

  it("leaves out events that are not active and events of other organisers", async () => {
    const ada = await createUser(ctx.db, { username: "ada" });
    const grace = await createUser(ctx.db, { username: "grace" });
    await createEvent(ctx.db, { userId: ada.id, title: "Ada live", dateTime: futureDay(1) });
    await createEvent(ctx.db, { userId: ada.id, title: "Ada draft", status: "draft" });
    await createEvent(ctx.db, { userId: ada.id, title: "Ada cancelled", status: "cancelled" });
    await createEvent(ctx.db, { userId: grace.id, title: "Grace live" });

    const profile = (await getProfile("ada")).json<PublicProfile>();
    expect(profile.events.map((e) => e.title)).toEqual(["Ada live"]);
    expect(profile.activeEventCount).toBe(1);
  });

  it("shows the organiser's restaurant listing whatever its date", async () => {
    const ada = await createUser(ctx.db, { username: "ada" });
    await createEvent(ctx.db, { userId: ada.id, title: "Ada's Bistro", category: "food", businessType: "restaurant", dateTime: PAST });

    const profile = (await getProfile("ada")).json<PublicProfile>();
    expect(profile.events.map((e) => e.title)).toEqual(["Ada's Bistro"]);
  });

  it("answers 404 PROFILE_NOT_FOUND for an unknown username", async () => {
    await createUser(ctx.db, { username: "ada" });

    const response = await getProfile("nobody_here");
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: "PROFILE_NOT_FOUND", message: "Profile not found" } });
  });

  it.each(["ada-lovelace", "ada%20lovelace", "%27%20or%201%3D1--", "ada%25", "a.b"])(
    "answers 404 PROFILE_NOT_FOUND for the malformed username %s",
    async (username) => {
      await createUser(ctx.db, { username: "ada" });

      const response = await getProfile(username);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: "PROFILE_NOT_FOUND" } });
    },
  );

  it("answers 400 naming the field for a username with a NUL character (%00), which no API input may hold", async () => {
    const response = await getProfile("ada%00");
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: "VALIDATION_FAILED", message: expect.stringContaining("'username'") });
  });

  it("does not treat _ in the URL as a wildcard", async () => {
    await createUser(ctx.db, { username: "adaXlovelace" });

    expect((await getProfile("ada_lovelace")).statusCode).toBe(404);
  });
});
