import { and, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client";
import { walletDeviceRegistrations } from "../../db/schema";
import { QUEUES, type Jobs } from "../../jobs/jobs";
import { pushPassUpdate } from "./apns";
import { eventTicketClass, eventTicketObject, googleWalletApi, type GoogleWalletApi } from "./google-wallet";
import type { QrSigner } from "./pass-content";
import { passBySerial, type WalletPassUpdateJob } from "./wallet-passes.service";
import type { WalletSetup } from "./wallet-setup";

/**
 * Delivers one pass change (D27): every device registered for the Apple pass is told through APNs (it then asks
 * the web service for the pass, voided or with the new time); Google's object is set INACTIVE or given the new
 * QR and its class the new time. Harmless to repeat; an outage throws, and the job is retried with backoff.
 */
export async function deliverWalletPassUpdate({ db, wallet, signer, google }: { db: Db; wallet: WalletSetup; signer: QrSigner; google: GoogleWalletApi | null }, { serialNumber }: WalletPassUpdateJob): Promise<void> {
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
    const object = eventTicketObject(wallet.google, content);
    const updated = await google.patch("eventTicketObject", object.id, { state: object.state, barcode: object.barcode, textModulesData: object.textModulesData });
    if (updated) await google.patch("eventTicketClass", object.classId, { dateTime: eventTicketClass(wallet.google, content).dateTime });
  }
}

export async function startWalletUpdateJob({ jobs, db, wallet, signer, log }: { jobs: Jobs; db: Db; wallet: WalletSetup; signer: QrSigner; log: FastifyBaseLogger }) {
  const google = wallet.google ? googleWalletApi(wallet.google) : null;
  await jobs.work<WalletPassUpdateJob>(QUEUES.walletPassUpdate, async (job) => {
    try {
      await deliverWalletPassUpdate({ db, wallet, signer, google }, job.data);
    } catch (error) {
      log.warn({ err: error, serialNumber: job.data.serialNumber, attempt: job.retryCount + 1 }, "wallet pass update not delivered; it will be retried");
      throw error;
    }
  });
}
