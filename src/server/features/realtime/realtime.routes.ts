import type { AppContext } from "../../app-context";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { toHeaders } from "../../lib/web-bridge";
import { mayCheck, readDoor } from "../door/door-access";
import { checkedDoorEvent } from "../door/door-figures.service";

/** spec §9 Realtime: a heartbeat every 25 s keeps proxies from closing an idle stream. */
export const REALTIME_HEARTBEAT_MS = 25_000;

/** Whether the one who opened a stream may still read it: "unknown" when the database cannot say. */
type Allowed = () => Promise<"live" | "gone" | "unknown">;

/**
 * Serves one Server-Sent Events stream. Browsers' EventSource reconnects by itself; `retry` tells it how soon.
 * Every message is sent only after `allowed` says the reader may still have it, and the stream ends once they
 * may not (signed out, revoked): a check the database cannot answer sends no message (the stream ends;
 * EventSource comes back and is checked afresh), but a heartbeat still goes out, so an outage alone does not
 * end a stream. `subscribe` starts listening before the stream opens: 'connected' then means nothing can be
 * missed, and a database that is away answers 503 like any other request instead of a silent stream.
 */
async function serveStream(
  { request, reply, heartbeatMs, open }: { request: FastifyRequest; reply: FastifyReply; heartbeatMs: number; open: Set<() => void> },
  allowed: Allowed,
  subscribe: (send: (message: string) => void) => Promise<() => void>,
) {
  const response = reply.raw;
  let ended = false;
  // One write at a time, in order, each after its own check.
  let writes = Promise.resolve();
  const writeIfAllowed = (text: string, { whileUnknown }: { whileUnknown: boolean }) =>
    (writes = writes.then(async () => {
      if (ended) return;
      const state = await allowed().catch(() => "unknown" as const);
      if (ended) return;
      if (state === "live" || (state === "unknown" && whileUnknown)) response.write(text);
      else close();
    }));
  const unsubscribe = await subscribe((message) => void writeIfAllowed(message, { whileUnknown: false }));
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
    void writeIfAllowed(": ping\n\n", { whileUnknown: true }).finally(() => (heartbeatWaiting = false));
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
}

/**
 * GET /api/realtime/bookings: the signed-in organiser's sales ('sale' events). The stream carries buyers'
 * names, so it lives no longer than its session (issue 16): the session is read again before each sale and
 * at each heartbeat.
 *
 * GET /api/realtime/door/{eventId}: one event's door figures ('door' events: 'Admitted X / Y' and the figures
 * per list and type, no buyer's data) for every device at its door: the organiser, door staff and door links
 * (issue 38). The door is read again before each message and at each heartbeat, so a revoked access ends it.
 */
export async function realtimeRoutes(app: FastifyInstance, context: AppContext) {
  const { session, hub, realtimeHeartbeatMs: heartbeatMs } = context;
  const open = new Set<() => void>();
  // Streams never end on their own: close them when the app shuts down, or it would wait for them.
  app.addHook("onClose", async () => {
    for (const close of open) close();
  });

  app.get("/realtime/bookings", { schema: { tags: ["dashboard"], summary: "Live sales on your events (Server-Sent Events)" } }, async (request, reply) => {
    const userId = (await session.requireActor(request)).userId;
    const headers = toHeaders(request.headers);
    await serveStream(
      { request, reply, heartbeatMs, open },
      async () => ((await session.actor(headers))?.userId === userId ? "live" : "gone"),
      (send) => hub.subscribe(userId, (sale) => send(`event: sale\nid: ${sale.bookingId}\ndata: ${JSON.stringify(sale)}\n\n`)),
    );
  });

  app.get<{ Params: { eventId: string } }>(
    "/realtime/door/:eventId",
    {
      schema: {
        tags: ["door"],
        summary: "Live door figures of one event (Server-Sent Events 'door'): for the organiser, an admin, or door staff and door links granted the event",
        params: z.object({ eventId: z.string().max(100) }),
      },
    },
    async (request, reply) => {
      const event = await checkedDoorEvent(context, request, request.params.eventId);
      const headers = toHeaders(request.headers);
      await serveStream(
        { request, reply, heartbeatMs, open },
        async () => {
          const door = await readDoor(context, headers);
          return door && mayCheck(door, event) ? "live" : "gone";
        },
        (send) => hub.subscribeDoor(event.id, (figures) => send(`event: door\ndata: ${JSON.stringify(figures)}\n\n`)),
      );
    },
  );
}
