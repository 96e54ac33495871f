// Test helper (imported by this feature's *.test.ts only): a real Ed25519 key pair signing ticket
// payloads the way the server does, so the browser-side checks are tested against genuine signatures.
import { ticketSignatureMessage, type CheckInList, type CheckResult, type SignedTicketPayload, type TicketQrPayload, type TicketSigningKey } from "@domain";

function toBase64Url(bytes: ArrayBuffer): string {
  return Buffer.from(bytes).toString("base64url");
}

export interface TestSigningKey {
  key: TicketSigningKey;
  sign(payload: TicketQrPayload): Promise<SignedTicketPayload>;
}

export async function createTestSigningKey(kid = "test-key"): Promise<TestSigningKey> {
  const { subtle } = globalThis.crypto;
  const pair = (await subtle.generateKey({ name: "Ed25519" }, true, ["sign", "verify"])) as CryptoKeyPair;
  const publicKey = toBase64Url(await subtle.exportKey("raw", pair.publicKey));
  return {
    key: { kid, publicKey },
    async sign(payload) {
      const signature = await subtle.sign({ name: "Ed25519" }, pair.privateKey, new TextEncoder().encode(ticketSignatureMessage(payload)));
      return { ...payload, kid, sig: toBase64Url(signature) };
    },
  };
}

export const TEST_EVENT = { id: "event-1", title: "Northern Soul Night", dateTime: "2090-06-01T18:00:00.000Z", venue: "Brudenell Social Club", location: "Leeds" };

/** The server's answer to a first scan of TEST_EVENT's first ticket, under the event id a test gives it. */
export function admittedResult(eventId: string): CheckResult {
  return {
    valid: true,
    error: null,
    ticketId: "TCKT-2090-0000AAAA",
    status: "confirmed",
    alreadyCheckedIn: false,
    checkedInAt: "2090-06-01T17:05:00.000Z",
    event: { id: eventId, title: TEST_EVENT.title, date: TEST_EVENT.dateTime, venue: TEST_EVENT.venue, location: TEST_EVENT.location, minAge: null },
    attendee: { name: "Ada Lovelace", email: "ada@example.test", tickets: 2 },
  };
}

export function ticketPayload(overrides: Partial<TicketQrPayload> = {}): TicketQrPayload {
  return {
    ticketId: "TCKT-2090-0000AAAA",
    bookingId: "booking-1",
    eventTitle: TEST_EVENT.title,
    attendeeName: "Ada Lovelace",
    eventDate: TEST_EVENT.dateTime,
    // One ticket per QR (issue 36); a QR for several is one sent before tickets were records.
    ticketQuantity: 1,
    ...overrides,
  };
}

export function checkInList(keys: TicketSigningKey[], tickets: Partial<CheckInList["tickets"][number]>[] = [{}]): CheckInList {
  return {
    event: TEST_EVENT,
    keys,
    tickets: tickets.map((ticket, index) => ({
      ticketId: index === 0 ? "TCKT-2090-0000AAAA" : `TCKT-2090-0000000${index}`,
      bookingId: index === 0 ? "booking-1" : `booking-${index + 1}`,
      attendeeName: "Ada Lovelace",
      attendeeEmail: "ada@example.test",
      ticketQuantity: 1,
      status: "confirmed",
      checkedInAt: null,
      ...ticket,
    })),
    downloadedAt: "2090-06-01T17:00:00.000Z",
  };
}
