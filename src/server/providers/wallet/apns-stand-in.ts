import { createSecureServer, type Http2SecureServer, type IncomingHttpHeaders, type ServerHttp2Stream } from "node:http2";
import type { AddressInfo } from "node:net";
import type { TLSSocket } from "node:tls";

/** A push the stand-in accepted, for tests (and the demo's log) to read back. */
export interface ApnsPush {
  deviceToken: string;
  topic: string;
  payload: unknown;
  at: Date;
}

/**
 * A local APNs (decision 045) for the demo and the tests: HTTP/2 over TLS, the provider authenticated by its
 * client certificate (the pass certificate), refusing what APNs refuses for every header and value we send,
 * with its status codes and `{"reason": …}` bodies, as "Handling notification responses from APNs"
 * (https://developer.apple.com/documentation/usernotifications/handling-notification-responses-from-apns)
 * and "Sending notification requests to APNs"
 * (https://developer.apple.com/documentation/usernotifications/sending-notification-requests-to-apns) list them.
 * Wallet passes take an empty JSON payload and the pass type id as apns-topic ("Adding a web service to update
 * passes", https://developer.apple.com/documentation/walletpasses/adding-a-web-service-to-update-passes).
 */
export async function startApnsStandIn({ serverCert, serverKey, caCert, host = "127.0.0.1" }: { serverCert: string; serverKey: string; caCert: string; host?: string }) {
  const pushes: ApnsPush[] = [];
  /** Device tokens that are no longer active for their topic: 410 Unregistered, with the time they stopped. */
  const unregistered = new Map<string, Date>();
  const server: Http2SecureServer = createSecureServer({ cert: serverCert, key: serverKey, ca: caCert, requestCert: true, rejectUnauthorized: false, allowHTTP1: false });

  const answer = (stream: ServerHttp2Stream, status: number, reason?: string, extra: Record<string, unknown> = {}) => {
    if (stream.destroyed) return;
    stream.respond({ ":status": status, "apns-id": crypto.randomUUID(), ...(reason ? { "content-type": "application/json" } : {}) });
    stream.end(reason ? JSON.stringify({ reason, ...extra }) : undefined);
  };

  server.on("stream", (stream, headers: IncomingHttpHeaders) => {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () => {
      const body = Buffer.concat(chunks);
      const method = headers[":method"];
      const path = String(headers[":path"] ?? "");
      const socket = stream.session?.socket as TLSSocket | undefined;
      const certificate = socket?.getPeerCertificate();
      const match = /^\/3\/device\/([^/?]*)$/.exec(path);
      // 405 MethodNotAllowed: "The specified :method value isn't POST."
      if (method !== "POST") return answer(stream, 405, "MethodNotAllowed");
      // 404 BadPath: "The request contained an invalid :path value."
      if (!match) return answer(stream, 404, "BadPath");
      // 403 MissingProviderToken / BadCertificate: no client certificate, or one not issued by the CA APNs trusts.
      if (!certificate || !certificate.subject) return answer(stream, 403, "MissingProviderToken");
      if (!socket?.authorized) return answer(stream, 403, "BadCertificate");
      const topic = headers["apns-topic"];
      // 400 MissingTopic: "The apns-topic header of the request isn't specified and is required" (a pass certificate's topic is required).
      if (typeof topic !== "string" || !topic) return answer(stream, 400, "MissingTopic");
      // 400 BadTopic / TopicDisallowed: a topic the certificate does not name (a Pass Type ID certificate names one pass type in its UID).
      const certificateTopic = (certificate.subject as unknown as Record<string, string | undefined>).UID;
      if (!/^pass\.[A-Za-z0-9.-]+$/.test(topic)) return answer(stream, 400, "BadTopic");
      if (certificateTopic !== topic) return answer(stream, 400, "TopicDisallowed");
      const deviceToken = decodeURIComponent(match[1]!);
      // 400 BadDeviceToken: "The specified device token is invalid" (APNs tokens are hexadecimal).
      if (!/^[0-9a-fA-F]{32,200}$/.test(deviceToken)) return answer(stream, 400, "BadDeviceToken");
      const priority = headers["apns-priority"];
      // 400 BadPriority: "The apns-priority value is bad" (1, 5 or 10).
      if (priority !== undefined && !["1", "5", "10"].includes(String(priority))) return answer(stream, 400, "BadPriority");
      const pushType = headers["apns-push-type"];
      // 400 InvalidPushType: "The apns-push-type value is invalid."
      if (pushType !== undefined && !["alert", "background", "location", "voip", "complication", "fileprovider", "mdm", "liveactivity", "pushtotalk", "widgets", "controls"].includes(String(pushType))) return answer(stream, 400, "InvalidPushType");
      const expiration = headers["apns-expiration"];
      // 400 BadExpirationDate: "The apns-expiration value is bad."
      if (expiration !== undefined && !/^\d+$/.test(String(expiration))) return answer(stream, 400, "BadExpirationDate");
      // 400 PayloadEmpty; 413 PayloadTooLarge: "The message payload is too large" (4 KB for a notification).
      if (!body.length) return answer(stream, 400, "PayloadEmpty");
      if (body.length > 4096) return answer(stream, 413, "PayloadTooLarge");
      let payload: unknown;
      try {
        payload = JSON.parse(body.toString("utf8"));
      } catch {
        return answer(stream, 400, "PayloadEmpty");
      }
      // 410 Unregistered: "The device token is inactive for the specified topic", with the time it stopped (ms).
      const gone = unregistered.get(deviceToken.toLowerCase());
      if (gone) return answer(stream, 410, "Unregistered", { timestamp: gone.getTime() });
      pushes.push({ deviceToken: deviceToken.toLowerCase(), topic, payload, at: new Date() });
      answer(stream, 200);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://${host === "127.0.0.1" ? "localhost" : host}:${port}`,
    pushes,
    /** Marks a device token inactive, as APNs does when the pass is removed from the device. */
    unregister(deviceToken: string) {
      unregistered.set(deviceToken.toLowerCase(), new Date());
    },
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      // Open client sessions would hold close() forever.
      setTimeout(resolve, 500).unref();
    }),
  };
}

export type ApnsStandIn = Awaited<ReturnType<typeof startApnsStandIn>>;
