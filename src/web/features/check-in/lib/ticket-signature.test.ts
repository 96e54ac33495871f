import { describe, expect, it } from "vitest";
import { parseSignedTicket } from "@domain";
import { createTestSigningKey, ticketPayload } from "./test-signing-key";
import { base64UrlToBytes, createTicketSignatureCheck } from "./ticket-signature";

describe("parseSignedTicket", () => {
  it("reads a signed payload from the scanned JSON", async () => {
    const signer = await createTestSigningKey();
    const signed = await signer.sign(ticketPayload());
    expect(parseSignedTicket(`  ${JSON.stringify(signed)}\n`)).toEqual(signed);
  });

  it("is null for a plain code, broken JSON or a payload without a signature", () => {
    expect(parseSignedTicket("TCKT-2090-0000AAAA")).toBeNull();
    expect(parseSignedTicket("{not json")).toBeNull();
    expect(parseSignedTicket(JSON.stringify(ticketPayload()))).toBeNull();
  });
});

describe("base64UrlToBytes", () => {
  it("decodes base64url with or without padding", () => {
    expect([...base64UrlToBytes("AQID")!]).toEqual([1, 2, 3]);
    expect([...base64UrlToBytes("_-8")!]).toEqual([255, 239]);
    expect([...base64UrlToBytes("")!]).toEqual([]);
  });

  it("refuses text that is not base64url", () => {
    expect(base64UrlToBytes("a+b/")).toBeNull();
    expect(base64UrlToBytes("AQIDB")).toBeNull();
    expect(base64UrlToBytes("AQ==")).toBeNull();
  });
});

describe("createTicketSignatureCheck (WebCrypto Ed25519)", () => {
  it("accepts a payload signed by the key its kid names", async () => {
    const signer = await createTestSigningKey("k1");
    const other = await createTestSigningKey("k2");
    const verify = createTicketSignatureCheck();
    const signed = await signer.sign(ticketPayload());
    expect(await verify(signed, [other.key, signer.key])).toBe(true);
    // The imported key is reused for the next scan.
    expect(await verify(await signer.sign(ticketPayload({ ticketId: "TCKT-2090-0000BBBB" })), [signer.key])).toBe(true);
  });

  it("rejects a tampered payload that keeps the signature", async () => {
    const signer = await createTestSigningKey();
    const verify = createTicketSignatureCheck();
    const signed = await signer.sign(ticketPayload());
    expect(await verify({ ...signed, attendeeName: "Ada Lovelacf" }, [signer.key])).toBe(false);
    expect(await verify({ ...signed, ticketQuantity: 3 }, [signer.key])).toBe(false);
  });

  it("rejects a payload signed by another key under a known kid", async () => {
    const genuine = await createTestSigningKey("k1");
    const forger = await createTestSigningKey("k1");
    const verify = createTicketSignatureCheck();
    expect(await verify(await forger.sign(ticketPayload()), [genuine.key])).toBe(false);
  });

  it("rejects an unknown kid, a malformed signature and a malformed key", async () => {
    const signer = await createTestSigningKey("k1");
    const verify = createTicketSignatureCheck();
    const signed = await signer.sign(ticketPayload());
    expect(await verify({ ...signed, kid: "k9" }, [signer.key])).toBe(false);
    expect(await verify({ ...signed, sig: signed.sig.slice(0, 40) }, [signer.key])).toBe(false);
    expect(await verify({ ...signed, sig: "!!" }, [signer.key])).toBe(false);
    expect(await verify(signed, [{ kid: "k1", publicKey: "AAAA" }])).toBe(false);
    expect(await verify(signed, [])).toBe(false);
  });
});
