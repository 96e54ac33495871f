import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTwilioStandIn, type TwilioError, type TwilioStandIn } from "./twilio";

let twilio: TwilioStandIn;
beforeAll(async () => {
  twilio = await startTwilioStandIn();
});
afterAll(async () => twilio.close());

const basic = (sid: string, token: string) => `Basic ${Buffer.from(`${sid}:${token}`).toString("base64")}`;
const send = (form: Record<string, string>, authorization = basic(twilio.accountSid, twilio.authToken)) =>
  fetch(`${twilio.url}/2010-04-01/Accounts/${twilio.accountSid}/Messages.json`, {
    method: "POST",
    headers: { authorization, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form),
  });
const good = { To: "+447700900777", From: "+447700900000", Body: "Your Eventora code is 123456" };

async function expectRefusal(response: Response, status: number, code: number) {
  expect(response.status).toBe(status);
  const body = (await response.json()) as TwilioError;
  expect(body).toEqual({ code, message: expect.any(String), more_info: `https://www.twilio.com/docs/errors/${code}`, status });
  return body.message;
}

describe("the Twilio stand-in", () => {
  it("accepts a valid message with 201 and a message resource", async () => {
    const response = await send(good);
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ sid: expect.stringMatching(/^SM[0-9a-f]{32}$/), status: "queued", to: good.To, body: good.Body });
    expect((await send({ To: good.To, Body: good.Body, MessagingServiceSid: `MG${"a".repeat(32)}` })).status).toBe(201);
    expect((await send({ ...good, From: "Eventora" })).status).toBe(201);
  });

  it("answers 401 with code 20003 without Basic AccountSid:AuthToken", async () => {
    await expectRefusal(await send(good, ""), 401, 20003);
    await expectRefusal(await send(good, basic(twilio.accountSid, "wrong")), 401, 20003);
    await expectRefusal(await send(good, `Bearer ${twilio.authToken}`), 401, 20003);
  });

  it("refuses a missing To (21604) and one not in E.164 (21211)", async () => {
    await expectRefusal(await send({ From: good.From, Body: good.Body }), 400, 21604);
    for (const to of ["07700 900777", "07700900777", "+44 7700 900777", "447700900777", "+0447700900777"]) {
      expect(await expectRefusal(await send({ ...good, To: to }), 400, 21211)).toContain(to);
    }
  });

  it("refuses a message with neither From nor MessagingServiceSid (21603), or a From that is no sender (21212)", async () => {
    await expectRefusal(await send({ To: good.To, Body: good.Body }), 400, 21603);
    await expectRefusal(await send({ ...good, From: "07700 900000" }), 400, 21212);
    await expectRefusal(await send({ ...good, From: "Eventora Tickets" }), 400, 21212);
  });

  it("refuses a missing Body without media (21602) and one over 1600 characters (21617)", async () => {
    await expectRefusal(await send({ To: good.To, From: good.From }), 400, 21602);
    expect((await send({ To: good.To, From: good.From, MediaUrl: "https://example.com/a.png" })).status).toBe(201);
    expect((await send({ ...good, Body: "x".repeat(1600) })).status).toBe(201);
    await expectRefusal(await send({ ...good, Body: "x".repeat(1601) }), 400, 21617);
  });
});
