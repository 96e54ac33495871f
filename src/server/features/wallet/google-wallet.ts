import { importPKCS8, SignJWT } from "jose";
import { BRAND } from "../../../domain";
import type { PassContent } from "./pass-content";
import type { GoogleWallet } from "./wallet-setup";

const WALLET_SCOPE = "https://www.googleapis.com/auth/wallet_object.issuer";
const LANGUAGE = "en-GB";
const text = (value: string) => ({ defaultValue: { language: LANGUAGE, value } });

export const googleClassId = (google: GoogleWallet, eventId: string) => `${google.issuerId}.event-${eventId}`;
export const googleObjectId = (google: GoogleWallet, serialNumber: string) => `${google.issuerId}.${serialNumber}`;

/** An event's EventTicketClass (https://developers.google.com/wallet/reference/rest/v1/eventticketclass): one per event. */
export function eventTicketClass(google: GoogleWallet, content: PassContent) {
  return {
    id: googleClassId(google, content.event.id),
    issuerName: BRAND.name,
    reviewStatus: "UNDER_REVIEW",
    eventName: text(content.event.title),
    venue: { name: text(content.event.venue ?? content.event.location), address: text(content.place) },
    dateTime: { start: content.event.dateTime.toISOString(), ...(content.event.endTime ? { end: content.event.endTime.toISOString() } : {}) },
    hexBackgroundColor: "#111827",
  };
}

/** A ticket's EventTicketObject (https://developers.google.com/wallet/reference/rest/v1/eventticketobject), the same QR as the door checks. */
export function eventTicketObject(google: GoogleWallet, content: PassContent) {
  return {
    id: googleObjectId(google, content.serialNumber),
    classId: googleClassId(google, content.event.id),
    state: content.voided ? "INACTIVE" : "ACTIVE",
    ticketHolderName: content.attendeeName,
    ticketNumber: content.ticketCode,
    ticketType: text(content.typeName),
    barcode: { type: "QR_CODE", value: content.qrText, alternateText: content.ticketCode },
    textModulesData: [{ id: "when", header: "When", body: content.when }],
  };
}

/** What of a class changes with its event (an edit or a postponement): patched onto one Google already holds. */
export function classChanges(google: GoogleWallet, content: PassContent) {
  const { eventName, venue, dateTime } = eventTicketClass(google, content);
  return { eventName, venue, dateTime };
}

/** What of an object changes with its ticket (voided, renamed, a new QR for a new date): patched onto one Google already holds. */
export function objectChanges(google: GoogleWallet, content: PassContent) {
  const { state, barcode, ticketHolderName, ticketType, textModulesData } = eventTicketObject(google, content);
  return { state, barcode, ticketHolderName, ticketType, textModulesData };
}

/**
 * The "Add to Google Wallet" link (https://developers.google.com/wallet/reference/rest/v1/jwt): a JWT signed RS256 by
 * the service account, `aud: google`, `typ: savetowallet`, carrying the event's class and the ticket's object.
 */
export async function googleSaveUrl(google: GoogleWallet, content: PassContent, origins: string[]): Promise<string> {
  const jwt = await new SignJWT({
    origins,
    typ: "savetowallet",
    payload: { eventTicketClasses: [eventTicketClass(google, content)], eventTicketObjects: [eventTicketObject(google, content)] },
  })
    .setProtectedHeader({ alg: "RS256", typ: "JWT" })
    .setIssuer(google.serviceAccountEmail)
    .setAudience("google")
    .setIssuedAt()
    .sign(await importPKCS8(google.privateKey, "RS256"));
  return `https://pay.google.com/gp/v/save/${jwt}`;
}

export class GoogleWalletError extends Error {
  constructor(readonly status: number, readonly body: unknown) {
    super(`Google Wallet API answered ${status}: ${JSON.stringify(body)}`);
  }
}

/** The Google Wallet REST API as the service account (an access token from the JWT bearer grant, kept until shortly before it lapses). */
export function googleWalletApi(google: GoogleWallet) {
  let cached: { token: string; until: number } | null = null;

  async function accessToken(): Promise<string> {
    if (cached && cached.until > Date.now()) return cached.token;
    const now = Math.floor(Date.now() / 1000);
    const assertion = await new SignJWT({ scope: WALLET_SCOPE })
      .setProtectedHeader({ alg: "RS256", typ: "JWT" })
      .setIssuer(google.serviceAccountEmail)
      .setAudience(google.tokenUrl)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(await importPKCS8(google.privateKey, "RS256"));
    const response = await fetch(google.tokenUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", assertion }),
      signal: AbortSignal.timeout(15_000),
    });
    const body = (await response.json().catch(() => null)) as { access_token?: string; expires_in?: number } | null;
    if (!response.ok || !body?.access_token) throw new GoogleWalletError(response.status, body);
    cached = { token: body.access_token, until: Date.now() + ((body.expires_in ?? 3600) - 60) * 1000 };
    return body.access_token;
  }

  async function call(method: "GET" | "POST" | "PATCH", path: string, body?: object): Promise<{ status: number; body: unknown }> {
    const response = await fetch(`${google.apiUrl}/walletobjects/v1/${path}`, {
      method,
      headers: { authorization: `Bearer ${await accessToken()}`, ...(body ? { "content-type": "application/json" } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(15_000),
    });
    return { status: response.status, body: await response.json().catch(() => null) };
  }

  return {
    /** Inserts the class and the object, or brings existing ones up to date (409 ALREADY_EXISTS: patch instead). */
    async upsert(content: PassContent) {
      const klass = eventTicketClass(google, content);
      const object = eventTicketObject(google, content);
      const insertedClass = await call("POST", "eventTicketClass", klass);
      if (insertedClass.status === 409) await this.patch("eventTicketClass", klass.id, classChanges(google, content));
      else if (insertedClass.status !== 200) throw new GoogleWalletError(insertedClass.status, insertedClass.body);
      const insertedObject = await call("POST", "eventTicketObject", object);
      if (insertedObject.status === 409) await this.patch("eventTicketObject", object.id, objectChanges(google, content));
      else if (insertedObject.status !== 200) throw new GoogleWalletError(insertedObject.status, insertedObject.body);
    },
    /** Patches a class or object; false when Google has no such resource (a link never opened). */
    async patch(kind: "eventTicketClass" | "eventTicketObject", id: string, fields: object): Promise<boolean> {
      const answer = await call("PATCH", `${kind}/${encodeURIComponent(id)}`, fields);
      if (answer.status === 404) return false;
      if (answer.status !== 200) throw new GoogleWalletError(answer.status, answer.body);
      return true;
    },
  };
}

export type GoogleWalletApi = ReturnType<typeof googleWalletApi>;
