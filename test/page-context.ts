import { join } from "node:path";
import { RouterContextProvider } from "react-router";
import type { TestApp } from "./app";
import { pageContext, type PageContext } from "../src/web/lib/page-context.server";
import { createEmailSender } from "../src/server/providers/email/email";
import { createPaymentGateway } from "../src/server/providers/payments/payments";
import { createTicketSigner } from "../src/server/features/tickets/ticket-signer";
import { createAuth } from "../src/server/features/auth/auth";
import { createSmsSender } from "../src/server/providers/sms/sms";
import { createFileStorage } from "../src/server/providers/storage/storage";

/**
 * A page loader's or action's router context over a test app's database, session, jobs and providers,
 * as the server's web handler gives it (src/server/web-handler.ts), for calling a route module directly.
 */
export async function pageContextOf(t: TestApp, clientIp = "127.0.0.1"): Promise<RouterContextProvider> {
  const { db, config } = t;
  const email = createEmailSender({ config, db });
  const signer = createTicketSigner(db);
  const sms = createSmsSender({ config, db });
  const value = {
    db,
    config,
    // The same auth as the app's (its database and secret), so the app's sessions are this one's.
    auth: createAuth({ db, config, email, sms, accountChanged: (userId) => t.app.session.accountChanged(userId) }),
    storage: createFileStorage(config, join(config.DATA_DIR, "media")),
    session: t.app.session,
    jobs: t.app.jobs,
    email,
    signer,
    gateway: await createPaymentGateway(config, db),
    mailer: { db, email, signer, publicUrl: config.publicUrl, company: config.company },
    socketAddress: clientIp,
    clientIp,
    cspNonce: "test",
    // The test app's config offers no wallets unless a test configures them (D27: the links then hide).
    wallet: { apple: null, google: null, demo: false, close: async () => {} },
  } as Partial<PageContext> as PageContext;
  return new RouterContextProvider(new Map([[pageContext, value]]));
}

/** A page's request (GET, or a form POST) from a browser holding these cookies. */
export function pageRequest(t: TestApp, path: string, { cookie, form }: { cookie?: string; form?: Record<string, string> } = {}): { request: Request; url: URL } {
  const url = new URL(path, t.config.publicUrl);
  const headers = new Headers({ origin: t.config.publicUrl, ...(cookie ? { cookie } : {}) });
  const request = form ? new Request(url, { method: "POST", headers, body: new URLSearchParams(form) }) : new Request(url, { headers });
  return { request, url };
}
