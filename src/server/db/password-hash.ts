import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

/**
 * better-auth's credential hash, reproduced so seeded accounts can sign in: scrypt over the NFKC
 * password, salted with the *hex string* of 16 random bytes, stored as `${saltHex}:${keyHex}`.
 */
const SCRYPT = { N: 16384, r: 16, p: 1, dkLen: 64 } as const;
const OPTIONS: ScryptOptions = { N: SCRYPT.N, r: SCRYPT.r, p: SCRYPT.p, maxmem: 128 * SCRYPT.N * SCRYPT.r * 2 };

function deriveKey(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolvePromise, reject) => {
    scrypt(password.normalize("NFKC"), salt, SCRYPT.dkLen, OPTIONS, (error, key) => {
      if (error) reject(error);
      else resolvePromise(key);
    });
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16).toString("hex");
  const key = await deriveKey(password, salt);
  return `${salt}:${key.toString("hex")}`;
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  const [salt, keyHex] = hash.split(":");
  if (!salt || !keyHex || !/^[0-9a-f]+$/i.test(keyHex) || keyHex.length !== SCRYPT.dkLen * 2) return false;
  const expected = Buffer.from(keyHex, "hex");
  const actual = await deriveKey(password, salt);
  return timingSafeEqual(actual, expected);
}
