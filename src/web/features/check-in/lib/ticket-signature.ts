import { ticketSignatureMessage, type TicketSignatureCheck, type TicketSigningKey } from "@domain";

/** Bytes of a base64url string (padding optional), or null when it is not base64url. */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/**
 * Verifies a ticket's Ed25519 signature in the browser with WebCrypto, against the public keys that came
 * with the downloaded ticket list (the key is chosen by `kid`). Imported keys are kept for the next scan.
 */
export function createTicketSignatureCheck(subtle: SubtleCrypto = globalThis.crypto.subtle): TicketSignatureCheck {
  const imported = new Map<string, Promise<CryptoKey | null>>();

  function importKey(key: TicketSigningKey): Promise<CryptoKey | null> {
    const cacheKey = `${key.kid}:${key.publicKey}`;
    let found = imported.get(cacheKey);
    if (!found) {
      const raw = base64UrlToBytes(key.publicKey);
      found =
        raw && raw.length === 32
          ? subtle.importKey("raw", raw, { name: "Ed25519" }, false, ["verify"]).catch(() => null)
          : Promise.resolve(null);
      imported.set(cacheKey, found);
    }
    return found;
  }

  return async (payload, keys) => {
    const key = keys.find((candidate) => candidate.kid === payload.kid);
    if (!key) return false;
    const signature = base64UrlToBytes(payload.sig);
    if (!signature || signature.length !== 64) return false;
    const cryptoKey = await importKey(key);
    if (!cryptoKey) return false;
    try {
      return await subtle.verify({ name: "Ed25519" }, cryptoKey, signature, new TextEncoder().encode(ticketSignatureMessage(payload)));
    } catch {
      return false;
    }
  };
}
