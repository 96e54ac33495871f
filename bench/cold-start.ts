/**
 * Cold start to ready: the production server as users run it (`node dist/server-main.js`, the bundle
 * `npm run build` makes, NODE_ENV=production) spawned against an already-migrated PostgreSQL until
 * /readyz answers 200, beside a bare Node process (plain `node` too) that listens and answers: the floor
 * of Node's own start-up.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { freePort, SERVER_ENTRY } from "../test/app-process";
import { median } from "./stats";

export interface SpawnedApp {
  baseUrl: string;
  readyMs: number;
  /** The app process's id (the scale benchmark samples its memory). */
  pid: number;
  stop(): Promise<void>;
}

async function spawnUntilReady(args: string[], env: Record<string, string>, path: string): Promise<SpawnedApp> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, args, {
    env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", LOG_LEVEL: "warn", PUBLIC_URL: baseUrl, ...env, PORT: String(port) },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(" ")} exited with code ${child.exitCode} before it was ready`);
    try {
      if ((await fetch(`${baseUrl}${path}`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`${args.join(" ")} was not ready within 60 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const readyMs = performance.now() - started;
  return {
    baseUrl,
    readyMs,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** The product server as users run it, timed from spawn to /readyz 200. */
export function spawnApp(env: Record<string, string>): Promise<SpawnedApp> {
  // BENCH_PROFILE_DIR=dir writes a CPU profile of each app process there (open it in Chrome DevTools).
  const profile = process.env.BENCH_PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [];
  return spawnUntilReady([...profile, SERVER_ENTRY], env, "/readyz");
}

/**
 * Starts the app `runs` times (alternating with the bare baseline so both see the same noise); the
 * last app is left running for the other benchmarks.
 */
export async function benchColdStart(env: Record<string, string>, runs = 3) {
  const app: number[] = [];
  const bare: number[] = [];
  let last: SpawnedApp | null = null;
  for (let i = 0; i < runs; i++) {
    if (last) await last.stop();
    const floor = await spawnUntilReady(["bench/bare-server.mjs"], {}, "/");
    bare.push(floor.readyMs);
    await floor.stop();
    last = await spawnApp(env);
    app.push(last.readyMs);
  }
  return { app: last!, productMs: median(app), baselineMs: median(bare), samples: { app, bare } };
}
