import { randomUUID } from "node:crypto";
import { isBase64, isEmailAddress, isObject, jsonBody, startStandInServer, type RecordedRequest, type Reply, type StandInServer } from "./server";

/**
 * A stand-in for Brevo's transactional e-mail API (POST /v3/smtp/email) that refuses what Brevo
 * refuses for every parameter we send, with Brevo's error shape and status.
 *
 * Sources:
 * - [SEND] https://developers.brevo.com/reference/sendtransacemail (body parameters, 201 answer).
 * - [ERR] https://developers.brevo.com/docs/how-it-works (Responses › Error response, HTTP status
 *   codes) and the ErrorModel of Brevo's OpenAPI description: errors are `{ code, message }`, `code`
 *   one of `missing_parameter`, `invalid_parameter`, `unauthorized`…; 400 for a bad request, 401
 *   without a valid `api-key` header.
 * - [ATT] https://help.brevo.com/hc/en-us/articles/4402811730962 and [SEND] attachment: the allowed
 *   file extensions, content (Base64) or url, and a name for content.
 */

export interface BrevoError {
  code: string;
  message: string;
}

const error = (status: number, code: string, message: string): Reply => ({ status, json: { code, message } satisfies BrevoError });
const missing = (message: string) => error(400, "missing_parameter", message);
const invalid = (message: string) => error(400, "invalid_parameter", message);

/** [SEND] attachment: "Allowed extensions for attachment file". */
export const BREVO_ATTACHMENT_EXTENSIONS = [
  "xlsx", "xls", "ods", "docx", "docm", "doc", "csv", "pdf", "txt", "gif", "jpg", "jpeg", "png", "tif", "tiff", "rtf", "bmp", "cgm", "css",
  "shtml", "html", "htm", "zip", "xml", "ppt", "pptx", "tar", "ez", "ics", "mobi", "msg", "pub", "eps", "odt", "mp3", "m4a", "m4v", "wma",
  "ogg", "flac", "wav", "aif", "aifc", "aiff", "mp4", "mov", "avi", "mkv", "mpeg", "mpg", "wmv", "pkpass", "xlsm",
];
/** [ATT] "The size limit for transactional emails is 20MB, including attachments and email content." */
const MAX_EMAIL_BYTES = 20 * 1024 * 1024;

/** [SEND] to, cc, bcc: arrays of `{ email, name? }`. */
function checkContacts(field: string, value: unknown, required: boolean): Reply | null {
  if (value === undefined) return required ? missing(`${field} is missing`) : null;
  if (!Array.isArray(value) || (required && !value.length)) return invalid(`${field} should be an array of objects with an email`);
  for (const contact of value) {
    if (!isObject(contact)) return invalid(`${field} should be an array of objects with an email`);
    if (contact.email === undefined) return missing(`email is missing in ${field}`);
    if (!isEmailAddress(contact.email)) return invalid(`email is not valid in ${field}`);
    if (contact.name !== undefined && typeof contact.name !== "string") return invalid(`name should be a string in ${field}`);
  }
  return null;
}

export function checkBrevoEmail(body: unknown, size: number): Reply | null {
  if (!isObject(body)) return error(400, "bad_request", "Input must be a JSON object");
  const template = body.templateId !== undefined;
  if (template && !Number.isInteger(body.templateId)) return invalid("templateId should be an integer");
  // [SEND] sender: "Mandatory if templateId is not passed"; `{ name?, email }` or `{ id }`.
  if (body.sender === undefined) {
    if (!template) return missing("sender is missing");
  } else {
    if (!isObject(body.sender)) return invalid("sender should be an object");
    if (body.sender.id === undefined) {
      if (body.sender.email === undefined) return missing("sender email is missing");
      if (!isEmailAddress(body.sender.email)) return invalid("valid sender email required");
    }
    if (body.sender.name !== undefined && typeof body.sender.name !== "string") return invalid("sender name should be a string");
  }
  // [SEND] to: "Mandatory if messageVersions are not passed".
  const toRefusal = checkContacts("to", body.to, body.messageVersions === undefined);
  if (toRefusal) return toRefusal;
  for (const field of ["cc", "bcc"]) {
    const refusal = checkContacts(field, body[field], false);
    if (refusal) return refusal;
  }
  if (!template) {
    // [SEND] subject: "Mandatory if templateId is not passed"; htmlContent or textContent likewise.
    if (typeof body.subject !== "string" || !body.subject) return missing("subject is missing");
    if (typeof body.htmlContent !== "string" && typeof body.textContent !== "string") return missing("htmlContent or textContent is missing");
  }
  for (const field of ["htmlContent", "textContent"]) if (body[field] !== undefined && typeof body[field] !== "string") return invalid(`${field} should be a string`);
  if (body.attachment !== undefined) {
    if (!Array.isArray(body.attachment) || !body.attachment.length) return invalid("attachment should be a non-empty array");
    for (const attachment of body.attachment) {
      if (!isObject(attachment)) return invalid("attachment should be an array of objects");
      // [SEND] attachment: "url" of the file, or "content" (Base64) with a "name"; not both.
      const hasUrl = attachment.url !== undefined;
      const hasContent = attachment.content !== undefined;
      if (hasUrl === hasContent) return invalid("attachment should have either url or content");
      if (hasContent && !isBase64(attachment.content)) return invalid("attachment content should be base64 encoded");
      if (hasUrl && (typeof attachment.url !== "string" || !/^https?:\/\//.test(attachment.url))) return invalid("attachment url is not valid");
      if (hasContent && (typeof attachment.name !== "string" || !attachment.name)) return missing("name is missing in attachment");
      const name = typeof attachment.name === "string" ? attachment.name : new URL(attachment.url as string).pathname;
      const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
      if (!extension || !BREVO_ATTACHMENT_EXTENSIONS.includes(extension)) return invalid(`attachment extension ${extension ? `.${extension} ` : ""}is not allowed`);
      for (const key of Object.keys(attachment)) if (!["url", "content", "name"].includes(key)) return invalid(`attachment has an unknown parameter ${key}`);
    }
  }
  if (size > MAX_EMAIL_BYTES) return invalid("email size exceeds the 20MB limit");
  return null;
}

export interface BrevoStandIn extends StandInServer {
  readonly apiKey: string;
  /** Valid requests are answered with this status and a Brevo error instead (an outage). */
  failWith: number | null;
}

export async function startBrevoStandIn({ apiKey = "xkeysib-test" }: { apiKey?: string } = {}): Promise<BrevoStandIn> {
  const state: Pick<BrevoStandIn, "failWith"> = { failWith: null };
  const handle = (request: RecordedRequest): Reply => {
    // [ERR] 401 unauthorized: the key travels in the `api-key` header.
    const key = request.headers["api-key"];
    if (key === undefined) return error(401, "unauthorized", "Key not found");
    if (key !== apiKey) return error(401, "unauthorized", "API Key is not enabled");
    if (request.method !== "POST" || request.path !== "/v3/smtp/email") return error(404, "not_found", "Invalid route");
    const refusal = checkBrevoEmail(jsonBody(request), request.body.length);
    if (refusal) return refusal;
    if (state.failWith) return error(state.failWith, "internal_error", "Internal server error");
    // [SEND] 201 { messageId }.
    return { status: 201, json: { messageId: `<${randomUUID()}@smtp-relay.mailin.fr>` } };
  };
  const server = await startStandInServer(handle);
  return Object.assign(state, server, { apiKey });
}
