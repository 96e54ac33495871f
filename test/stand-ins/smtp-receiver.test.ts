import { connect, type Socket } from "node:net";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpReceiver } from "../smtp-receiver";

let receiver: Awaited<ReturnType<typeof startSmtpReceiver>>;
beforeAll(async () => {
  receiver = await startSmtpReceiver();
});
afterAll(() => receiver.stop());

/** Sends one SMTP line and waits for the reply that starts with `code`. */
function say(socket: Socket, line: string | null, code: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let reply = "";
    const onData = (chunk: Buffer) => {
      reply += chunk.toString();
      if (new RegExp(`^${code}[ ]`, "m").test(reply)) {
        socket.off("data", onData);
        resolve();
      } else if (/^[45]\d\d /m.test(reply)) reject(new Error(reply));
    };
    socket.on("data", onData);
    if (line !== null) socket.write(`${line}\r\n`);
  });
}

describe("the SMTP receiver the system tests deliver to", () => {
  it("outlives a sender killed in the middle of a message (its socket reset), and takes the next message", async () => {
    const { port } = new URL(receiver.smtpUrl);
    const socket = connect(Number(port), "127.0.0.1");
    await say(socket, null, "220");
    await say(socket, "EHLO killed.test", "250");
    await say(socket, "MAIL FROM:<tickets@eventora.test>", "250");
    await say(socket, "RCPT TO:<buyer@example.com>", "250");
    await say(socket, "DATA", "354");
    socket.write("Subject: half a ticket\r\n\r\nThe sender dies here");
    await new Promise((resolve) => setTimeout(resolve, 50));
    socket.resetAndDestroy();
    await expect.poll(() => receiver.connectionErrors.map((error) => (error as NodeJS.ErrnoException).code)).toContain("ECONNRESET");

    const transport = nodemailer.createTransport(receiver.smtpUrl);
    await transport.sendMail({ from: "tickets@eventora.test", to: "buyer@example.com", subject: "A whole ticket", text: "Here it is." });
    transport.close();
    expect(receiver.received.map((mail) => mail.subject)).toEqual(["A whole ticket"]);
  });
});
