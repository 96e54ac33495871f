import { lookup } from "node:dns/promises";
import { mkdtempSync, rmSync } from "node:fs";
import { networkInterfaces, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppProcess, type AppProcess } from "../app-process";
import { createTestDatabase } from "../database";
import { REQUEST_TIMEOUT_MS } from "./http";

/**
 * Issue 16: in demo mode the dev mailbox shows every sign-in code, the seeded admin's included. The
 * built app in demo mode (a test database, the dev outbox) over real sockets: without HOST it listens
 * on loopback only; with HOST=0.0.0.0 it answers the network, but the mailbox (API and page) stays a
 * 404 to any socket that is not this machine's loopback.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const dataDirs: string[] = [];
const apps: AppProcess[] = [];

/** This machine's own address on its network: connecting to it from here comes from it, not from loopback. */
function networkAddress(): string {
  for (const addresses of Object.values(networkInterfaces())) {
    const found = addresses?.find((address) => address.family === "IPv4" && !address.internal);
    if (found) return found.address;
  }
  throw new Error("This test needs a network interface besides loopback (see `hostname -I`).");
}

async function startDemo(env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), "eventora-demo-net-"));
  dataDirs.push(dataDir);
  // NODE_ENV=test with a database server is demo mode (the dev outbox and mailbox), without the embedded database's start-up time.
  const app = await startAppProcess({ NODE_ENV: "test", DATABASE_URL: database.url, DATA_DIR: dataDir, SEED_DEMO_DATA: "never", ...env });
  apps.push(app);
  return app;
}

const get = (url: string, headers: Record<string, string> = {}) => fetch(url, { headers, redirect: "manual", signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });

/** The error code of a connection that fails (ECONNREFUSED when nothing listens on that address). */
async function connectionError(url: string): Promise<string> {
  try {
    await get(url);
  } catch (error) {
    return String((error as { cause?: { code?: string } }).cause?.code);
  }
  return "answered";
}

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await Promise.all(apps.map((app) => app.stop()));
  await database?.close();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

describe("demo mode on a network (issue 16)", () => {
  it("listens on localhost (each address it resolves to here: 127.0.0.1, and ::1 where hosts says so) only when HOST is not set", async () => {
    const lan = networkAddress();
    // A blank HOST is unset (startAppProcess would otherwise pass 127.0.0.1).
    const app = await startDemo({ HOST: "" });
    expect((await get(`http://127.0.0.1:${app.port}/healthz`)).status).toBe(200);
    for (const { address, family } of await lookup("localhost", { all: true })) {
      expect((await get(`http://${family === 6 ? `[${address}]` : address}:${app.port}/healthz`)).status, address).toBe(200);
    }
    expect(await connectionError(`http://${lan}:${app.port}/healthz`)).toBe("ECONNREFUSED");
  });

  it("with HOST=0.0.0.0 answers the network, but serves the dev mailbox only to this machine's loopback", async () => {
    const lan = networkAddress();
    const app = await startDemo({ HOST: "0.0.0.0" });
    const local = `http://127.0.0.1:${app.port}`;
    const remote = `http://${lan}:${app.port}`;
    expect((await get(`${remote}/api/events`)).status).toBe(200);

    expect((await get(`${local}/api/dev/mailbox`)).status).toBe(200);
    const page = await get(`${local}/dev/mailbox`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Dev mailbox");

    const api = await get(`${remote}/api/dev/mailbox`);
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ error: { code: "NOT_FOUND", message: "No API route GET /api/dev/mailbox" } });
    const remotePage = await get(`${remote}/dev/mailbox`);
    expect(remotePage.status).toBe(404);
    expect(await remotePage.text()).not.toContain("Sign-up confirmations, sign-in codes");
    // A forwarded header claiming loopback changes nothing: the socket decides.
    expect((await get(`${remote}/api/dev/mailbox`, { "x-forwarded-for": "127.0.0.1" })).status).toBe(404);
    expect((await get(`${remote}/dev/mailbox`, { "x-forwarded-for": "127.0.0.1" })).status).toBe(404);
  });
});
