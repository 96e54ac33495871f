import { randomFillSync } from "node:crypto";
import type { ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";

/** One year, the minimum the HSTS preload list accepts. */
export const HSTS_HEADER = "max-age=31536000; includeSubDomains";

/** The camera for the /check-in scanner and the microphone for the assistant, from our own pages only. */
export const PERMISSIONS_POLICY = "camera=(self), microphone=(self), geolocation=(), payment=(), usb=()";

const nonces = new WeakMap<ServerResponse, string>();

// Nonces are cut from a buffer of random bytes refilled 4 kB at a time (as Node batches randomUUID): each
// nonce is still 16 bytes of the CSPRNG that no other response gets, without a call into it per response.
const noncePool = Buffer.alloc(4096);
let nonceOffset = noncePool.length;

function freshNonce(): string {
  if (nonceOffset === noncePool.length) {
    randomFillSync(noncePool);
    nonceOffset = 0;
  }
  nonceOffset += 16;
  return noncePool.toString("base64", nonceOffset - 16, nonceOffset);
}

/**
 * The script nonce of one response (decision 010): 128 random bits, made when the CSP header is
 * written and read again by the web handler so React Router stamps the same value on its inline scripts.
 */
export function cspNonce(response: ServerResponse): string {
  let nonce = nonces.get(response);
  if (!nonce) nonces.set(response, (nonce = freshNonce()));
  return nonce;
}

/**
 * The Content-Security-Policy around its one per-response part, the script nonce (decision 010): helmet's
 * defaults (`default-src 'self'`, `object-src 'none'`, `script-src-attr 'none'`, …) with ours in their place.
 */
function contentSecurityPolicy({ web, formTargets }: { web: "production" | "development" | "none"; formTargets: string[] }): { beforeNonce: string; afterNonce: string } {
  const directives: [string, string[]][] = [
    ["default-src", ["'self'"]],
    ["base-uri", ["'self'"]],
    ["font-src", ["'self'", "https:", "data:"]],
    // The browser checks a form post's redirects too: Set up payouts answers with one to Stripe's onboarding.
    ["form-action", ["'self'", ...formTargets]],
    ["frame-ancestors", ["'none'"]],
    ["img-src", ["'self'", "data:", "blob:", "https:"]],
    ["object-src", ["'none'"]],
    // Inline scripts run only with this response's nonce; 'wasm-unsafe-eval' lets the scanner compile
    // its self-hosted WebAssembly (it allows no JS eval).
    ["script-src", ["'self'", "{nonce}", "'wasm-unsafe-eval'"]],
    ["script-src-attr", ["'none'"]],
    // Inline styles stay allowed: style attributes (React, Radix) and sonner's injected <style> cannot carry a nonce.
    ["style-src", ["'self'", "'unsafe-inline'"]],
    ["frame-src", ["https://www.youtube-nocookie.com", "https://player.vimeo.com"]],
    ["media-src", ["'self'", "https:", "blob:"]],
    ["connect-src", ["'self'", ...(web === "development" ? ["ws:"] : [])]],
  ];
  const [beforeNonce, afterNonce] = directives.map(([name, sources]) => `${name} ${sources.join(" ")}`).join(";").split("{nonce}");
  return { beforeNonce: `${beforeNonce}'nonce-`, afterNonce: `'${afterNonce}` };
}

/**
 * The headers every response carries besides the policy: helmet 8's set (decision 010) as fixed values,
 * written once here rather than rebuilt by helmet for each request.
 */
const FIXED_HEADERS: Record<string, string> = {
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
  "origin-agent-cluster": "?1",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-content-type-options": "nosniff",
  "x-dns-prefetch-control": "off",
  "x-download-options": "noopen",
  "x-frame-options": "DENY",
  "x-permitted-cross-domain-policies": "none",
  "x-xss-protection": "0",
  "permissions-policy": PERMISSIONS_POLICY,
};

/** Content-Security-Policy, framing, referrer, permissions and (over HTTPS only) HSTS on every response. */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  { web, formTargets = [] }: { web: "production" | "development" | "none"; /** Other origins a form of ours may post or redirect to (Stripe's onboarding). */ formTargets?: string[] },
) {
  const { beforeNonce, afterNonce } = contentSecurityPolicy({ web, formTargets });
  app.addHook("onRequest", (request, reply, done) => {
    reply.headers(FIXED_HEADERS);
    reply.header("content-security-policy", beforeNonce + cspNonce(reply.raw) + afterNonce);
    // request.protocol honours X-Forwarded-Proto only from a proxy TRUST_PROXY believes.
    if (request.protocol === "https") reply.header("strict-transport-security", HSTS_HEADER);
    done();
  });
}
