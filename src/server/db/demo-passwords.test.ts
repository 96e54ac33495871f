import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { setUpTestApp } from "../../../test/app";
import { newClient } from "../../../test/auth-client";
import { loadConfig } from "../config";
import { startupBanner } from "../startup-banner";
import { DEMO_PASSWORDS_FILE, PUBLISHED_DEMO_PASSWORDS, demoPasswordsFor, isLoopbackHost } from "./demo-passwords";
import { createAccount, createEvent } from "../../../test/fixtures";
import { users } from "./schema";
import { seedDemoData } from "./seed";

/**
 * Issue 33: a demo started with HOST=0.0.0.0 (the README's way to check in from a phone) accepted the
 * admin password printed in the README from any device on the network.
 */
const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "eventora-demo-passwords-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("which passwords a demo uses", () => {
  it("knows the hosts only this machine can reach", () => {
    for (const host of ["localhost", "127.0.0.1", "127.1.2.3", "::1", "[::1]", "LOCALHOST", "app.localhost"]) expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ["0.0.0.0", "::", "192.168.1.20", "10.0.0.5", "eventora.example", "::ffff:192.168.1.2"]) expect(isLoopbackHost(host), host).toBe(false);
  });

  it("keeps the published passwords on loopback, and writes nothing", () => {
    const dir = dataDir();
    expect(demoPasswordsFor({ dataDir: dir, host: "localhost" })).toEqual({ passwords: PUBLISHED_DEMO_PASSWORDS, published: true, file: join(dir, DEMO_PASSWORDS_FILE) });
    expect(() => statSync(join(dir, DEMO_PASSWORDS_FILE))).toThrow();
  });

  it("beyond loopback makes random ones once per data folder, kept there (owner-only), and uses them from then on, on loopback too", () => {
    const dir = dataDir();
    const first = demoPasswordsFor({ dataDir: dir, host: "0.0.0.0" });
    expect(first.published).toBe(false);
    for (const role of ["admin", "organiser", "attendee"] as const) {
      expect(first.passwords[role]).toMatch(new RegExp(`^${role}-[\\w-]{16}$`));
      expect(first.passwords[role]).not.toBe(PUBLISHED_DEMO_PASSWORDS[role]);
    }
    expect(statSync(first.file).mode & 0o777).toBe(0o600);
    expect(readFileSync(first.file, "utf8")).toContain(`admin ${first.passwords.admin}\n`);
    expect(demoPasswordsFor({ dataDir: dir, host: "0.0.0.0" }).passwords).toEqual(first.passwords);
    expect(demoPasswordsFor({ dataDir: dir, host: "localhost" })).toMatchObject({ passwords: first.passwords, published: false });
    expect(demoPasswordsFor({ dataDir: dataDir(), host: "0.0.0.0" }).passwords.admin).not.toBe(first.passwords.admin);
  });
});

describe("the start-up banner", () => {
  const config = loadConfig({ DATA_DIR: "/tmp/eventora-banner", LOG_LEVEL: "silent" });
  const accounts = [{ role: "admin", email: "admin@eventora.test", password: "admin-Xy7" }];

  it("prints the passwords in use, and says where this data folder keeps its own", () => {
    const banner = startupBanner({ config, database: "pglite", accounts, demoPhone: "", passwordsFile: "/tmp/eventora-banner/demo-passwords", hostSet: true });
    expect(banner).toContain("admin      admin@eventora.test  password: admin-Xy7");
    expect(banner).toContain("These passwords were made for this data folder, not the published ones (other devices can connect); kept in /tmp/eventora-banner/demo-passwords.");
    expect(banner).not.toContain(PUBLISHED_DEMO_PASSWORDS.admin);
  });

  it("says nothing of a passwords file for a loopback demo", () => {
    const banner = startupBanner({ config, database: "pglite", accounts: [{ ...accounts[0]!, password: PUBLISHED_DEMO_PASSWORDS.admin }], demoPhone: "", hostSet: false });
    expect(banner).toContain(`password: ${PUBLISHED_DEMO_PASSWORDS.admin}`);
    expect(banner).not.toContain("made for this data folder");
  });
});

describe("signing in to a demo listening beyond loopback", () => {
  const t = setUpTestApp({}, { workers: false });
  const signIn = (email: string, password: string) => newClient(t).post("/api/auth/sign-in/email", { email, password });

  it("a database seeded with the published passwords, then started on 0.0.0.0: they stop working, the printed ones work", async () => {
    // A database seeded earlier (it has events, so nothing is seeded again), its demo accounts on the published passwords.
    const organiser = await createAccount(t.db, { password: "unused-password-1" });
    await createEvent(t.db, { userId: organiser.id });
    const mediaDir = join(dataDir(), "media");
    const named = await seedDemoData({ db: t.db, mediaDir });
    expect(named.seeded).toBe(false);
    const oneOfEach = named.accounts.filter((account, index, all) => all.findIndex((other) => other.role === account.role) === index);
    expect(oneOfEach.map((account) => account.role).sort()).toEqual(["admin", "attendee", "organiser"]);
    // The second demo organiser changed their password since.
    const changed = named.accounts.filter((account) => account.role === "organiser")[1]!;
    for (const account of [...oneOfEach, changed]) {
      const role = account.role as keyof typeof PUBLISHED_DEMO_PASSWORDS;
      const user = await createAccount(t.db, { password: account === changed ? "changed-by-its-owner-9" : PUBLISHED_DEMO_PASSWORDS[role] });
      await t.db.update(users).set({ email: account.email }).where(eq(users.id, user.id));
    }
    expect((await signIn(oneOfEach[0]!.email, PUBLISHED_DEMO_PASSWORDS[oneOfEach[0]!.role as "admin"])).statusCode).toBe(200);

    const demo = demoPasswordsFor({ dataDir: dataDir(), host: "0.0.0.0" });
    const restarted = await seedDemoData({ db: t.db, mediaDir, passwords: demo.passwords });
    expect(restarted.seeded).toBe(false);
    for (const account of oneOfEach) {
      const role = account.role as keyof typeof PUBLISHED_DEMO_PASSWORDS;
      // What the banner prints is what now works, and the published password no longer does.
      expect(restarted.accounts.find((printed) => printed.email === account.email)!.password).toBe(demo.passwords[role]);
      expect((await signIn(account.email, PUBLISHED_DEMO_PASSWORDS[role])).statusCode, account.email).toBe(401);
      expect((await signIn(account.email, demo.passwords[role])).statusCode, account.email).toBe(200);
    }
    // A password its owner changed is theirs, not the demo's: left alone.
    expect((await signIn(changed.email, "changed-by-its-owner-9")).statusCode).toBe(200);
    // A dozen scrypt hashes and checks, on a machine shared with other test files.
  }, 120_000);
});
