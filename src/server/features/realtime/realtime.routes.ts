import type { AppContext } from "../../app-context";
import type { FastifyInstance } from "fastify";
import { toHeaders } from "../../lib/web-bridge";

/** spec §9 Realtime: a heartbeat every 25 s keeps proxies from closing an idle stream. */
export const REALTIME_HEARTBEAT_MS = 25_000;

/**
 * GET /api/realtime/bookings: Server-Sent Events of the signed-in organiser's sales ('sale' events).
 * Browsers' EventSource reconnects by itself; `retry` tells it how soon.
 *
 * The stream carries buyers' names, so it lives no longer than its session (issue 16): the session is
 * read again before each sale and at each heartbeat, and the stream ends once it is signed out, revoked
 * or expired. A check the database cannot answer sends no sale (the stream ends; EventSource comes back
 * and signs in afresh), but a heartbeat still goes out, so an outage alone does not end a stream.
 */
export async function realtimeRoutes(app: FastifyInstance, { session, hub, realtimeHeartbeatMs: heartbeatMs }: AppContext) {
  const open = new Set<() => void>();
  // Streams never end on their own: close them when the app shuts down, or it would wait for them.
  app.addHook("onClose", async () => {
    for (const close of open) close();
  });

  app.get("/realtime/bookings", { schema: { tags: ["dashboard"], summary: "Live sales on your events (Server-Sent Events)" } }, async (request, reply) => {
    const userId = (await session.requireActor(request)).userId;
    const headers = toHeaders(request.headers);
    const sessionState = async (): Promise<"live" | "gone" | "unknown"> => {
      try {
        return (await session.actor(headers))?.userId === userId ? "live" : "gone";
      } catch {
        return "unknown";
      }
    };
    const response = reply.raw;
    let ended = false;
    // One write at a time, in order, each after its own session check.
    let writes = Promise.resolve();
    const writeIfSignedIn = (text: string, { whileUnknown }: { whileUnknown: boolean }) =>
      (writes = writes.then(async () => {
        if (ended) return;
        const state = await sessionState();
        if (ended) return;
        if (state === "live" || (state === "unknown" && whileUnknown)) response.write(text);
        else close();
      }));
    // Listening before the stream opens: 'connected' then means no sale can be missed, and a database
    // that is away answers 503 like any other request instead of a stream that never hears anything.
    const unsubscribe = await hub.subscribe(userId, (sale) => {
      writeIfSignedIn(`event: sale\nid: ${sale.bookingId}\ndata: ${JSON.stringify(sale)}\n\n`, { whileUnknown: false });
    });
    reply.hijack();
    response.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      connection: "keep-alive",
      "x-accel-buffering": "no",
    });
    response.write("retry: 3000\n: connected\n\n");
    let heartbeatWaiting = false;
    const heartbeat = setInterval(() => {
      if (heartbeatWaiting) return;
      heartbeatWaiting = true;
      void writeIfSignedIn(": ping\n\n", { whileUnknown: true }).finally(() => (heartbeatWaiting = false));
    }, heartbeatMs);
    const stop = () => {
      ended = true;
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(close);
    };
    const close = () => {
      stop();
      response.end();
    };
    open.add(close);
    request.raw.on("close", stop);
  });
}
