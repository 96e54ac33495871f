import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no free port"))));
    });
  });
}

export interface AppProcess {
  baseUrl: string;
  port: number;
  /** The app's process, for tests that kill it as a crash would (`kill()`). */
  child: ChildProcess;
  /** Graceful shutdown (SIGTERM), as a deployment stops a node. */
  stop(): Promise<void>;
  /** SIGKILL: the process dies at once, mid-request, holding whatever it held. */
  kill(): Promise<void>;
  /** What the app wrote to stderr, when started with `captureStderr` (else it goes to the test's stderr). */
  stderr(): string;
}

export interface AppProcessOptions {
  timeoutMs?: number;
  /** A fixed port, so a node restarted after a crash answers at the same address. */
  port?: number;
  /** Keep the app's stderr (the last 200 KB) for the test to show on failure, instead of printing it. */
  captureStderr?: boolean;
}

/** The production server `npm run build` bundles (scripts/build-server.mjs), as `npm start` runs it. */
export const SERVER_ENTRY = "dist/server-main.js";

/**
 * Starts the built app (`node dist/server-main.js`, production mode) as its own process on a free port and
 * waits until /readyz answers. Used by the browser tests, the system tests, the benchmark and the
 * Lighthouse script, so what they measure is the server a user runs.
 */
export async function startAppProcess(env: Record<string, string>, { timeoutMs = 90_000, port: fixedPort, captureStderr = false }: AppProcessOptions = {}): Promise<AppProcess> {
  const port = fixedPort ?? (await freePort());
  if (!existsSync(SERVER_ENTRY)) throw new Error(`No ${SERVER_ENTRY}: run \`npm run build\` first.`);
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      // The tests stand in for a load balancer on this machine: each client's X-Forwarded-For is its address.
      TRUST_PROXY: "loopback",
      LOG_LEVEL: "warn",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...env,
      PORT: String(port),
    },
    stdio: ["ignore", "ignore", captureStderr ? "pipe" : "inherit"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-200_000);
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`App exited with code ${child.exitCode} before it was ready${stderr ? `:\n${stderr}` : ""}`);
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`App did not become ready within ${timeoutMs / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill(signal);
    await exited;
  };
  return { baseUrl, port, child, stop: () => end("SIGTERM"), kill: () => end("SIGKILL"), stderr: () => stderr };
}
