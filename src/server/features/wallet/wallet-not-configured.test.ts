import { describe, expect, it } from "vitest";
import { setUpTestApp } from "../../../../test/app";
import { newClient } from "../../../../test/auth-client";
import { signInAs } from "../../../../test/organiser";
import { WALLET_NOT_CONFIGURED_MESSAGE } from "./wallet-passes.service";

// A deployment with a database server and no wallet settings: no demo identity, no stand-ins.
const t = setUpTestApp();

describe("wallet passes with nothing configured (decision 045)", () => {
  it("answers 404 with a message naming what is missing, on every wallet route, before anything else is looked at", async () => {
    const buyer = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const apple = await buyer.client.get("/api/me/wallet-passes/5f2b7c1e-8d4a-4c3b-9e6f-0a1b2c3d4e5f/apple");
    expect(apple.statusCode).toBe(404);
    expect(apple.json()).toEqual({ error: { code: "WALLET_NOT_CONFIGURED", message: WALLET_NOT_CONFIGURED_MESSAGE.apple } });
    const google = await newClient(t).get("/api/tickets/TCKT-20260101-ABCDEF/wallet/google?kid=a&sig=b");
    expect(google.json()).toEqual({ error: { code: "WALLET_NOT_CONFIGURED", message: WALLET_NOT_CONFIGURED_MESSAGE.google } });
    const passKit = await t.app.inject({ method: "GET", url: "/api/wallet/apple/v1/passes/pass.x/5f2b7c1e-8d4a-4c3b-9e6f-0a1b2c3d4e5f" });
    expect(passKit.statusCode).toBe(404);
  });
});
