import { describe, expect, it } from "vitest";
import { setUpTestApp } from "../../../../test/app";
import { pageContextOf, pageRequest } from "../../../../test/page-context";
import { signInAs } from "../../../../test/organiser";
import { action, loader } from "../../../web/routes/affiliates";

const t = setUpTestApp();

async function post(intent: string, cookie?: string) {
  const { request, url } = pageRequest(t, "/affiliates", { cookie, form: { intent } });
  const answer = (await action({ context: await pageContextOf(t), request, url, params: {} } as unknown as Parameters<typeof action>[0])) as unknown as { data: Record<string, unknown>; init: ResponseInit | null };
  return { status: answer.init?.status ?? 200, body: answer.data };
}

async function load(cookie: string) {
  const { request, url } = pageRequest(t, "/affiliates", { cookie });
  return loader({ context: await pageContextOf(t), request, url, params: {} } as unknown as Parameters<typeof loader>[0]);
}

describe("/affiliates' action (spec §4 Affiliate account)", () => {
  it("refuses a visitor, and a code before the account, in the API's words", async () => {
    expect(await post("create")).toEqual({ status: 401, body: { intent: "create", refused: { status: 401, message: "Please sign in to continue." } } });
    const sam = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    expect(await post("new-code", sam.client.cookieHeader)).toEqual({ status: 404, body: { intent: "new-code", refused: { status: 404, message: "Create your affiliate account first." } } });
    expect((await load(sam.client.cookieHeader)).affiliate).toBeNull();
  });

  it("creates the account once, then a new code replaces the displayed one", async () => {
    const sam = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const created = await post("create", sam.client.cookieHeader);
    expect(created).toEqual({ status: 201, body: { intent: "create", affiliate: expect.objectContaining({ status: "active", commissionRate: 10, code: expect.any(String) }) } });
    const first = (created.body.affiliate as { code: string }).code;
    expect((await load(sam.client.cookieHeader)).affiliate?.code).toBe(first);
    expect(await post("create", sam.client.cookieHeader)).toEqual({ status: 409, body: { intent: "create", refused: { status: 409, message: "You already have an affiliate account." } } });
    const renewed = await post("new-code", sam.client.cookieHeader);
    expect(renewed.status).toBe(201);
    const second = (renewed.body.affiliate as { code: string }).code;
    expect(second).not.toBe(first);
    expect((await load(sam.client.cookieHeader)).affiliate?.code).toBe(second);
  });
});
