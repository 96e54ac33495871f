import { randomUUID } from "node:crypto";
import { isBase64, isEmailAddress, isObject, jsonBody, startStandInServer, type RecordedRequest, type Reply, type StandInServer } from "./server";

/**
 * A stand-in for Resend's send-email API (POST /emails) that refuses what Resend refuses for every
 * parameter we send, with Resend's error shape and status.
 *
 * Sources:
 * - [SEND] https://resend.com/docs/api-reference/emails/send-email (body parameters and headers).
 * - [ERR] https://resend.com/docs/api-reference/errors: errors are `{ statusCode, name, message }`
 *   (the shape Resend's SDKs read, e.g. resend-rs ErrorResponse); `missing_api_key` 401,
 *   `invalid_api_key` 403, `missing_required_field` 422, `invalid_from_address` 422,
 *   `invalid_attachment` 422, `invalid_idempotency_key` 400. A malformed field value is a
 *   `validation_error`, which Resend answers with 422 for the address and attachment fields
 *   ("Invalid `to` field. The email address needs to follow the `email@example.com` or
 *   `Name <email@example.com>` format.").
 * - [TYPES] https://resend.com/docs/knowledge-base/what-attachment-types-are-not-supported: any file
 *   type may be sent except the listed extensions (executables and scripts); a PDF or an .ics is fine.
 */

export interface ResendError {
  statusCode: number;
  name: string;
  message: string;
}

const error = (statusCode: number, name: string, message: string): Reply => ({ status: statusCode, json: { statusCode, name, message } satisfies ResendError });
const missingField = (field: string) => error(422, "missing_required_field", `Missing \`${field}\` field.`);
const invalid = (message: string) => error(422, "validation_error", message);

/** [SEND] to: "Max 50" recipients; the same for cc and bcc. */
export const RESEND_MAX_RECIPIENTS = 50;
/** [TYPES] the extensions Resend will not send. */
export const RESEND_BLOCKED_EXTENSIONS = [
  "adp", "app", "asp", "bas", "bat", "cer", "chm", "cmd", "com", "cpl", "crt", "csh", "der", "exe", "fxp", "gadget", "hlp", "hta", "inf", "ins",
  "isp", "its", "js", "jse", "ksh", "lib", "lnk", "mad", "maf", "mag", "mam", "maq", "mar", "mas", "mat", "mau", "mav", "maw", "mda", "mdb",
  "mde", "mdt", "mdw", "mdz", "msc", "msh", "msh1", "msh2", "mshxml", "msh1xml", "msh2xml", "msi", "msp", "mst", "ops", "pcd", "pif", "plg",
  "prf", "prg", "reg", "scf", "scr", "sct", "shb", "shs", "sys", "ps1", "ps1xml", "ps2", "ps2xml", "psc1", "psc2", "tmp", "url", "vb", "vbe",
  "vbs", "vps", "vsmacros", "vss", "vst", "vsw", "vxd", "ws", "wsc", "wsf", "wsh", "xnk",
];
/** [SEND] attachments: "Max 40MB per email, after Base64 encoding". */
const MAX_ATTACHMENT_BYTES = 40 * 1024 * 1024;

/** [SEND] from: `"Your Name <sender@domain.com>"` or a bare address. */
function isSender(value: unknown): boolean {
  if (typeof value !== "string") return false;
  const named = /^\s*(?:"[^"]*"|[^<>"]*?)\s*<([^<>]+)>\s*$/.exec(value);
  return isEmailAddress(named ? named[1] : value.trim());
}

/** [SEND] to, cc, bcc, reply_to: an address or an array of addresses (≤ 50). */
function checkRecipients(field: string, value: unknown): Reply | null {
  const list = typeof value === "string" ? [value] : value;
  if (!Array.isArray(list) || !list.length) return invalid(`Invalid \`${field}\` field. The email address needs to follow the \`email@example.com\` or \`Name <email@example.com>\` format.`);
  if (list.length > RESEND_MAX_RECIPIENTS) return invalid(`Invalid \`${field}\` field. Too many recipients: at most ${RESEND_MAX_RECIPIENTS} are allowed.`);
  for (const address of list) {
    if (!isSender(address)) return invalid(`Invalid \`${field}\` field. The email address needs to follow the \`email@example.com\` or \`Name <email@example.com>\` format.`);
  }
  return null;
}

export function checkResendEmail(body: unknown): Reply | null {
  if (!isObject(body)) return invalid("The request body must be a JSON object.");
  // [SEND] from, to and subject are required.
  for (const field of ["from", "to", "subject"]) if (body[field] === undefined || body[field] === null || body[field] === "") return missingField(field);
  // [ERR] invalid_from_address 422 "Invalid `from` field."
  if (!isSender(body.from)) return error(422, "invalid_from_address", "Invalid `from` field. The email address needs to follow the `email@example.com` or `Name <email@example.com>` format.");
  for (const field of ["to", "cc", "bcc", "reply_to"]) {
    if (body[field] === undefined) continue;
    const refusal = checkRecipients(field, body[field]);
    if (refusal) return refusal;
  }
  if (typeof body.subject !== "string") return invalid("Invalid `subject` field: expected a string.");
  // [SEND] html, text (or a React template, which only the Node SDK renders) carry the message.
  if (typeof body.html !== "string" && typeof body.text !== "string") return missingField("html` or `text");
  for (const field of ["html", "text"]) if (body[field] !== undefined && typeof body[field] !== "string") return invalid(`Invalid \`${field}\` field: expected a string.`);
  if (body.attachments !== undefined) {
    if (!Array.isArray(body.attachments)) return invalid("Invalid `attachments` field: expected an array.");
    let total = 0;
    for (const attachment of body.attachments) {
      if (!isObject(attachment)) return invalid("Invalid `attachments` field: each attachment must be an object.");
      // [SEND] attachments: content (Base64 string) or path (a URL where the file is hosted).
      const hasContent = attachment.content !== undefined;
      const hasPath = attachment.path !== undefined;
      if (!hasContent && !hasPath) return error(422, "invalid_attachment", "Attachment must have either a `content` or `path`.");
      if (hasContent && !isBase64(attachment.content)) return error(422, "invalid_attachment", "Attachment `content` must be a Base64 string.");
      if (hasPath && (typeof attachment.path !== "string" || !/^https?:\/\//.test(attachment.path))) return error(422, "invalid_attachment", "Attachment `path` must be a URL.");
      // [SEND] filename: "Name of attached file"; required for content, where it cannot come from the URL.
      if (hasContent && (typeof attachment.filename !== "string" || !attachment.filename)) return error(422, "invalid_attachment", "Attachment `filename` is required with `content`.");
      const name = typeof attachment.filename === "string" ? attachment.filename : hasPath && typeof attachment.path === "string" ? new URL(attachment.path).pathname : "";
      const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
      if (extension && RESEND_BLOCKED_EXTENSIONS.includes(extension)) return error(422, "invalid_attachment", `Attachments with the .${extension} extension are not supported.`);
      if (attachment.content_type !== undefined && (typeof attachment.content_type !== "string" || !/^[\w.+-]+\/[\w.+-]+(\s*;.*)?$/.test(attachment.content_type))) {
        return invalid("Invalid `content_type` in attachments: expected a MIME type.");
      }
      // [SEND] content_id: the id an inline image is referred to by (`cid:{content_id}`).
      if (attachment.content_id !== undefined && (typeof attachment.content_id !== "string" || !attachment.content_id)) return invalid("Invalid `content_id` in attachments.");
      for (const key of Object.keys(attachment)) {
        if (!["content", "path", "filename", "content_type", "content_id", "inline_content_id"].includes(key)) return invalid(`Invalid attachment field \`${key}\`.`);
      }
      total += hasContent ? (attachment.content as string).length : 0;
    }
    if (total > MAX_ATTACHMENT_BYTES) return invalid("Attachments exceed the 40MB limit per email.");
  }
  return null;
}

export interface ResendStandIn extends StandInServer {
  readonly apiKey: string;
  /** Valid requests are answered with this status and a Resend error instead (an outage). */
  failWith: number | null;
}

export async function startResendStandIn({ apiKey = "re_test_key" }: { apiKey?: string } = {}): Promise<ResendStandIn> {
  const state: Pick<ResendStandIn, "failWith"> = { failWith: null };
  const idempotent = new Map<string, string>();
  const handle = (request: RecordedRequest): Reply => {
    // [ERR] missing_api_key 401 "Missing API key in the authorization header."; invalid_api_key 403.
    const authorization = request.headers.authorization;
    if (!authorization?.startsWith("Bearer ")) return error(401, "missing_api_key", "Missing API key in the authorization header. Include the following header Authorization: Bearer YOUR_API_KEY in the request.");
    if (authorization.slice("Bearer ".length) !== apiKey) return error(403, "invalid_api_key", "API key is invalid");
    if (request.method !== "POST" || request.path !== "/emails") return error(404, "not_found", "The requested endpoint does not exist.");
    // [ERR] invalid_idempotency_key 400 "The key must be between 1-256 chars."
    const key = request.headers["idempotency-key"];
    if (key !== undefined && (typeof key !== "string" || key.length < 1 || key.length > 256)) return error(400, "invalid_idempotency_key", "The key must be between 1-256 chars.");
    const body = jsonBody(request);
    const refusal = checkResendEmail(body);
    if (refusal) return refusal;
    if (state.failWith) return error(state.failWith, "application_error", "An unexpected error occurred.");
    // [SEND] Idempotency-Key: the same key within 24 hours answers the first email's id.
    const id = (typeof key === "string" && idempotent.get(key)) || randomUUID();
    if (typeof key === "string") idempotent.set(key, id);
    return { status: 200, json: { id } };
  };
  const server = await startStandInServer(handle);
  return Object.assign(state, server, { apiKey });
}
