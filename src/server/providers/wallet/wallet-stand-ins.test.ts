import { connect } from "node:http2";
import { importPKCS8, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pushPassUpdate } from "../../features/wallet/apns";
import { googleWalletApi } from "../../features/wallet/google-wallet";
import type { AppleWallet, GoogleWallet } from "../../features/wallet/wallet-setup";
import { startApnsStandIn, type ApnsStandIn } from "./apns-stand-in";
import { startGoogleWalletStandIn, type GoogleWalletStandIn } from "./google-wallet-stand-in";
import { generateWalletTestIdentity } from "./test-identity";

const identity = generateWalletTestIdentity();
let apns: ApnsStandIn;
let google: GoogleWalletStandIn;
let apple: AppleWallet;
let googleWallet: GoogleWallet;
const TOKEN = "a".repeat(64);

beforeAll(async () => {
  apns = await startApnsStandIn({ serverCert: identity.apnsServerCert, serverKey: identity.apnsServerKey, caCert: identity.caCert });
  google = await startGoogleWalletStandIn({ issuerId: identity.googleIssuerId, serviceAccountEmail: identity.googleServiceAccountEmail, publicKey: identity.googlePublicKey });
  apple = {
    passTypeId: identity.passTypeId,
    teamId: identity.teamId,
    signerCert: identity.signerCert,
    signerKey: identity.signerKey,
    wwdrCert: identity.caCert,
    apnsUrl: apns.url,
    apnsCaCert: identity.caCert,
    tokenSecret: Buffer.alloc(32),
    webServiceUrl: "http://localhost/api/wallet/apple",
  };
  googleWallet = { issuerId: identity.googleIssuerId, serviceAccountEmail: identity.googleServiceAccountEmail, privateKey: identity.googlePrivateKey, apiUrl: google.url, tokenUrl: google.tokenUrl };
});
afterAll(async () => {
  await apns?.close();
  await google?.close();
});

/** One raw HTTP/2 request to the APNs stand-in, with whatever certificate and headers a test chooses. */
function rawApns(headers: Record<string, string>, body: string | null, client: { cert?: string; key?: string } = { cert: identity.signerCert, key: identity.signerKey }) {
  const session = connect(apns.url, { ca: identity.caCert, ...client });
  return new Promise<{ status: number; body: Record<string, unknown> | null }>((resolve, reject) => {
    session.on("error", reject);
    const stream = session.request(headers);
    let status = 0;
    let text = "";
    stream.on("response", (answer) => (status = Number(answer[":status"])));
    stream.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
    stream.on("close", () => {
      session.close();
      resolve({ status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null });
    });
    stream.end(body ?? undefined);
  });
}

describe("the APNs stand-in refuses what APNs refuses", () => {
  const post = (path: string, extra: Record<string, string> = {}) => ({ ":method": "POST", ":path": path, "apns-topic": identity.passTypeId, ...extra });

  it("accepts a pass update pushed with the pass certificate, and records it", async () => {
    expect(await pushPassUpdate(apple, TOKEN)).toEqual({ ok: true });
    expect(apns.pushes.at(-1)).toMatchObject({ deviceToken: TOKEN, topic: identity.passTypeId, payload: {} });
  });

  it("answers each bad parameter with its status and reason", async () => {
    expect(await rawApns({ ":method": "GET", ":path": `/3/device/${TOKEN}` }, null)).toMatchObject({ status: 405, body: { reason: "MethodNotAllowed" } });
    expect(await rawApns(post("/3/devices/x"), "{}")).toMatchObject({ status: 404, body: { reason: "BadPath" } });
    expect(await rawApns({ ":method": "POST", ":path": `/3/device/${TOKEN}` }, "{}")).toMatchObject({ status: 400, body: { reason: "MissingTopic" } });
    expect(await rawApns(post(`/3/device/${TOKEN}`, { "apns-topic": "pass.some.other.type" }), "{}")).toMatchObject({ status: 400, body: { reason: "TopicDisallowed" } });
    expect(await rawApns(post(`/3/device/${TOKEN}`, { "apns-topic": "com example" }), "{}")).toMatchObject({ status: 400, body: { reason: "BadTopic" } });
    expect(await rawApns(post("/3/device/not-hex"), "{}")).toMatchObject({ status: 400, body: { reason: "BadDeviceToken" } });
    expect(await rawApns(post(`/3/device/${TOKEN}`, { "apns-priority": "7" }), "{}")).toMatchObject({ status: 400, body: { reason: "BadPriority" } });
    expect(await rawApns(post(`/3/device/${TOKEN}`), null)).toMatchObject({ status: 400, body: { reason: "PayloadEmpty" } });
    expect(await rawApns(post(`/3/device/${TOKEN}`), JSON.stringify({ x: "y".repeat(5000) }))).toMatchObject({ status: 413, body: { reason: "PayloadTooLarge" } });
  });

  it("refuses a connection without a client certificate, or with one its CA did not issue (403)", async () => {
    expect(await rawApns(post(`/3/device/${TOKEN}`), "{}", {})).toMatchObject({ status: 403, body: { reason: "MissingProviderToken" } });
    const stranger = generateWalletTestIdentity();
    expect(await rawApns(post(`/3/device/${TOKEN}`), "{}", { cert: stranger.signerCert, key: stranger.signerKey })).toMatchObject({ status: 403, body: { reason: "BadCertificate" } });
  });

  it("answers 410 Unregistered for a token no longer active, which our client treats as permanent", async () => {
    const gone = "b".repeat(64);
    apns.unregister(gone);
    expect(await pushPassUpdate(apple, gone)).toEqual({ ok: false, status: 410, reason: "Unregistered", permanent: true });
  });
});

describe("the Google Wallet stand-in refuses what Google refuses", () => {
  const api = (method: string, path: string, token: string | null, body?: unknown) =>
    fetch(`${google.url}/walletobjects/v1/${path}`, { method, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), "content-type": "application/json" }, ...(body ? { body: JSON.stringify(body) } : {}) });

  async function accessToken(privateKey = identity.googlePrivateKey, scope = "https://www.googleapis.com/auth/wallet_object.issuer") {
    const now = Math.floor(Date.now() / 1000);
    const assertion = await new SignJWT({ scope }).setProtectedHeader({ alg: "RS256" }).setIssuer(identity.googleServiceAccountEmail).setAudience(google.tokenUrl).setIssuedAt(now).setExpirationTime(now + 3600).sign(await importPKCS8(privateKey, "RS256"));
    return fetch(google.tokenUrl, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", assertion }) });
  }

  it("gives an access token only for the service account's own key and the wallet scope", async () => {
    expect((await accessToken()).status).toBe(200);
    const wrongKey = await accessToken(generateWalletTestIdentity().googlePrivateKey);
    expect(wrongKey.status).toBe(400);
    expect(await wrongKey.json()).toMatchObject({ error: "invalid_grant" });
    const wrongScope = await accessToken(identity.googlePrivateKey, "https://www.googleapis.com/auth/drive");
    expect(await wrongScope.json()).toMatchObject({ error: "invalid_scope" });
  });

  it("answers 401, 400, 403, 404 and 409 in Google's error shape", async () => {
    const token = ((await (await accessToken()).json()) as { access_token: string }).access_token;
    const classId = `${identity.googleIssuerId}.event-stand-in`;
    const klass = { id: classId, issuerName: "Eventora", reviewStatus: "UNDER_REVIEW", eventName: { defaultValue: { language: "en-GB", value: "A night" } } };
    expect(await (await api("POST", "eventTicketClass", null, klass)).json()).toEqual({ error: { code: 401, message: expect.any(String), status: "UNAUTHENTICATED" } });
    expect((await api("POST", "eventTicketClass", token, { ...klass, reviewStatus: "APPROVED" })).status).toBe(400);
    expect((await api("POST", "eventTicketClass", token, klass)).status).toBe(200);
    expect(await (await api("POST", "eventTicketClass", token, klass)).json()).toMatchObject({ error: { code: 409, status: "ALREADY_EXISTS" } });
    const object = { id: `${identity.googleIssuerId}.obj-1`, classId, state: "ACTIVE", barcode: { type: "QR_CODE", value: "{}" } };
    expect(await (await api("POST", "eventTicketObject", token, { ...object, id: "999.obj-1" })).json()).toMatchObject({ error: { code: 403, status: "PERMISSION_DENIED" } });
    expect(await (await api("POST", "eventTicketObject", token, { ...object, id: "no dots here" })).json()).toMatchObject({ error: { code: 400, status: "INVALID_ARGUMENT" } });
    expect(await (await api("POST", "eventTicketObject", token, { ...object, classId: `${identity.googleIssuerId}.missing` })).json()).toMatchObject({ error: { code: 404, status: "NOT_FOUND" } });
    expect(await (await api("POST", "eventTicketObject", token, { ...object, state: "VOID" })).json()).toMatchObject({ error: { code: 400, status: "INVALID_ARGUMENT" } });
    expect(await (await api("POST", "eventTicketObject", token, { ...object, barcode: { type: "QR", value: "{}" } })).json()).toMatchObject({ error: { code: 400, status: "INVALID_ARGUMENT" } });
    expect((await api("POST", "eventTicketObject", token, object)).status).toBe(200);
    expect((await api("PATCH", `eventTicketObject/${object.id}`, token, { state: "inactive" })).status).toBe(200);
    expect(await (await api("PATCH", `eventTicketObject/${identity.googleIssuerId}.nope`, token, { state: "INACTIVE" })).json()).toMatchObject({ error: { code: 404, status: "NOT_FOUND" } });
  });

  it("is what our client inserts into and patches: a missing object is 'not there', not an error", async () => {
    const client = googleWalletApi(googleWallet);
    expect(await client.patch("eventTicketObject", `${identity.googleIssuerId}.never-saved`, { state: "INACTIVE" })).toBe(false);
    await expect(client.patch("eventTicketObject", `${identity.googleIssuerId}.obj-1`, { state: "GONE" })).rejects.toThrow(/400/);
  });
});
