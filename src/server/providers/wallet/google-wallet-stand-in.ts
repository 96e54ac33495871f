import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { importSPKI, jwtVerify } from "jose";

type Json = Record<string, unknown>;

const WALLET_SCOPE = "https://www.googleapis.com/auth/wallet_object.issuer";
/** EventTicketObject.state (https://developers.google.com/wallet/reference/rest/v1/eventticketobject#State), in either case as the API takes enums. */
const STATES = ["ACTIVE", "COMPLETED", "EXPIRED", "INACTIVE"];
/** EventTicketClass.reviewStatus a caller may set on insert or patch (https://developers.google.com/wallet/reference/rest/v1/eventticketclass). */
const SETTABLE_REVIEW_STATUSES = ["UNDER_REVIEW", "DRAFT"];
/** Barcode.type (https://developers.google.com/wallet/reference/rest/v1/Barcode#BarcodeType). */
const BARCODE_TYPES = ["AZTEC", "CODE_39", "CODE_128", "CODABAR", "DATA_MATRIX", "EAN_8", "EAN_13", "ITF_14", "PDF_417", "QR_CODE", "UPC_A", "TEXT_ONLY"];

class ApiError extends Error {
  constructor(readonly code: number, readonly status: string, message: string) {
    super(message);
  }
}

/**
 * A local Google Wallet API (decision 045) for the demo and the tests: the OAuth 2.0 token endpoint for a
 * service account's JWT bearer grant (https://developers.google.com/identity/protocols/oauth2/service-account#httprest,
 * errors as RFC 6749 §5.2 `{"error", "error_description"}`), and eventTicketClass and eventTicketObject
 * insert / get / patch (https://developers.google.com/wallet/reference/rest/v1/eventticketobject), refusing what
 * the API refuses for every field we send in Google's error shape `{"error": {"code", "message", "status"}}`:
 * 401 UNAUTHENTICATED without a valid access token, 400 INVALID_ARGUMENT for a bad id, state, barcode type or
 * review status, 403 PERMISSION_DENIED for another issuer's id, 404 NOT_FOUND, 409 ALREADY_EXISTS on insert
 * ("API error responses", https://developers.google.com/wallet/tickets/events/resources/error-codes).
 */
export async function startGoogleWalletStandIn({ issuerId, serviceAccountEmail, publicKey, host = "127.0.0.1" }: { issuerId: string; serviceAccountEmail: string; publicKey: string; host?: string }) {
  const key = await importSPKI(publicKey, "RS256");
  const tokens = new Map<string, number>();
  const classes = new Map<string, Json>();
  const objects = new Map<string, Json>();
  /** Every change the API accepted, in order, for tests to read back. */
  const requests: { method: string; path: string; body: Json | null }[] = [];
  let tokenUrl = "";

  const readBody = (request: IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
      request.on("error", reject);
    });

  const send = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { "content-type": "application/json; charset=UTF-8" });
    response.end(JSON.stringify(body));
  };

  async function token(body: string, response: ServerResponse) {
    const form = new URLSearchParams(body);
    const oauthError = (error: string, description: string) => send(response, 400, { error, error_description: description });
    if (form.get("grant_type") !== "urn:ietf:params:oauth:grant-type:jwt-bearer") return oauthError("unsupported_grant_type", `Invalid grant_type: ${form.get("grant_type") ?? ""}`);
    const assertion = form.get("assertion");
    if (!assertion) return oauthError("invalid_request", "Missing required parameter: assertion");
    let claims: Json;
    try {
      claims = (await jwtVerify(assertion, key, { algorithms: ["RS256"], issuer: serviceAccountEmail, audience: tokenUrl, maxTokenAge: "1h" })).payload;
    } catch (error) {
      return oauthError("invalid_grant", `Invalid JWT: ${(error as Error).message}`);
    }
    // A service account's assertion lasts at most an hour (exp - iat <= 3600).
    if (typeof claims.exp !== "number" || typeof claims.iat !== "number" || claims.exp - claims.iat > 3600) return oauthError("invalid_grant", "Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe.");
    const scopes = String(claims.scope ?? "").split(" ");
    if (!scopes.includes(WALLET_SCOPE)) return oauthError("invalid_scope", "Invalid OAuth scope or ID token audience provided.");
    const accessToken = `ya29.stand-in.${randomBytes(24).toString("base64url")}`;
    tokens.set(accessToken, Date.now() + 3600_000);
    send(response, 200, { access_token: accessToken, expires_in: 3599, token_type: "Bearer" });
  }

  function checkId(id: unknown, what: string): string {
    if (typeof id !== "string" || !/^\d+\.[A-Za-z0-9._-]+$/.test(id)) throw new ApiError(400, "INVALID_ARGUMENT", `Request contains an invalid argument. Invalid resource ID: ${String(id)}.`);
    if (id.split(".")[0] !== issuerId) throw new ApiError(403, "PERMISSION_DENIED", `The caller does not have permission to ${what} ${id}.`);
    return id;
  }

  function checkObjectFields(object: Json) {
    if (object.state !== undefined && !STATES.includes(String(object.state).toUpperCase())) throw new ApiError(400, "INVALID_ARGUMENT", `Invalid value at 'resource.state' (type.googleapis.com/google.walletobjects.v1.State), "${String(object.state)}"`);
    const barcode = object.barcode as Json | undefined;
    if (barcode !== undefined) {
      if (!BARCODE_TYPES.includes(String(barcode.type))) throw new ApiError(400, "INVALID_ARGUMENT", `Invalid value at 'resource.barcode.type', "${String(barcode.type)}"`);
      if (typeof barcode.value !== "string" || !barcode.value) throw new ApiError(400, "INVALID_ARGUMENT", "Request contains an invalid argument. barcode.value is required.");
    }
  }

  function checkClassFields(klass: Json, insert: boolean) {
    if (insert || klass.reviewStatus !== undefined) {
      if (!SETTABLE_REVIEW_STATUSES.includes(String(klass.reviewStatus).toUpperCase())) throw new ApiError(400, "INVALID_ARGUMENT", `Invalid review status: ${String(klass.reviewStatus)}. Insert and patch take UNDER_REVIEW or DRAFT.`);
    }
    if (insert) {
      if (typeof klass.issuerName !== "string" || !klass.issuerName) throw new ApiError(400, "INVALID_ARGUMENT", "Request contains an invalid argument. issuerName is required.");
      const name = klass.eventName as { defaultValue?: { language?: unknown; value?: unknown } } | undefined;
      if (typeof name?.defaultValue?.value !== "string" || typeof name.defaultValue.language !== "string") throw new ApiError(400, "INVALID_ARGUMENT", "Request contains an invalid argument. eventName.defaultValue is required.");
    }
  }

  async function api(method: string, path: string, body: string, request: IncomingMessage, response: ServerResponse) {
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
    const expires = bearer ? tokens.get(bearer) : undefined;
    if (!expires || expires < Date.now()) throw new ApiError(401, "UNAUTHENTICATED", "Request is missing required authentication credential. Expected OAuth 2 access token, login cookie or other valid authentication credential.");
    const match = /^\/walletobjects\/v1\/(eventTicketClass|eventTicketObject)(?:\/([^/]+))?$/.exec(path);
    if (!match) throw new ApiError(404, "NOT_FOUND", `The requested URL ${path} was not found on this server.`);
    const [, kind, rawId] = match;
    const store = kind === "eventTicketClass" ? classes : objects;
    const label = kind === "eventTicketClass" ? "Wallet Object Class" : "Wallet Object";
    let parsed: Json | null = null;
    if (method === "POST" || method === "PATCH") {
      try {
        parsed = JSON.parse(body) as Json;
        if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error("not an object");
      } catch {
        throw new ApiError(400, "INVALID_ARGUMENT", "Invalid JSON payload received.");
      }
    }
    if (method === "POST" && !rawId) {
      const id = checkId(parsed!.id, "insert");
      if (kind === "eventTicketClass") checkClassFields(parsed!, true);
      else {
        const classId = checkId(parsed!.classId, "use class");
        if (!classes.has(classId)) throw new ApiError(404, "NOT_FOUND", `Wallet Object Class ${classId} not found.`);
        if (parsed!.state === undefined) throw new ApiError(400, "INVALID_ARGUMENT", "Request contains an invalid argument. state is required.");
        checkObjectFields(parsed!);
      }
      if (store.has(id)) throw new ApiError(409, "ALREADY_EXISTS", `${label} ${id} already exists.`);
      const stored = { kind: `walletobjects#${kind}`, ...parsed! };
      store.set(id, stored);
      requests.push({ method, path, body: parsed });
      return send(response, 200, stored);
    }
    if (!rawId) throw new ApiError(404, "NOT_FOUND", `The requested URL ${path} was not found on this server.`);
    const id = checkId(decodeURIComponent(rawId), method === "GET" ? "read" : "update");
    const existing = store.get(id);
    if (!existing) throw new ApiError(404, "NOT_FOUND", `${label} ${id} not found.`);
    if (method === "GET") return send(response, 200, existing);
    if (method !== "PATCH") throw new ApiError(404, "NOT_FOUND", `The requested URL ${path} was not found on this server.`);
    if (parsed!.id !== undefined && parsed!.id !== id) throw new ApiError(400, "INVALID_ARGUMENT", `Request contains an invalid argument. The id in the body (${String(parsed!.id)}) is not the id in the path (${id}).`);
    if (kind === "eventTicketClass") checkClassFields(parsed!, false);
    else {
      if (parsed!.classId !== undefined && parsed!.classId !== existing.classId) throw new ApiError(400, "INVALID_ARGUMENT", "Request contains an invalid argument. classId cannot be changed.");
      checkObjectFields(parsed!);
    }
    const updated = { ...existing, ...parsed! };
    store.set(id, updated);
    requests.push({ method, path, body: parsed });
    send(response, 200, updated);
  }

  const server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      const path = new URL(request.url ?? "/", "http://stand-in").pathname;
      try {
        if (request.method === "POST" && path === "/token") return await token(body, response);
        await api(request.method ?? "GET", path, body, request, response);
      } catch (error) {
        if (error instanceof ApiError) return send(response, error.code, { error: { code: error.code, message: error.message, status: error.status } });
        send(response, 500, { error: { code: 500, message: "Internal error encountered.", status: "INTERNAL" } });
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const url = `http://${host}:${(server.address() as AddressInfo).port}`;
  tokenUrl = `${url}/token`;
  return {
    url,
    tokenUrl,
    classes,
    objects,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type GoogleWalletStandIn = Awaited<ReturnType<typeof startGoogleWalletStandIn>>;
