import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startAppProcess, type AppProcess } from "../app-process";
import { createTestDatabase } from "../database";

/**
 * A node told to stop (SIGTERM, as a deployment does) ends even while a client holds a connection open
 * with a request it never finishes sending: closing waits for open connections, so without the drain
 * period in src/server/main.ts it waited for ever, and the platform killed it mid-way after its grace period.
 */
const PLATFORM_GRACE_MS = 30_000;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let app: AppProcess | undefined;
const dataDir = mkdtempSync(join(tmpdir(), "eventora-shutdown-"));

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await app?.kill();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

it("stops on SIGTERM within a platform's grace period while a client holds a half-sent request, exiting 0", async () => {
  app = await startAppProcess({ NODE_ENV: "test", DATABASE_URL: database.url, DATA_DIR: dataDir, SEED_DEMO_DATA: "never" });
  const socket = connect(app.port, "127.0.0.1");
  socket.on("error", () => {});
  await new Promise((resolve) => socket.once("connect", resolve));
  // The request line and one header, never the blank line that ends the headers.
  socket.write("GET /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\n");
  const closed = new Promise((resolve) => socket.once("close", resolve));

  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise((resolve) => (timer = setTimeout(resolve, PLATFORM_GRACE_MS, "still running")));
  expect(await Promise.race([app.stop().then(() => "stopped"), deadline])).toBe("stopped");
  clearTimeout(timer);
  expect(app.child.exitCode).toBe(0);
  await closed;
}, 60_000);
