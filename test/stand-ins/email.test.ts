import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBrevoStandIn, type BrevoError, type BrevoStandIn } from "./brevo";
import { startResendStandIn, type ResendError, type ResendStandIn } from "./resend";

let resend: ResendStandIn;
let brevo: BrevoStandIn;
beforeAll(async () => {
  [resend, brevo] = await Promise.all([startResendStandIn(), startBrevoStandIn()]);
});
afterAll(async () => Promise.all([resend.close(), brevo.close()]));

const PNG_BASE64 = Buffer.from("png bytes").toString("base64");

describe("the Resend stand-in", () => {
  const send = (body: unknown, headers: Record<string, string> = { authorization: `Bearer ${resend.apiKey}` }) =>
    fetch(`${resend.url}/emails`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
  const good = {
    from: "Eventora <tickets@eventora.test>",
    to: ["buyer@example.com"],
    subject: "Your ticket",
    html: "<p>Hi</p>",
    text: "Hi",
    attachments: [{ filename: "TCKT-1.png", content: PNG_BASE64, content_type: "image/png", content_id: "ticket-qr" }],
  };

  async function expectRefusal(response: Response, statusCode: number, name: string) {
    expect(response.status).toBe(statusCode);
    const body = (await response.json()) as ResendError;
    expect(body).toEqual({ statusCode, name, message: expect.any(String) });
    return body.message;
  }

  it("accepts a valid e-mail with an id", async () => {
    const response = await send(good);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  });

  it("answers 401 missing_api_key without a bearer key and 403 invalid_api_key with a wrong one", async () => {
    await expectRefusal(await send(good, {}), 401, "missing_api_key");
    await expectRefusal(await send(good, { authorization: "Bearer re_wrong" }), 403, "invalid_api_key");
  });

  it.each(["from", "to", "subject"])("answers 422 missing_required_field without %s", async (field) => {
    const message = await expectRefusal(await send({ ...good, [field]: undefined }), 422, "missing_required_field");
    expect(message).toContain(`\`${field}\``);
  });

  it("needs html or text", async () => {
    await expectRefusal(await send({ ...good, html: undefined, text: undefined }), 422, "missing_required_field");
  });

  it("answers 422 invalid_from_address for a malformed sender, and validation_error for a malformed recipient or more than 50", async () => {
    await expectRefusal(await send({ ...good, from: "Eventora tickets" }), 422, "invalid_from_address");
    await expectRefusal(await send({ ...good, to: ["not an address"] }), 422, "validation_error");
    const fifty = Array.from({ length: 50 }, (_, index) => `buyer${index}@example.com`);
    expect((await send({ ...good, to: fifty })).status).toBe(200);
    await expectRefusal(await send({ ...good, to: [...fifty, "one-more@example.com"] }), 422, "validation_error");
    await expectRefusal(await send({ ...good, bcc: [...fifty, "one-more@example.com"] }), 422, "validation_error");
  });

  it("refuses an attachment without content or path, with content that is not base64, or content without a filename", async () => {
    await expectRefusal(await send({ ...good, attachments: [{ filename: "a.png" }] }), 422, "invalid_attachment");
    await expectRefusal(await send({ ...good, attachments: [{ filename: "a.png", content: "not base64!" }] }), 422, "invalid_attachment");
    await expectRefusal(await send({ ...good, attachments: [{ content: PNG_BASE64 }] }), 422, "invalid_attachment");
    await expectRefusal(await send({ ...good, attachments: [{ filename: "a.png", content: PNG_BASE64, content_type: "png" }] }), 422, "validation_error");
    expect((await send({ ...good, attachments: [{ filename: "a.png", path: "https://example.com/a.png" }] })).status).toBe(200);
  });

  it("takes a PDF (the ticket e-mail's receipt) and an .ics, and refuses the file types Resend will not send (issue 34)", async () => {
    const pdf = { filename: "eventora-receipt-R-000001.pdf", content: Buffer.from("%PDF-1.7").toString("base64"), content_type: "application/pdf" };
    const ics = { filename: "TCKT-1.ics", content: PNG_BASE64, content_type: "text/calendar; charset=utf-8; method=PUBLISH" };
    expect((await send({ ...good, attachments: [...good.attachments, ics, pdf] })).status).toBe(200);
    expect(await expectRefusal(await send({ ...good, attachments: [{ ...pdf, filename: "receipt.exe" }] }), 422, "invalid_attachment")).toContain(".exe");
    await expectRefusal(await send({ ...good, attachments: [{ filename: "setup.msi", path: "https://example.com/setup.msi" }] }), 422, "invalid_attachment");
  });

  it("answers 400 invalid_idempotency_key for a key over 256 characters, and the same id for the same key", async () => {
    await expectRefusal(await send(good, { authorization: `Bearer ${resend.apiKey}`, "idempotency-key": "k".repeat(257) }), 400, "invalid_idempotency_key");
    const headers = { authorization: `Bearer ${resend.apiKey}`, "idempotency-key": "ticket-1" };
    const first = (await (await send(good, headers)).json()) as { id: string };
    const again = (await (await send(good, headers)).json()) as { id: string };
    expect(again.id).toBe(first.id);
  });
});

describe("the Brevo stand-in", () => {
  const send = (body: unknown, headers: Record<string, string> = { "api-key": brevo.apiKey }) =>
    fetch(`${brevo.url}/v3/smtp/email`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
  const good = {
    sender: { name: "Eventora", email: "tickets@eventora.test" },
    to: [{ email: "buyer@example.com" }],
    subject: "Your ticket",
    htmlContent: "<p>Hi</p>",
    textContent: "Hi",
    attachment: [
      { name: "TCKT-1.png", content: PNG_BASE64 },
      { name: "TCKT-1.ics", content: PNG_BASE64 },
    ],
  };

  async function expectRefusal(response: Response, status: number, code: string) {
    expect(response.status).toBe(status);
    const body = (await response.json()) as BrevoError;
    expect(body).toEqual({ code, message: expect.any(String) });
    return body.message;
  }

  it("accepts a valid e-mail with 201 and a messageId", async () => {
    const response = await send(good);
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ messageId: expect.stringMatching(/^<.+@.+>$/) });
  });

  it("answers 401 unauthorized without the api-key header or with a wrong key", async () => {
    await expectRefusal(await send(good, {}), 401, "unauthorized");
    await expectRefusal(await send(good, { "api-key": "xkeysib-wrong" }), 401, "unauthorized");
    await expectRefusal(await send(good, { authorization: `Bearer ${brevo.apiKey}` }), 401, "unauthorized");
  });

  it("answers 400 missing_parameter without sender, sender email, to, subject or content", async () => {
    expect(await expectRefusal(await send({ ...good, sender: undefined }), 400, "missing_parameter")).toContain("sender");
    expect(await expectRefusal(await send({ ...good, sender: { name: "Eventora" } }), 400, "missing_parameter")).toContain("sender");
    expect(await expectRefusal(await send({ ...good, to: undefined }), 400, "missing_parameter")).toContain("to");
    expect(await expectRefusal(await send({ ...good, subject: undefined }), 400, "missing_parameter")).toContain("subject");
    await expectRefusal(await send({ ...good, htmlContent: undefined, textContent: undefined }), 400, "missing_parameter");
    expect((await send({ ...good, subject: undefined, htmlContent: undefined, textContent: undefined, templateId: 7 })).status).toBe(201);
  });

  it("answers 400 invalid_parameter for malformed addresses and a 'to' that is not an array of {email}", async () => {
    await expectRefusal(await send({ ...good, sender: { email: "not-an-address" } }), 400, "invalid_parameter");
    await expectRefusal(await send({ ...good, to: "buyer@example.com" }), 400, "invalid_parameter");
    await expectRefusal(await send({ ...good, to: [{ email: "nope" }] }), 400, "invalid_parameter");
    await expectRefusal(await send({ ...good, bcc: [{ email: "nope" }] }), 400, "invalid_parameter");
  });

  it("refuses attachments without a name, not base64, with both or neither of url and content, or with an extension Brevo does not allow", async () => {
    await expectRefusal(await send({ ...good, attachment: [{ content: PNG_BASE64 }] }), 400, "missing_parameter");
    await expectRefusal(await send({ ...good, attachment: [{ name: "a.png", content: "not base64!" }] }), 400, "invalid_parameter");
    await expectRefusal(await send({ ...good, attachment: [{ name: "a.png" }] }), 400, "invalid_parameter");
    await expectRefusal(await send({ ...good, attachment: [{ name: "a.png", content: PNG_BASE64, url: "https://example.com/a.png" }] }), 400, "invalid_parameter");
    expect(await expectRefusal(await send({ ...good, attachment: [{ name: "a.exe", content: PNG_BASE64 }] }), 400, "invalid_parameter")).toContain(".exe");
    expect((await send({ ...good, attachment: [{ url: "https://example.com/ticket.pdf" }] })).status).toBe(201);
  });

  it("takes the ticket e-mail's receipt PDF beside the QR code and the .ics (issue 34)", async () => {
    const pdf = { name: "eventora-receipt-R-000001.pdf", content: Buffer.from("%PDF-1.7").toString("base64") };
    expect((await send({ ...good, attachment: [...good.attachment, pdf] })).status).toBe(201);
  });
});
