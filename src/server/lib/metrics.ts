import type { FastifyInstance } from "fastify";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

/** What the daily reconcile found (features/ledger/reconcile.job.ts): an alert fires on problems > 0, or on a stale last run. */
export interface ReconcileGauges {
  problems: Pick<Gauge, "set">;
  lastRun: Pick<Gauge, "set">;
}

/**
 * Prometheus text at /metrics: request counts and latency by route, Node's own process figures, and the
 * daily reconcile's gauges (returned for the job that sets them).
 */
export function registerMetrics(app: FastifyInstance): { reconcile: ReconcileGauges } {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: "http_requests_total",
    help: "HTTP requests by method, route and status",
    labelNames: ["method", "route", "status"] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "HTTP request duration by method and route",
    labelNames: ["method", "route"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });

  const reconcile: ReconcileGauges = {
    problems: new Gauge({ name: "eventora_reconcile_problems", help: "Problems the last daily reconcile of the money ledger found", registers: [registry] }),
    lastRun: new Gauge({ name: "eventora_reconcile_last_run_timestamp_seconds", help: "When the last daily reconcile finished (Unix seconds)", registers: [registry] }),
  };

  app.addHook("onResponse", async (request, reply) => {
    const route = request.routeOptions.url ?? "unmatched";
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });

  app.get("/metrics", { schema: { hide: true } }, async (_request, reply) => {
    reply.header("content-type", registry.contentType);
    return registry.metrics();
  });
  return { reconcile };
}
