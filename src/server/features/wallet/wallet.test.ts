import { createHash, X509Certificate } from "node:crypto";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { asc, eq } from "drizzle-orm";
import { unzipSync } from "fflate";
import { importSPKI, jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatEventTime, formatLongDate, type MyTicket } from "../../../domain";
import { createTestApp, type TestApp } from "../../../../test/app";
import { latestMessage, newClient, type AuthClient } from "../../../../test/auth-client";
import { createEvent } from "../../../../test/fixtures";
import { eventInput, signInAs } from "../../../../test/organiser";
import { bookings, tickets, walletPasses } from "../../db/schema";
import { startApnsStandIn, type ApnsStandIn } from "../../providers/wallet/apns-stand-in";
import { startGoogleWalletStandIn, type GoogleWalletStandIn } from "../../providers/wallet/google-wallet-stand-in";
import { generateWalletTestIdentity } from "../../providers/wallet/test-identity";

const identity = generateWalletTestIdentity();
const files = mkdtempSync(join(tmpdir(), "wallet-test-identity-"));
const file = (name: string, content: string) => {
  writeFileSync(join(files, name), content);
  return join(files, name);
};
let t: TestApp;
let apns: ApnsStandIn;
let google: GoogleWalletStandIn;

beforeAll(async () => {
  apns = await startApnsStandIn({ serverCert: identity.apnsServerCert, serverKey: identity.apnsServerKey, caCert: identity.caCert });
  google = await startGoogleWalletStandIn({ issuerId: identity.googleIssuerId, serviceAccountEmail: identity.googleServiceAccountEmail, publicKey: identity.googlePublicKey });
  t = await createTestApp({
    APPLE_PASS_TYPE_ID: identity.passTypeId,
    APPLE_TEAM_ID: identity.teamId,
    APPLE_PASS_CERT: file("signer.pem", identity.signerCert),
    APPLE_PASS_KEY: identity.signerKey,
    APPLE_WWDR_CERT: file("wwdr.pem", identity.caCert),
    APNS_URL: apns.url,
    APNS_CA_CERT: file("ca.pem", identity.caCert),
    GOOGLE_WALLET_ISSUER_ID: identity.googleIssuerId,
    GOOGLE_WALLET_SERVICE_ACCOUNT: JSON.stringify({ client_email: identity.googleServiceAccountEmail, private_key: identity.googlePrivateKey }),
    GOOGLE_WALLET_API_URL: google.url,
    GOOGLE_OAUTH_TOKEN_URL: google.tokenUrl,
  });
});
afterAll(async () => {
  await t?.close();
  await apns?.close();
  await google?.close();
  rmSync(files, { recursive: true, force: true });
});

async function bought({ attendeeName = "Ada Lovelace", quantity = 1 } = {}) {
  const organiser = await signInAs(t.app, t.db, t.config.publicUrl, "user");
  const buyer = await signInAs(t.app, t.db, t.config.publicUrl, "user");
  const event = await createEvent(t.db, {
    userId: organiser.account.id,
    pricePence: 1500,
    maxAttendees: 20,
    title: `Wallet night ${Math.random().toString(36).slice(2, 8)}`,
    venue: "The Brudenell Social Club",
    location: "Leeds",
    dateTime: new Date("2027-01-16T19:30:00Z"),
  });
  const checkout = await buyer.client.post("/api/functions/create-payment", { attendeeName, eventId: event.id, ticketQuantity: quantity });
  expect(checkout.statusCode).toBe(200);
  expect((await buyer.client.post(`/api/checkout/test/${checkout.json().sessionId}/pay`)).statusCode).toBe(200);
  const [booking] = await t.db.select().from(bookings).where(eq(bookings.eventId, event.id));
  const own = await t.db.select().from(tickets).where(eq(tickets.bookingId, booking!.id)).orderBy(asc(tickets.position));
  return { organiser: organiser.client, buyer: buyer.client, buyerEmail: booking!.attendeeEmail, event, booking: booking!, ticket: own[0]! };
}

/** The QR text My Tickets shows for a ticket: what the pass must carry, to the byte. */
async function myTicketsQrText(client: AuthClient, ticketId: string): Promise<string> {
  const mine = (await client.get("/api/me/tickets")).json().tickets as MyTicket[];
  const ticket = mine.flatMap((booking) => booking.tickets).find((candidate) => candidate.ticketId === ticketId);
  return JSON.stringify(ticket!.qrPayload);
}

/** Reads a .pkpass back as Wallet would: every file's SHA-1 in the manifest, and the manifest's PKCS#7 signature checked against the CA with openssl. */
function readPkpass(body: Buffer) {
  const entries = unzipSync(new Uint8Array(body));
  const manifest = JSON.parse(Buffer.from(entries["manifest.json"]!).toString("utf8")) as Record<string, string>;
  const listed = Object.keys(entries).filter((name) => name !== "manifest.json" && name !== "signature").sort();
  expect(Object.keys(manifest).sort()).toEqual(listed);
  for (const name of listed) expect(manifest[name], name).toBe(createHash("sha1").update(entries[name]!).digest("hex"));
  const dir = mkdtempSync(join(tmpdir(), "wallet-pkpass-"));
  try {
    writeFileSync(join(dir, "manifest.json"), entries["manifest.json"]!);
    writeFileSync(join(dir, "signature"), entries["signature"]!);
    // A detached signature: the manifest is the content; the chain must lead to the configured (WWDR) CA.
    execFileSync("openssl", ["smime", "-verify", "-binary", "-inform", "DER", "-in", join(dir, "signature"), "-content", join(dir, "manifest.json"), "-CAfile", join(files, "ca.pem"), "-purpose", "any", "-out", join(dir, "verified")], { stdio: "pipe" });
    const signers = execFileSync("openssl", ["pkcs7", "-inform", "DER", "-in", join(dir, "signature"), "-print_certs"], { encoding: "utf8" });
    expect(signers).toContain(identity.passTypeId);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { entries, pass: JSON.parse(Buffer.from(entries["pass.json"]!).toString("utf8")) };
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const found = await probe();
    if (found !== undefined && found !== false) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

const service = (method: "GET" | "POST" | "DELETE", path: string, { token, body, headers = {} }: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
  t.app.inject({
    method,
    url: `/api/wallet/apple/v1${path}`,
    headers: { ...(token ? { authorization: `ApplePass ${token}` } : {}), ...(body ? { "content-type": "application/json" } : {}), ...headers },
    ...(body ? { payload: JSON.stringify(body) } : {}),
  });

describe("Apple Wallet pass (D27)", () => {
  it("is a signed .pkpass whose manifest, signature and pass.json read back: the event, venue, UK time, attendee, type and the exact QR the door checks", async () => {
    const { buyer, event, ticket } = await bought();
    const response = await buyer.get(`/api/me/wallet-passes/${ticket.id}/apple`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/vnd.apple.pkpass");
    const { entries, pass } = readPkpass(response.rawPayload);
    expect(entries["icon.png"]).toBeDefined();
    expect(pass).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: identity.passTypeId,
      teamIdentifier: identity.teamId,
      webServiceURL: `${t.config.publicUrl}/api/wallet/apple`,
      voided: false,
      eventTicket: {
        primaryFields: [{ key: "event", value: event.title }],
        secondaryFields: [{ key: "when", value: `${formatLongDate(event.dateTime)}, ${formatEventTime(event.dateTime)} (UK time)` }],
        auxiliaryFields: [
          { key: "attendee", value: "Ada Lovelace" },
          { key: "type", value: "General Admission" },
        ],
        backFields: [{ key: "venue", value: "The Brudenell Social Club, Leeds" }, { key: "code", value: ticket.code }],
      },
    });
    // 19:30 UTC in January is 19:30 in London.
    expect(pass.eventTicket.secondaryFields[0].value).toContain("19:30");
    expect(pass.authenticationToken.length).toBeGreaterThanOrEqual(16);
    expect(pass.barcodes).toEqual([{ format: "PKBarcodeFormatQR", message: await myTicketsQrText(buyer, ticket.id), messageEncoding: "iso-8859-1", altText: ticket.code }]);
    // The same ticket's pass is the same pass on a second download.
    const again = readPkpass((await buyer.get(`/api/me/wallet-passes/${ticket.id}/apple`)).rawPayload);
    expect(again.pass.serialNumber).toBe(pass.serialNumber);
  });

  it("is only the holder's: another account, or no account, is refused", async () => {
    const { ticket } = await bought();
    const stranger = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    expect((await stranger.client.get(`/api/me/wallet-passes/${ticket.id}/apple`)).statusCode).toBe(404);
    expect((await stranger.client.get(`/api/me/wallet-passes/${ticket.id}/google`)).statusCode).toBe(404);
    expect((await newClient(t).get(`/api/me/wallet-passes/${ticket.id}/apple`)).statusCode).toBe(401);
  });

  it("opens from the ticket e-mail without signing in, by the QR's signature; a changed signature is refused", async () => {
    const { buyerEmail, event, ticket } = await bought();
    const mail = await latestMessage(t.db, buyerEmail, (message) => message.subject === `Your ticket: ${event.title}`);
    const appleLink = /Add to Apple Wallet: (\S+)/.exec(mail.text)?.[1];
    const googleLink = /Add to Google Wallet: (\S+)/.exec(mail.text)?.[1];
    expect(appleLink).toContain(`/api/tickets/${ticket.code}/wallet/apple?kid=`);
    expect(mail.html).toContain("Add to Apple Wallet</a>");
    const anyone = newClient(t);
    const pkpass = await anyone.followLink(appleLink!);
    expect(pkpass.statusCode).toBe(200);
    expect(readPkpass(pkpass.rawPayload).pass.eventTicket.auxiliaryFields[0].value).toBe("Ada Lovelace");
    const saved = await anyone.followLink(googleLink!);
    expect(saved.statusCode).toBe(303);
    expect(saved.headers.location).toMatch(/^https:\/\/pay\.google\.com\/gp\/v\/save\//);
    const forged = appleLink!.replace(/sig=([^&]+)/, (_match, sig: string) => `sig=${sig.slice(0, -2)}${sig.endsWith("AA") ? "BA" : "AA"}`);
    expect((await anyone.followLink(forged)).statusCode).toBe(404);
  });
});

describe("Google Wallet save link (D27)", () => {
  it("is a JWT signed with the service account's key, aud google, typ savetowallet, holding the event's class and the ticket's object with the same QR", async () => {
    const { buyer, event, ticket } = await bought();
    const response = await buyer.get(`/api/me/wallet-passes/${ticket.id}/google`);
    expect(response.statusCode).toBe(303);
    const jwt = response.headers.location!.toString().replace("https://pay.google.com/gp/v/save/", "");
    const { payload, protectedHeader } = await jwtVerify(jwt, await importSPKI(identity.googlePublicKey, "RS256"), { audience: "google", issuer: identity.googleServiceAccountEmail });
    expect(protectedHeader.alg).toBe("RS256");
    expect(payload).toMatchObject({ typ: "savetowallet", origins: [new URL(t.config.publicUrl).origin] });
    const { eventTicketClasses, eventTicketObjects } = payload.payload as { eventTicketClasses: Record<string, unknown>[]; eventTicketObjects: Record<string, unknown>[] };
    const classId = `${identity.googleIssuerId}.event-${event.id}`;
    expect(eventTicketClasses).toEqual([expect.objectContaining({ id: classId, eventName: { defaultValue: { language: "en-GB", value: event.title } }, dateTime: { start: event.dateTime.toISOString() } })]);
    const qr = await myTicketsQrText(buyer, ticket.id);
    expect(eventTicketObjects).toEqual([
      expect.objectContaining({ classId, state: "ACTIVE", ticketHolderName: "Ada Lovelace", ticketNumber: ticket.code, ticketType: { defaultValue: { language: "en-GB", value: "General Admission" } }, barcode: { type: "QR_CODE", value: qr, alternateText: ticket.code } }),
    ]);
    // Stored in Google's API first, so a void or a new time can be patched later.
    expect(google.objects.get(eventTicketObjects[0]!.id as string)).toMatchObject({ state: "ACTIVE", barcode: { value: qr } });
    // A JWT signed with another key does not verify.
    const other = generateWalletTestIdentity();
    await expect(jwtVerify(jwt, await importSPKI(other.googlePublicKey, "RS256"))).rejects.toThrow();
  });
});

describe("voiding and updating passes (D27): the PassKit web service, APNs and Google's object", () => {
  async function registered() {
    const bought_ = await bought();
    const pkpass = readPkpass((await bought_.buyer.get(`/api/me/wallet-passes/${bought_.ticket.id}/apple`)).rawPayload).pass;
    await bought_.buyer.get(`/api/me/wallet-passes/${bought_.ticket.id}/google`);
    const device = `device-${Math.random().toString(36).slice(2)}`;
    const pushToken = createHash("sha256").update(device).digest("hex");
    const path = `/devices/${device}/registrations/${identity.passTypeId}/${pkpass.serialNumber}`;
    return { ...bought_, pass: pkpass, device, pushToken, path };
  }

  it("registers a device only with the pass's token (401 otherwise), lists and serves its passes, and answers 304 when nothing changed", async () => {
    const { pass, device, pushToken, path } = await registered();
    expect((await service("POST", path, { body: { pushToken } })).statusCode).toBe(401);
    expect((await service("POST", path, { token: `${pass.authenticationToken}x`, body: { pushToken } })).statusCode).toBe(401);
    expect((await service("GET", `/passes/${identity.passTypeId}/${pass.serialNumber}`, { token: "not-the-token-at-all" })).statusCode).toBe(401);
    expect((await service("POST", path, { token: pass.authenticationToken, body: { pushToken } })).statusCode).toBe(201);
    expect((await service("POST", path, { token: pass.authenticationToken, body: { pushToken } })).statusCode).toBe(200);
    const listed = await service("GET", `/devices/${device}/registrations/${identity.passTypeId}`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toMatchObject({ serialNumbers: [pass.serialNumber] });
    expect((await service("GET", `/devices/${device}/registrations/${identity.passTypeId}?passesUpdatedSince=${encodeURIComponent(listed.json().lastUpdated)}`)).statusCode).toBe(204);
    const served = await service("GET", `/passes/${identity.passTypeId}/${pass.serialNumber}`, { token: pass.authenticationToken });
    expect(served.statusCode).toBe(200);
    expect(readPkpass(served.rawPayload).pass.serialNumber).toBe(pass.serialNumber);
    const notModified = await service("GET", `/passes/${identity.passTypeId}/${pass.serialNumber}`, { token: pass.authenticationToken, headers: { "if-modified-since": served.headers["last-modified"] as string } });
    expect(notModified.statusCode).toBe(304);
    expect((await service("POST", "/log", { body: { logs: ["a device said something"] } })).statusCode).toBe(200);
    expect((await service("DELETE", path, { token: "wrong" })).statusCode).toBe(401);
    expect((await service("DELETE", path, { token: pass.authenticationToken })).statusCode).toBe(200);
    expect((await service("GET", `/devices/${device}/registrations/${identity.passTypeId}`)).statusCode).toBe(204);
  });

  it("voids both passes after a transfer: a newer voided pass is served, the device gets an APNs push, and Google's object is INACTIVE", async () => {
    const { buyer, ticket, pass, device, pushToken, path } = await registered();
    expect((await service("POST", path, { token: pass.authenticationToken, body: { pushToken } })).statusCode).toBe(201);
    const before = await service("GET", `/passes/${identity.passTypeId}/${pass.serialNumber}`, { token: pass.authenticationToken });
    const tag = (await service("GET", `/devices/${device}/registrations/${identity.passTypeId}`)).json().lastUpdated as string;

    expect((await buyer.post(`/api/me/tickets/${ticket.id}/transfer`, { name: "Grace Hopper", email: "grace@example.test" })).statusCode).toBe(200);

    const push = await waitFor("the APNs push", () => apns.pushes.find((candidate) => candidate.deviceToken === pushToken));
    expect(push).toMatchObject({ topic: identity.passTypeId, payload: {} });
    const changed = await service("GET", `/devices/${device}/registrations/${identity.passTypeId}?passesUpdatedSince=${encodeURIComponent(tag)}`);
    expect(changed.json()).toMatchObject({ serialNumbers: [pass.serialNumber] });
    const after = await service("GET", `/passes/${identity.passTypeId}/${pass.serialNumber}`, { token: pass.authenticationToken, headers: { "if-modified-since": before.headers["last-modified"] as string } });
    expect(after.statusCode).toBe(200);
    expect(Date.parse(after.headers["last-modified"] as string)).toBeGreaterThan(Date.parse(before.headers["last-modified"] as string));
    expect(readPkpass(after.rawPayload).pass.voided).toBe(true);
    await waitFor("Google's object voided", () => google.objects.get(`${identity.googleIssuerId}.${pass.serialNumber}`)?.state === "INACTIVE");
    // Delivered once: the pass's version is recorded as delivered.
    await waitFor("the delivery recorded", async () => {
      const [row] = await t.db.select().from(walletPasses).where(eq(walletPasses.serialNumber, pass.serialNumber));
      return row!.deliveredVersion === row!.version && row!.version === 2;
    });
    // The new holder's ticket has a new code, so a new pass; the old holder's links no longer open it.
    expect((await buyer.get(`/api/me/wallet-passes/${ticket.id}/apple`)).statusCode).toBe(200);
  });

  it("shows a postponed event's new time, with the QR signed again for the new date, in both wallets", async () => {
    const { organiser, buyer, event, ticket, pass, pushToken, path } = await registered();
    expect((await service("POST", path, { token: pass.authenticationToken, body: { pushToken } })).statusCode).toBe(201);
    const newTime = new Date("2027-02-20T20:00:00Z");
    const postponed = await organiser.post(`/api/events/${event.id}/postpone`, { dateTime: newTime.toISOString() });
    expect(postponed.statusCode).toBe(200);
    await waitFor("the APNs push", () => apns.pushes.find((candidate) => candidate.deviceToken === pushToken));
    const served = readPkpass((await service("GET", `/passes/${identity.passTypeId}/${pass.serialNumber}`, { token: pass.authenticationToken })).rawPayload).pass;
    expect(served.voided).toBe(false);
    expect(served.eventTicket.secondaryFields[0].value).toBe(`${formatLongDate(newTime)}, ${formatEventTime(newTime)} (UK time)`);
    const qr = await myTicketsQrText(buyer, ticket.id);
    expect(JSON.parse(qr).eventDate).toBe(newTime.toISOString());
    expect(served.barcodes[0].message).toBe(qr);
    await waitFor("Google's class moved", () => (google.classes.get(`${identity.googleIssuerId}.event-${event.id}`)?.dateTime as { start?: string } | undefined)?.start === newTime.toISOString());
    expect(google.objects.get(`${identity.googleIssuerId}.${pass.serialNumber}`)).toMatchObject({ state: "ACTIVE", barcode: { value: qr } });
  });

  it("shows a renamed ticket's new holder and an edited event's new venue, in both wallets, pushed to the device", async () => {
    const { organiser, event, ticket, pass, pushToken, path } = await registered();
    expect((await service("POST", path, { token: pass.authenticationToken, body: { pushToken } })).statusCode).toBe(201);
    const served = async () => readPkpass((await service("GET", `/passes/${identity.passTypeId}/${pass.serialNumber}`, { token: pass.authenticationToken })).rawPayload).pass;
    const pushes = () => apns.pushes.filter((candidate) => candidate.deviceToken === pushToken).length;

    expect((await organiser.request("PATCH", `/api/tickets/${ticket.id}`, { attendeeName: "Grace Hopper" })).statusCode).toBe(200);
    await waitFor("the rename's push", () => pushes() === 1);
    expect(JSON.stringify(await served())).toContain("Grace Hopper");
    await waitFor("Google's holder renamed", () => google.objects.get(`${identity.googleIssuerId}.${pass.serialNumber}`)?.ticketHolderName === "Grace Hopper");

    const edit = eventInput({ title: event.title, dateTime: event.dateTime.toISOString(), endTime: event.endTime?.toISOString() ?? null, venue: "Leeds Town Hall", location: "Leeds", pricePence: 1500, maxAttendees: 20 });
    const edited = await organiser.request("PATCH", `/api/events/${event.id}`, edit);
    expect(edited.statusCode, edited.body).toBe(200);
    await waitFor("the edit's push", () => pushes() === 2);
    const after = await served();
    expect(after.voided).toBe(false);
    expect(JSON.stringify(after)).toContain("Leeds Town Hall");
    const [row] = await t.db.select().from(walletPasses).where(eq(walletPasses.serialNumber, pass.serialNumber));
    expect(row!.version).toBe(3);
    // An edit that changes nothing a pass shows moves no pass on.
    expect((await organiser.request("PATCH", `/api/events/${event.id}`, { ...edit, description: "Doors at seven." })).statusCode).toBe(200);
    const [same] = await t.db.select().from(walletPasses).where(eq(walletPasses.serialNumber, pass.serialNumber));
    expect(same!.version).toBe(3);
  });

  it("voids the pass of a refunded ticket", async () => {
    const { organiser, booking, pass } = await registered();
    const refunded = await organiser.post(`/api/bookings/${booking.id}/refunds`, { quantity: 1, reason: "Requested by the buyer", requestKey: `wallet-${booking.id.slice(0, 8)}` });
    expect(refunded.statusCode).toBeLessThan(300);
    const [row] = await t.db.select().from(walletPasses).where(eq(walletPasses.serialNumber, pass.serialNumber));
    expect(row).toMatchObject({ voided: true, version: 2 });
    const served = readPkpass((await service("GET", `/passes/${identity.passTypeId}/${pass.serialNumber}`, { token: pass.authenticationToken })).rawPayload).pass;
    expect(served.voided).toBe(true);
    expect(new X509Certificate(identity.signerCert).subject).toContain(identity.passTypeId);
  });
});
