import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import { resolve } from "node:path";

export type DemoRole = "admin" | "organiser" | "attendee";
export type DemoPasswords = Record<DemoRole, string>;

/** The demo accounts' passwords printed in the README: for a demo only this machine can reach. */
export const PUBLISHED_DEMO_PASSWORDS: DemoPasswords = {
  admin: "demo-admin-2026",
  organiser: "demo-organiser-2026",
  attendee: "demo-attendee-2026",
};

/** Where a data folder keeps the passwords made for it (one per line: `role password`). */
export const DEMO_PASSWORDS_FILE = "demo-passwords";

/** HOST names only this machine can connect to: localhost, 127.0.0.0/8 and ::1. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.trim().toLowerCase().replace(/^\[(.*)\]$/, "$1");
  if (bare === "localhost" || bare.endsWith(".localhost")) return true;
  if (isIP(bare) === 4) return bare.startsWith("127.");
  return bare === "::1" || bare.startsWith("::ffff:127.");
}

function readPasswords(file: string): DemoPasswords | null {
  const entries = new Map(
    readFileSync(file, "utf8")
      .split("\n")
      .map((line) => line.trim().split(/\s+/))
      .filter((parts) => parts.length === 2) as [string, string][],
  );
  const passwords = { admin: entries.get("admin"), organiser: entries.get("organiser"), attendee: entries.get("attendee") };
  return passwords.admin && passwords.organiser && passwords.attendee ? (passwords as DemoPasswords) : null;
}

const newPassword = (role: DemoRole) => `${role}-${randomBytes(12).toString("base64url")}`;

/**
 * The passwords a demo's accounts use (issue 33). Listening beyond loopback (HOST=0.0.0.0 for phone
 * check-in), the published ones would let anyone on the network in as the admin: such a demo makes
 * random ones once for its data folder and keeps them there, and keeps using them afterwards even on
 * loopback (its accounts were moved to them). A demo that has only ever listened on loopback keeps the
 * published ones.
 */
export function demoPasswordsFor({ dataDir, host }: { dataDir: string; host: string }): { passwords: DemoPasswords; published: boolean; file: string } {
  const file = resolve(dataDir, DEMO_PASSWORDS_FILE);
  const kept = existsSync(file) ? readPasswords(file) : null;
  if (kept) return { passwords: kept, published: false, file };
  if (isLoopbackHost(host)) return { passwords: PUBLISHED_DEMO_PASSWORDS, published: true, file };
  const passwords: DemoPasswords = { admin: newPassword("admin"), organiser: newPassword("organiser"), attendee: newPassword("attendee") };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${Object.entries(passwords).map(([role, password]) => `${role} ${password}`).join("\n")}\n`, { mode: 0o600 });
  return { passwords, published: false, file };
}
