import type { FastifyInstance } from "fastify";
import type { Auth } from "../auth/auth";
import { requireUserId } from "../auth/session";
import type { SalesHub } from "./sales-hub";

/** spec §9 Realtime: a heartbeat every 25 s keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 25_000;

/**
 * GET /api/realtime/bookings: Server-Sent Events of the signed-in organiser's sales ('sale' events).
 * Browsers' EventSource reconnects by itself; `retry` tells it how soon.
 */
export async function realtimeRoutes(app: FastifyInstance, { auth, hub }: { auth: Auth; hub: SalesHub }) {
  const open = new Set<() => void>();
  // Streams never end on their own: close them when the app shuts down, or it would wait for them.
  app.addHook("onClose", async () => {
    for (const close of open) close();
  });

  app.get("/realtime/bookings", { schema: { tags: ["dashboard"], summary: "Live sales on your events (Server-Sent Events)" } }, async (request, reply) => {
    const userId = await requireUserId(auth, request);
    const response = reply.raw;
    // Listening before the stream opens: 'connected' then means no sale can be missed, and a database
    // that is away answers 503 like any other request instead of a stream that never hears anything.
    const unsubscribe = await hub.subscribe(userId, (sale) => {
      response.write(`event: sale\nid: ${sale.bookingId}\ndata: ${JSON.stringify(sale)}\n\n`);
    });
    reply.hijack();
    response.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      connection: "keep-alive",
      "x-accel-buffering": "no",
    });
    response.write("retry: 3000\n: connected\n\n");
    const heartbeat = setInterval(() => response.write(": ping\n\n"), HEARTBEAT_MS);
    const stop = () => {
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
