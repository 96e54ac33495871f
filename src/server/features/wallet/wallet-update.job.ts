import { and, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client";
import { walletDeviceRegistrations } from "../../db/schema";
import { QUEUES, type Jobs } from "../../jobs/jobs";
import { pushPassUpdate } from "./apns";
import { classChanges, googleClassId, googleObjectId, googleWalletApi, objectChanges, type GoogleWalletApi } from "./google-wallet";
import type { QrSigner } from "./pass-content";
import { markDelivered, passBySerial, undeliveredPasses } from "./wallet-passes.service";
import type { WalletSetup } from "./wallet-setup";

/**
 * Delivers one pass change (D27): every device registered for the Apple pass is told through APNs (it then asks
 * the web service for the pass as it now stands); Google's object takes its new state, holder, type and QR, and
 * its class the event's new name, venue and time. Harmless to repeat; an outage throws, and the job is retried with backoff.
 */
async function deliverWalletPassUpdate({ db, wallet, signer, google }: WalletDelivery, serialNumber: string): Promise<void> {
  const found = await passBySerial(db, signer, serialNumber);
  if (!found) return;
  const { content } = found;
  if (wallet.apple) {
    const devices = await db.select().from(walletDeviceRegistrations).where(eq(walletDeviceRegistrations.serialNumber, found.pass.serialNumber));
    for (const device of devices) {
      const result = await pushPassUpdate(wallet.apple, device.pushToken);
      if (result.ok) continue;
      if (result.permanent) {
        await db.delete(walletDeviceRegistrations).where(and(eq(walletDeviceRegistrations.deviceLibraryId, device.deviceLibraryId), eq(walletDeviceRegistrations.serialNumber, device.serialNumber)));
        continue;
      }
      throw new Error(`APNs refused the pass update for ${serialNumber}: ${result.status} ${result.reason}`);
    }
  }
  if (wallet.google && google) {
    const updated = await google.patch("eventTicketObject", googleObjectId(wallet.google, content.serialNumber), objectChanges(wallet.google, content));
    if (updated) await google.patch("eventTicketClass", googleClassId(wallet.google, content.event.id), classChanges(wallet.google, content));
  }
}

export interface WalletDelivery {
  db: Db;
  wallet: WalletSetup;
  signer: QrSigner;
  google: GoogleWalletApi | null;
}

/**
 * Delivers every pass version not yet delivered, each recorded once done. A pass whose delivery fails (APNs or
 * Google away) stays undelivered for the next run, and the run fails so pg-boss retries it with backoff.
 */
export async function deliverWalletPassUpdates(delivery: WalletDelivery, log?: FastifyBaseLogger): Promise<{ delivered: number; failed: number }> {
  let delivered = 0;
  let failed = 0;
  for (const pass of await undeliveredPasses(delivery.db)) {
    try {
      await deliverWalletPassUpdate(delivery, pass.serialNumber);
      await markDelivered(delivery.db, pass);
      delivered++;
    } catch (error) {
      failed++;
      log?.warn({ err: error, serialNumber: pass.serialNumber, version: pass.version }, "wallet pass update not delivered; it will be retried");
    }
  }
  return { delivered, failed };
}

/** Every minute (the safety net), and at once when a change wakes it: the wallet passes' updates. */
export async function startWalletUpdateJob({ jobs, db, wallet, signer, log }: { jobs: Jobs; db: Db; wallet: WalletSetup; signer: QrSigner; log: FastifyBaseLogger }) {
  if (!wallet.apple && !wallet.google) return;
  const google = wallet.google ? googleWalletApi(wallet.google) : null;
  await jobs.work(QUEUES.walletPassUpdate, async () => {
    const { failed } = await deliverWalletPassUpdates({ db, wallet, signer, google }, log);
    if (failed) throw new Error(`${failed} wallet pass updates not delivered`);
  });
  await jobs.schedule(QUEUES.walletPassUpdate, "* * * * *");
}
