// `npm start`: serve the app, building it first when a build is missing or older than the sources.
// The server bundle (dist/, seconds to make) is built first, as the server runs from it; the web build
// then runs while the server opens its database (on a fresh clone: creating it, migrating, seeding the
// demo data); the server waits for the web build only before it loads the pages, so a first start takes
// the longer of the two rather than their sum.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { reactRouterCli } from "./react-router-cli.mjs";

const webBuildStamp = "build/server/index.js";
const serverBundle = "dist/server-main.js";

function newestSource(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestSource(join(path, entry)));
  return newest;
}

const olderThan = (stamp, sources) => !existsSync(stamp) || Math.max(...sources.map(newestSource)) > statSync(stamp).mtimeMs;
// The pages' server code calls the server's services (src/web/lib/services.server.ts), so both builds
// follow src/server; both bundle packages, so both follow the installed versions (package-lock.json).
const webChanged = olderThan(webBuildStamp, ["src/web", "src/domain", "src/server", "public", "package-lock.json"]);
const serverChanged = olderThan(serverBundle, ["src/server", "src/domain", "package-lock.json"]);

if (serverChanged) {
  console.log("Building the server (once: later starts reuse the build until the sources change)…");
  const { status, signal } = spawnSync(process.execPath, ["scripts/build-server.mjs"], { stdio: "inherit" });
  if (status !== 0) {
    console.error(`Building the server failed (${signal ?? `exit code ${status}`}).`);
    process.exit(status || 1);
  }
}

let build;
if (webChanged) {
  console.log("Building the web app (once: later starts reuse the build until the sources change)…");
  const cli = reactRouterCli();
  // Warnings only: the list of every file built would scroll the start-up message away.
  build = spawn(process.execPath, [cli, "build", "--logLevel", "warn"], { stdio: "inherit" });
}

const server = spawn(process.execPath, [serverBundle, ...(build ? ["--after-web-build"] : [])], {
  stdio: build ? ["inherit", "inherit", "inherit", "ipc"] : "inherit",
  env: { NODE_ENV: "production", ...process.env },
});

// A signal sent to this process alone (a process manager's SIGTERM, `kill`) is passed on, so the server
// never outlives `npm start`; the children take a repeated signal (a terminal's Ctrl-C reaches all three) once.
// This process then waits to pass on the server's exit code.
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    server.kill(signal);
    if (build && build.exitCode === null) build.kill(signal);
  });
}

// The server asks once its database is ready; it hears back when the build is done.
let built = false;
let serverWaiting = false;
const buildDone = () => server.connected && server.send("web build done");
server.on("message", (message) => {
  if (message !== "waiting for the web build") return;
  serverWaiting = true;
  if (built) buildDone();
});
build?.once("exit", (code, signal) => {
  if (code === 0) {
    built = true;
    if (serverWaiting) buildDone();
    return;
  }
  console.error(`Building the web app failed (${signal ?? `exit code ${code}`}).`);
  server.kill("SIGTERM");
  process.exitCode = code || 1;
});

server.once("exit", (code, signal) => {
  if (build && build.exitCode === null) build.kill("SIGTERM");
  process.exit(process.exitCode || (code ?? (signal ? 1 : 0)));
});
