import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_JOB_TIMINGS } from "../../../../test/app";
import { createEvent } from "../../../../test/fixtures";
import { signInAs } from "../../../../test/organiser";
import { startSmtpReceiver } from "../../../../test/smtp-receiver";
import { buildApp } from "../../app";
import { QUEUES } from "../../jobs/jobs";

async function waitFor<T>(read: () => T | undefined | Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
beforeAll(async () => {
  smtp = await startSmtpReceiver();
});
afterAll(async () => smtp.stop());

describe("a confirmed booking's ticket e-mail job (ARCHITECTURE Ticket delivery)", () => {
  it("wakes an idle worker on another node when the confirmation commits, without waiting for its next poll", async () => {
    // Node A confirms; node B works the queue, polling once an hour: after its first (empty) poll, only the
    // NOTIFY sent by the confirming transaction's commit can make it fetch the job within this test.
    const t = await createTestApp({ SMTP_URL: smtp.smtpUrl }, { workers: false });
    const nodeB = await buildApp({ config: t.config, database: t.database, web: "none", jobTimings: { ...TEST_JOB_TIMINGS, pollingIntervalSeconds: 3600 } });
    try {
      await nodeB.jobs.ready;
      const ticketWorker = () => nodeB.jobs.boss.getWipData().find((worker) => worker.name === QUEUES.ticketEmail);
      const firstPoll = await waitFor(() => ticketWorker()?.lastFetchedOn ?? undefined);

      const { client, account } = await signInAs(t.app, t.db, t.config.publicUrl, "user");
      const organiser = await signInAs(t.app, t.db, t.config.publicUrl, "user");
      const event = await createEvent(t.db, { userId: organiser.account.id, title: "Wake-up Call", pricePence: 1000 });
      const { sessionId } = (await client.post("/api/functions/create-payment", { attendeeName: "Ada Lovelace", eventId: event.id, ticketQuantity: 1 })).json();
      expect((await client.post(`/api/checkout/test/${sessionId}/pay`)).statusCode).toBe(200);

      const mail = await waitFor(() => smtp.received.find((message) => message.to.includes(account.email.toLowerCase())));
      expect(mail.subject).toBe("Your ticket: Wake-up Call");
      // Fetched by a second poll, the wake-up: the hourly one is not due yet.
      expect(ticketWorker()!.lastFetchedOn!).toBeGreaterThan(firstPoll);
    } finally {
      await nodeB.close();
      await t.close();
    }
  });
});
