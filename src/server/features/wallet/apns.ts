import { connect } from "node:http2";
import type { AppleWallet } from "./wallet-setup";

export type ApnsResult = { ok: true } | { ok: false; status: number; reason: string; permanent: boolean };

/**
 * Tells one device that a pass changed (PassKit web service: an empty JSON payload, apns-topic the pass type id),
 * over HTTP/2 with the pass certificate as the TLS client certificate
 * (https://developer.apple.com/documentation/usernotifications/sending-notification-requests-to-apns).
 * BadDeviceToken, DeviceTokenNotForTopic and Unregistered are permanent: the registration is dropped.
 */
export async function pushPassUpdate(apple: AppleWallet, pushToken: string): Promise<ApnsResult> {
  const session = connect(apple.apnsUrl, {
    cert: apple.signerCert,
    key: apple.signerKey,
    ...(apple.signerKeyPassphrase ? { passphrase: apple.signerKeyPassphrase } : {}),
    ...(apple.apnsCaCert ? { ca: apple.apnsCaCert } : {}),
  });
  try {
    return await new Promise<ApnsResult>((resolve, reject) => {
      session.on("error", reject);
      const stream = session.request({ ":method": "POST", ":path": `/3/device/${encodeURIComponent(pushToken)}`, "apns-topic": apple.passTypeId, "content-type": "application/json" });
      stream.setTimeout(15_000, () => stream.close());
      let status = 0;
      const chunks: Buffer[] = [];
      stream.on("response", (headers) => (status = Number(headers[":status"])));
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", reject);
      stream.on("close", () => {
        if (status === 200) return resolve({ ok: true });
        if (!status) return reject(new Error("APNs closed the stream without an answer"));
        const reason = (() => {
          try {
            return String((JSON.parse(Buffer.concat(chunks).toString("utf8")) as { reason?: string }).reason ?? "Unknown");
          } catch {
            return "Unknown";
          }
        })();
        resolve({ ok: false, status, reason, permanent: ["BadDeviceToken", "DeviceTokenNotForTopic", "Unregistered"].includes(reason) });
      });
      stream.end(JSON.stringify({}));
    });
  } finally {
    session.close();
  }
}
