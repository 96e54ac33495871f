import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRICE_BANDS, eventKind, isListed, priceBandOf } from "../../domain";
import { createTestDatabase } from "../../../test/database";
import { bookings, events, profiles, users } from "./schema";
import { seedDemoData } from "./seed";

describe("demo seed", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const mediaDir = mkdtempSync(join(tmpdir(), "eventora-seed-"));
  let first: Awaited<ReturnType<typeof seedDemoData>>;

  beforeAll(async () => {
    database = await createTestDatabase();
    first = await seedDemoData({ db: database.db, mediaDir });
  }, 120_000);
  afterAll(async () => {
    await database.close();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  it("fills an empty database with a catalogue of every kind, category and price band", async () => {
    expect(first.seeded).toBe(true);
    const rows = await database.db.select().from(events);
    expect(rows.length).toBeGreaterThanOrEqual(40);
    const listed = rows.filter((row) => isListed(row));
    const kinds = new Set(listed.map((row) => eventKind(row)));
    expect([...kinds].sort()).toEqual(["food", "free", "ongoing-business", "paid"]);
    const bands = new Set(listed.filter((row) => eventKind(row) === "paid" || eventKind(row) === "free").map((row) => priceBandOf(row.pricePence)));
    expect([...bands].sort()).toEqual(PRICE_BANDS.map((band) => band.value).sort());
    for (const category of ["music", "food", "health", "entertainment", "sports", "comedy"]) {
      expect(listed.filter((row) => row.category === category).length, category).toBeGreaterThanOrEqual(3);
    }
    expect(rows.some((row) => !isListed(row) && row.status === "active")).toBe(true);
    expect(rows.some((row) => row.videoUrl?.includes("youtube") || row.videoUrl?.includes("youtu.be"))).toBe(true);
  });

  it("names every booking's attendee as a person would be named, never an account's handle (issue 17)", async () => {
    const names = (await database.db.select({ name: bookings.attendeeName }).from(bookings)).map((row) => row.name);
    expect(names.length).toBeGreaterThan(0);
    const handles = new Set([
      ...(await database.db.select({ username: profiles.username }).from(profiles)).map((row) => row.username),
      ...(await database.db.select({ email: users.email }).from(users)).map((row) => row.email),
    ]);
    for (const name of names) {
      expect(name).toMatch(/^\p{Lu}[\p{L}'-]+(?: \p{Lu}[\p{L}'-]+)+$/u);
      expect(handles.has(name)).toBe(false);
    }
  });

  it("draws a local poster in every width for every event", async () => {
    const rows = await database.db.select({ imageUrl: events.imageUrl }).from(events);
    const files = new Set(readdirSync(join(mediaDir, "seed")));
    for (const { imageUrl } of rows) {
      expect(imageUrl).toMatch(/^\/media\/seed\/[\w-]+-1200\.webp$/);
      const name = imageUrl!.split("/").pop()!;
      for (const width of [1200, 800, 600]) expect(files.has(name.replace("-1200.webp", `-${width}.webp`))).toBe(true);
    }
  });

  it("leaves a database that already has events alone, still naming the demo accounts", async () => {
    const [before] = await database.db.select({ n: sql<number>`count(*)::int` }).from(events);
    const again = await seedDemoData({ db: database.db, mediaDir });
    const [after] = await database.db.select({ n: sql<number>`count(*)::int` }).from(events);
    expect(again.seeded).toBe(false);
    expect(after!.n).toBe(before!.n);
    expect(again.accounts.map((account) => account.role)).toEqual(first.accounts.map((account) => account.role));
    expect(again.accounts.some((account) => account.role === "admin")).toBe(true);
  });
});
