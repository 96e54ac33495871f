import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTwilioStandIn, type TwilioStandIn } from "../../../../test/stand-ins/twilio";
import { createTwilioSmsSender } from "./twilio";

/** The adapter against Twilio's Messages API, strict about every parameter (test/stand-ins/twilio.ts). */
let twilio: TwilioStandIn;
beforeAll(async () => {
  twilio = await startTwilioStandIn({ accountSid: "AC0123", authToken: "secret-token" });
});
afterAll(async () => twilio.close());
beforeEach(() => {
  twilio.messages.length = 0;
  twilio.failWith = null;
});

const sender = (from: string, authToken = "secret-token") => createTwilioSmsSender({ apiUrl: twilio.url, accountSid: "AC0123", authToken, from });

describe("the Twilio SMS adapter", () => {
  it("sends from a phone number or an alphanumeric sender ID", async () => {
    await sender("+447700900000").send({ to: "+447700900777", body: "Your code is 123456" });
    await sender("Eventora").send({ to: "+447700900777", body: "Your code is 123456" });
    expect(twilio.messages).toEqual([
      { to: "+447700900777", from: "+447700900000", body: "Your code is 123456" },
      { to: "+447700900777", from: "Eventora", body: "Your code is 123456" },
    ]);
  });

  it("sends through a Messaging Service when TWILIO_FROM is its SID (MG…), which Twilio refuses as From", async () => {
    const service = `MG${"0123456789abcdef".repeat(2)}`;
    await sender(service).send({ to: "+447700900777", body: "Your code is 123456" });
    expect(new URLSearchParams(twilio.requests.at(-1)!.body.toString()).get("MessagingServiceSid")).toBe(service);
    expect(twilio.messages.at(-1)).toEqual({ to: "+447700900777", from: null, body: "Your code is 123456" });
  });

  it("fails with Twilio's code and message when Twilio refuses", async () => {
    await expect(sender("+447700900000", "wrong").send({ to: "+447700900777", body: "Hi" })).rejects.toThrow(/Twilio refused the SMS \(401\).*20003/);
    await expect(sender("+447700900000").send({ to: "07700 900777", body: "Hi" })).rejects.toThrow(/\(400\).*21211/);
  });
});
