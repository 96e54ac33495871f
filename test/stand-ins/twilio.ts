import { randomBytes } from "node:crypto";
import { startStandInServer, type RecordedRequest, type Reply, type StandInServer } from "./server";

/**
 * A stand-in for Twilio's Messages API (POST /2010-04-01/Accounts/{AccountSid}/Messages.json) that
 * refuses what Twilio refuses for every parameter we send, with Twilio's error shape and status.
 *
 * Sources:
 * - [MSG] https://www.twilio.com/docs/messaging/api/message-resource#create-a-message-resource
 *   (form-encoded parameters To, From, MessagingServiceSid, Body, MediaUrl; 201 answer).
 * - [AUTH] https://www.twilio.com/docs/usage/requests-to-twilio#authentication: HTTP Basic with
 *   AccountSid:AuthToken.
 * - [RESP] https://www.twilio.com/docs/usage/twilios-response#response-formats-exceptions: errors are
 *   `{ code, message, more_info, status }`.
 * - Error codes, https://www.twilio.com/docs/api/errors/{code}: 20003 Authentication Error, 21211
 *   Invalid 'To' Phone Number, 21212 Invalid 'From' Number, 21602 Message body is required, 21603
 *   'From' phone number is required, 21604 'To' phone number is required, 21617 body exceeds the
 *   1600 character limit.
 */

export interface TwilioError {
  code: number;
  message: string;
  more_info: string;
  status: number;
}

const error = (status: number, code: number, message: string): Reply => ({
  status,
  json: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status } satisfies TwilioError,
});

/** [MSG] To/From: "in E.164 format" (+ and up to 15 digits). */
const E164 = /^\+[1-9]\d{1,14}$/;
/** [MSG] From may also be an alphanumeric sender ID (up to 11 letters, digits and spaces, at least one letter) or a short code. */
const ALPHANUMERIC_SENDER = /^(?=.*[A-Za-z])[A-Za-z0-9 ]{1,11}$/;
const SHORT_CODE = /^\d{3,6}$/;
/** [MSG] MessagingServiceSid: "MG" and 32 hex digits. */
const MESSAGING_SERVICE_SID = /^MG[0-9a-f]{32}$/;
/** Error 21617: "The concatenated message body exceeds the 1600 character limit". */
export const TWILIO_BODY_MAX = 1600;

export function checkTwilioMessage(form: URLSearchParams): Reply | null {
  const to = form.get("To");
  if (!to) return error(400, 21604, "A 'To' phone number is required.");
  // Channel addresses (whatsapp:+44…) carry an E.164 number after the prefix.
  if (!E164.test(to.replace(/^(whatsapp|messenger|rcs):/, ""))) return error(400, 21211, `Invalid 'To' Phone Number: ${to}`);
  const from = form.get("From");
  const service = form.get("MessagingServiceSid");
  if (!from && !service) return error(400, 21603, "A 'From' phone number is required.");
  if (from && !(E164.test(from.replace(/^(whatsapp|messenger|rcs):/, "")) || ALPHANUMERIC_SENDER.test(from) || SHORT_CODE.test(from))) {
    return error(400, 21212, `Invalid From Number (caller ID): ${from}`);
  }
  if (service && !MESSAGING_SERVICE_SID.test(service)) return error(400, 21701, `The Messaging Service Sid ${service} is invalid.`);
  const body = form.get("Body");
  // [MSG] Body: required unless MediaUrl or ContentSid is given.
  if (!body && !form.get("MediaUrl") && !form.get("ContentSid")) return error(400, 21602, "Message body is required.");
  if (body && [...body].length > TWILIO_BODY_MAX) return error(400, 21617, `The concatenated message body exceeds the ${TWILIO_BODY_MAX} character limit.`);
  return null;
}

export interface TwilioStandIn extends StandInServer {
  readonly accountSid: string;
  readonly authToken: string;
  /** The messages Twilio accepted. */
  readonly messages: { to: string; from: string | null; body: string }[];
  /** Valid requests are answered with this status and a Twilio error instead (an outage). */
  failWith: number | null;
}

export async function startTwilioStandIn({ accountSid = "AC0123", authToken = "secret-token" } = {}): Promise<TwilioStandIn> {
  const state: Pick<TwilioStandIn, "failWith" | "messages"> = { failWith: null, messages: [] };
  const path = `/2010-04-01/Accounts/${accountSid}/Messages.json`;
  const handle = (request: RecordedRequest): Reply => {
    // [AUTH] Basic AccountSid:AuthToken, else 20003.
    const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`;
    if (request.headers.authorization !== expected) return error(401, 20003, "Authenticate");
    if (request.method !== "POST" || request.path !== path) return error(404, 20404, `The requested resource ${request.path} was not found`);
    // [MSG] parameters are sent form-encoded; any other body carries none of them.
    const form = new URLSearchParams(request.headers["content-type"]?.startsWith("application/x-www-form-urlencoded") ? request.body.toString("utf8") : "");
    const refusal = checkTwilioMessage(form);
    if (refusal) return refusal;
    if (state.failWith) return error(state.failWith, 20500, "An internal server error has occurred");
    const message = { to: form.get("To")!, from: form.get("From"), body: form.get("Body") ?? "" };
    state.messages.push(message);
    const sid = `SM${randomBytes(16).toString("hex")}`;
    return {
      status: 201,
      json: { sid, account_sid: accountSid, to: message.to, from: message.from, messaging_service_sid: form.get("MessagingServiceSid"), body: message.body, status: "queued", num_segments: "1", uri: `${path.replace(".json", "")}/${sid}.json` },
    };
  };
  const server = await startStandInServer(handle);
  return Object.assign(state, server, { accountSid, authToken });
}
