import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { PKPass } from "passkit-generator";
import sharp from "sharp";
import { BRAND } from "../../../domain";
import { projectRoot } from "../../lib/project-root";
import type { PassContent } from "./pass-content";
import type { AppleWallet } from "./wallet-setup";

/** A pass's authentication token: derived from the serial with the server's secret, so only its hash is stored. */
export function passAuthToken(apple: Pick<AppleWallet, "tokenSecret">, serialNumber: string): string {
  return createHmac("sha256", apple.tokenSecret).update(serialNumber).digest("base64url");
}

export const hashAuthToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Whether an `Authorization: ApplePass <token>` header carries the token whose hash is stored. */
export function authTokenMatches(header: string | undefined, storedHash: string): boolean {
  const token = /^ApplePass (\S+)$/.exec(header ?? "")?.[1];
  if (!token) return false;
  const given = Buffer.from(hashAuthToken(token), "hex");
  const stored = Buffer.from(storedHash, "hex");
  return given.length === stored.length && timingSafeEqual(given, stored);
}

let icons: Promise<Record<string, Buffer>> | null = null;

/** The pass's icon (Wallet requires one; shown on the lock screen and in notifications) from the site's own favicon. */
function passIcons(): Promise<Record<string, Buffer>> {
  icons ??= (async () => {
    const svg = readFileSync(resolve(projectRoot, "public/favicon.svg"));
    const png = (size: number) => sharp(svg, { density: 300 }).resize(size, size).png().toBuffer();
    return { "icon.png": await png(29), "icon@2x.png": await png(58), "icon@3x.png": await png(87), "logo.png": await png(50), "logo@2x.png": await png(100) };
  })();
  return icons;
}

/** pass.json as Apple's PassKit reads it (https://developer.apple.com/documentation/walletpasses/pass). */
export function passJson(apple: AppleWallet, content: PassContent) {
  return {
    formatVersion: 1,
    passTypeIdentifier: apple.passTypeId,
    teamIdentifier: apple.teamId,
    serialNumber: content.serialNumber,
    organizationName: BRAND.name,
    description: `Ticket for ${content.event.title}`,
    logoText: BRAND.name,
    foregroundColor: "rgb(255, 255, 255)",
    backgroundColor: "rgb(17, 24, 39)",
    labelColor: "rgb(203, 213, 225)",
    webServiceURL: apple.webServiceUrl,
    authenticationToken: passAuthToken(apple, content.serialNumber),
    relevantDate: content.event.dateTime.toISOString(),
    voided: content.voided,
    eventTicket: {
      primaryFields: [{ key: "event", label: "EVENT", value: content.event.title }],
      secondaryFields: [{ key: "when", label: "WHEN", value: content.when, changeMessage: "Your event has a new time: %@" }],
      auxiliaryFields: [
        { key: "attendee", label: "ATTENDEE", value: content.attendeeName },
        { key: "type", label: "TICKET", value: content.typeName },
      ],
      backFields: [
        { key: "venue", label: "Where", value: content.place },
        { key: "code", label: "Ticket code", value: content.ticketCode },
      ],
    },
    barcodes: [{ format: "PKBarcodeFormatQR", message: content.qrText, messageEncoding: "iso-8859-1", altText: content.ticketCode }],
  };
}

/** A signed .pkpass: pass.json and images, manifest.json of their SHA-1s, and its PKCS#7 detached signature (passkit-generator). */
export async function buildPkpass(apple: AppleWallet, content: PassContent): Promise<Buffer> {
  const pass = new PKPass(
    { ...(await passIcons()), "pass.json": Buffer.from(JSON.stringify(passJson(apple, content))) },
    { wwdr: apple.wwdrCert, signerCert: apple.signerCert, signerKey: apple.signerKey, ...(apple.signerKeyPassphrase ? { signerKeyPassphrase: apple.signerKeyPassphrase } : {}) },
  );
  return pass.getAsBuffer();
}

export const PKPASS_TYPE = "application/vnd.apple.pkpass";
