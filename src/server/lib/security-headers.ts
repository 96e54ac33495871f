import { randomFillSync } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet from "helmet";

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

/** Where the response's nonce goes in the policy helmet writes once (a marker no directive can contain). */
const NONCE_MARK = "NONCE-MARK";

/**
 * helmet's headers (decision 010), worked out once: helmet 8 with our policy, run against a response that
 * only records what it is given. @fastify/helmet ran helmet afresh for every request, parsing every CSP
 * directive again (about a tenth of a check-in's work) although only the nonce differs per response. The
 * policy is kept in two halves around the nonce; every other header is a fixed value.
 */
function helmetHeaders({ web, formTargets }: { web: "production" | "development" | "none"; formTargets: string[] }) {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: () => {},
  };
  helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        // Inline scripts run only with this response's nonce; 'wasm-unsafe-eval' lets the scanner compile
        // its self-hosted WebAssembly (it allows no JS eval).
        "script-src": ["'self'", `'nonce-${NONCE_MARK}'`, "'wasm-unsafe-eval'"],
        // Inline styles stay allowed: style attributes (React, Radix) and sonner's injected <style> cannot carry a nonce.
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "blob:", "https:"],
        "frame-src": ["https://www.youtube-nocookie.com", "https://player.vimeo.com"],
        "frame-ancestors": ["'none'"],
        // The browser checks a form post's redirects too: Set up payouts answers with one to Stripe's onboarding.
        "form-action": ["'self'", ...formTargets],
        "media-src": ["'self'", "https:", "blob:"],
        "connect-src": ["'self'", ...(web === "development" ? ["ws:"] : [])],
        "upgrade-insecure-requests": null,
      },
    },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: "deny" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    // Sent below, and only over HTTPS: on plain HTTP (localhost) it would pin the browser to https.
    strictTransportSecurity: false,
  })({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  const { "content-security-policy": policy, ...fixed } = headers;
  const [beforeNonce, afterNonce] = policy!.split(NONCE_MARK);
  if (afterNonce === undefined) throw new Error("helmet wrote no script nonce into the Content-Security-Policy");
  return { beforeNonce: beforeNonce!, afterNonce, fixed: { ...fixed, "permissions-policy": PERMISSIONS_POLICY } };
}

/** Content-Security-Policy, framing, referrer, permissions and (over HTTPS only) HSTS on every response. */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  { web, formTargets = [] }: { web: "production" | "development" | "none"; /** Other origins a form of ours may post or redirect to (Stripe's onboarding). */ formTargets?: string[] },
) {
  const { beforeNonce, afterNonce, fixed } = helmetHeaders({ web, formTargets });
  app.addHook("onRequest", (request, reply, done) => {
    reply.headers(fixed);
    reply.header("content-security-policy", beforeNonce + cspNonce(reply.raw) + afterNonce);
    // request.protocol honours X-Forwarded-Proto only from a proxy TRUST_PROXY believes.
    if (request.protocol === "https") reply.header("strict-transport-security", HSTS_HEADER);
    done();
  });
}
