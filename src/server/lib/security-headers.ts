import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";

/** One year, the minimum the HSTS preload list accepts. */
export const HSTS_HEADER = "max-age=31536000; includeSubDomains";

/** The camera for the /check-in scanner and the microphone for the assistant, from our own pages only. */
export const PERMISSIONS_POLICY = "camera=(self), microphone=(self), geolocation=(), payment=(), usb=()";

const nonces = new WeakMap<ServerResponse, string>();

/**
 * The script nonce of one response (decision 010): 128 random bits, made when the CSP header is
 * written and read again by the web handler so React Router stamps the same value on its inline scripts.
 */
export function cspNonce(response: ServerResponse): string {
  let nonce = nonces.get(response);
  if (!nonce) nonces.set(response, (nonce = randomBytes(16).toString("base64")));
  return nonce;
}

/** Content-Security-Policy, framing, referrer, permissions and (over HTTPS only) HSTS on every response. */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  { web, formTargets = [] }: { web: "production" | "development" | "none"; /** Other origins a form of ours may post or redirect to (Stripe's onboarding). */ formTargets?: string[] },
) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        // Inline scripts run only with this response's nonce; 'wasm-unsafe-eval' lets the scanner compile
        // its self-hosted WebAssembly (it allows no JS eval).
        "script-src": ["'self'", (_request, response) => `'nonce-${cspNonce(response)}'`, "'wasm-unsafe-eval'"],
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
  });
  app.addHook("onRequest", async (request, reply) => {
    reply.header("permissions-policy", PERMISSIONS_POLICY);
    // request.protocol honours X-Forwarded-Proto only from a proxy TRUST_PROXY believes.
    if (request.protocol === "https") reply.header("strict-transport-security", HSTS_HEADER);
  });
}
