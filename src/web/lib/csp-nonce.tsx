import { createContext, useContext } from "react";

/**
 * The response's Content-Security-Policy script nonce while server rendering (decision 010). In the
 * browser it is undefined: browsers hide nonces from the page, so an inline script of ours renders it
 * with suppressHydrationWarning, as React Router's own scripts do.
 */
export const CspNonceContext = createContext<string | undefined>(undefined);

export function useCspNonce(): string | undefined {
  return useContext(CspNonceContext);
}

/**
 * Zod 4 probes for eval (`new Function`) the first time a route module builds an object schema; the CSP
 * forbids eval, so the browser reports the caught probe as a violation. Zod reads its global config from
 * globalThis.__zod_globalConfig (what `z.config()` writes), and that must be set before any module runs,
 * hence a classic inline script rather than a call in entry.client.tsx.
 */
export function ZodJitlessScript() {
  const nonce = useCspNonce();
  return (
    <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: "globalThis.__zod_globalConfig={jitless:true}" }} />
  );
}
