import { createServer as createHttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import PostalMime from "postal-mime";
import { SMTPServer } from "smtp-server";
import { extractLinks } from "../src/server/lib/links";

export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  /** Attachments with their content in base64 (inline images carry their Content-ID). */
  attachments: { filename: string | null; mimeType: string; contentId: string | null; content: string }[];
  receivedAt: string;
}

/**
 * A real SMTP server for the browser journeys: the app delivers to it over SMTP, and tests read what
 * arrived through a small JSON endpoint (GET /messages?to=address), since they run in other processes.
 */
export async function startSmtpReceiver() {
  const received: ReceivedMail[] = [];
  /** Recipients of messages taken in but never acknowledged (see `holdNextTo`). */
  const held: string[] = [];
  let holding: string | undefined;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const to = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
      if (holding && to.includes(holding)) {
        // A server that stalls after DATA: the message is read but never acknowledged, so the sender
        // is left mid-send (a system test kills it there). Only the one message is held.
        held.push(holding);
        holding = undefined;
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        PostalMime.parse(Buffer.concat(chunks))
          .then((mail) => {
            const text = mail.text ?? "";
            received.push({
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
              from: mail.from?.address ?? "",
              subject: mail.subject ?? "",
              text,
              html: mail.html ?? "",
              links: extractLinks(text),
              attachments: mail.attachments.map((attachment) => ({
                filename: attachment.filename,
                mimeType: attachment.mimeType,
                contentId: attachment.contentId?.replace(/^<|>$/g, "") ?? null,
                content: (typeof attachment.content === "string" ? Buffer.from(attachment.content) : Buffer.from(new Uint8Array(attachment.content))).toString("base64"),
              })),
              receivedAt: new Date().toISOString(),
            });
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  /** Connections that broke, as a real server logs them: a sender killed mid-message resets its socket. */
  const connectionErrors: Error[] = [];
  // smtp-server re-emits a socket error in the middle of a message on the server; with no listener
  // Node throws it, and the process running the receiver (a system test) dies with the killed sender.
  smtp.on("error", (error) => connectionErrors.push(error));
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const http = createHttpServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    const to = url.searchParams.get("to")?.toLowerCase();
    const messages = received.filter((mail) => !to || mail.to.includes(to)).reverse();
    response.setHeader("content-type", "application/json");
    response.end(JSON.stringify({ messages }));
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const httpPort = (http.address() as AddressInfo).port;

  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    messagesUrl: `http://127.0.0.1:${httpPort}/messages`,
    received,
    held,
    connectionErrors,
    /** Holds the next message to `address` without acknowledging it. */
    holdNextTo(address: string) {
      holding = address.toLowerCase();
    },
    async stop() {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
