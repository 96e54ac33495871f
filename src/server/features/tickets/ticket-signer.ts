import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from "node:crypto";
import { desc, isNull } from "drizzle-orm";
import { SignedTicketPayload, ticketSignatureMessage, type TicketQrPayload, type TicketSigningKey } from "../../../domain";
import type { Db } from "../../db/client";
import { ticketSigningKeys } from "../../db/schema";

interface LoadedKey {
  kid: string;
  publicKey: KeyObject;
  /** Raw 32-byte public key, base64url: what a browser's WebCrypto imports. */
  publicKeyRaw: string;
  privateKey: KeyObject | null;
  retired: boolean;
}

/** Signs ticket QR payloads with the newest key and verifies them against every kept key (decisions D13). */
export interface TicketSigner {
  sign(payload: TicketQrPayload): Promise<SignedTicketPayload>;
  /** True only for a payload whose signature matches a kept key. */
  verify(payload: SignedTicketPayload): Promise<boolean>;
  publicKeys(): Promise<TicketSigningKey[]>;
  /** Drops the cache, so a key made or rotated by another process is picked up. */
  reload(): void;
}

function rawPublicKey(key: KeyObject): string {
  // The SPKI DER of an Ed25519 key ends with the 32 raw key bytes.
  return key.export({ format: "der", type: "spki" }).subarray(-32).toString("base64url");
}

function newKeyRow() {
  const { publicKey, privateKey } = generateKeyPairSync("ed25519");
  const raw = rawPublicKey(publicKey);
  return {
    kid: createHash("sha256").update(raw).digest("base64url").slice(0, 8),
    publicKey: publicKey.export({ format: "pem", type: "spki" }).toString(),
    privateKey: privateKey.export({ format: "pem", type: "pkcs8" }).toString(),
  };
}

/** Makes a new signing key and retires the others (they keep verifying tickets already issued). */
export async function rotateTicketSigningKey(db: Db): Promise<string> {
  const row = newKeyRow();
  await db.transaction(async (tx) => {
    await tx.update(ticketSigningKeys).set({ retiredAt: new Date() }).where(isNull(ticketSigningKeys.retiredAt));
    await tx.insert(ticketSigningKeys).values(row);
  });
  return row.kid;
}

export function createTicketSigner(db: Db): TicketSigner {
  let loading: Promise<LoadedKey[]> | null = null;

  async function load(): Promise<LoadedKey[]> {
    let rows = await db.select().from(ticketSigningKeys).orderBy(desc(ticketSigningKeys.createdAt));
    if (!rows.some((row) => row.retiredAt === null)) {
      // First use: two nodes starting together may both insert; both keys are valid, the newest signs.
      await db.insert(ticketSigningKeys).values(newKeyRow()).onConflictDoNothing();
      rows = await db.select().from(ticketSigningKeys).orderBy(desc(ticketSigningKeys.createdAt));
    }
    return rows.map((row) => {
      const publicKey = createPublicKey(row.publicKey);
      return {
        kid: row.kid,
        publicKey,
        publicKeyRaw: rawPublicKey(publicKey),
        privateKey: row.retiredAt ? null : createPrivateKey(row.privateKey),
        retired: row.retiredAt !== null,
      };
    });
  }

  function keys(): Promise<LoadedKey[]> {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  }

  async function keyFor(kid: string): Promise<LoadedKey | undefined> {
    const found = (await keys()).find((key) => key.kid === kid);
    if (found) return found;
    // Rotated on another node since we loaded: look once more.
    loading = null;
    return (await keys()).find((key) => key.kid === kid);
  }

  return {
    async sign(payload) {
      const current = (await keys()).find((key) => key.privateKey !== null)!;
      const signature = sign(null, Buffer.from(ticketSignatureMessage(payload)), current.privateKey!);
      return { ...payload, kid: current.kid, sig: signature.toString("base64url") };
    },
    async verify(payload) {
      const parsed = SignedTicketPayload.safeParse(payload);
      if (!parsed.success) return false;
      const key = await keyFor(parsed.data.kid);
      if (!key) return false;
      const signature = Buffer.from(parsed.data.sig, "base64url");
      if (signature.length !== 64) return false;
      return verify(null, Buffer.from(ticketSignatureMessage(parsed.data)), key.publicKey, signature);
    },
    async publicKeys() {
      return (await keys()).map((key) => ({ kid: key.kid, publicKey: key.publicKeyRaw }));
    },
    reload() {
      loading = null;
    },
  };
}
