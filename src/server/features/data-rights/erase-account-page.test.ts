import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ERASED_NAME, erasedEmail } from "../../../domain";
import { setUpTestApp } from "../../../../test/app";
import { TEST_PASSWORD } from "../../../../test/auth-client";
import { createEvent } from "../../../../test/fixtures";
import { pageContextOf, pageRequest } from "../../../../test/page-context";
import { signInAs } from "../../../../test/organiser";
import { boughtBooking } from "../../../../test/purchases";
import { action } from "../../../web/routes/profile-edit";
import { sessions, users } from "../../db/schema";

const t = setUpTestApp();

/** "Delete my account" posted to /profile/edit as a browser without scripts posts it. */
async function post(form: Record<string, string>, cookie?: string): Promise<{ status: number; body?: unknown; headers: Headers }> {
  const { request, url } = pageRequest(t, "/profile/edit", { cookie, form: { intent: "erase-account", ...form } });
  const answer = (await action({ context: await pageContextOf(t), request, url, params: {} } as unknown as Parameters<typeof action>[0])) as unknown;
  if (answer instanceof Response) return { status: answer.status, headers: answer.headers };
  const { data, init } = answer as { data: unknown; init: ResponseInit | null };
  return { status: init?.status ?? 200, body: data, headers: new Headers(init?.headers) };
}

describe("deleting an account from /profile/edit without scripts (D28, decision 035)", () => {
  it("refuses a visitor, a mistyped e-mail, a wrong password and an organiser with upcoming sales, in the API's words", async () => {
    const ada = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const refused = (problem: string) => ({ intent: "erase-account", problem });
    expect(await post({ email: ada.account.email })).toMatchObject({ status: 401, body: refused("Please sign in to continue.") });
    expect(await post({ email: "" }, ada.client.cookieHeader)).toMatchObject({ status: 400, body: refused("Type your account's e-mail address to confirm.") });
    expect(await post({ email: "someone@example.com" }, ada.client.cookieHeader)).toMatchObject({
      status: 400,
      body: refused("The e-mail address you typed is not this account's. Type it exactly to confirm."),
    });
    expect((await post({ email: ada.account.email, password: "not-the-password" }, ada.client.cookieHeader)).status).toBe(403);

    const { organiser } = await boughtBooking(t, 1);
    const answer = await post({ email: organiser.account.email }, organiser.client.cookieHeader);
    expect(answer.status).toBe(409);
    expect((answer.body as { problem: string }).problem).toMatch(/^You organise upcoming events with tickets sold: .+\. Cancel them first/);
    for (const id of [ada.account.id, organiser.account.id]) expect((await t.db.select().from(users).where(eq(users.id, id)))[0]!.banned).not.toBe(true);
  });

  it("erases the account, ends its sessions, clears the browser's cookie and goes home", async () => {
    const ada = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    await createEvent(t.db, { userId: ada.account.id, title: "An event without sales" });
    const answer = await post({ email: ada.account.email.toUpperCase(), password: TEST_PASSWORD }, ada.client.cookieHeader);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/");
    expect(answer.headers.get("set-cookie")).toMatch(/=; Path=\/; Max-Age=0; HttpOnly; SameSite=Lax/);
    const [user] = await t.db.select().from(users).where(eq(users.id, ada.account.id));
    expect(user).toMatchObject({ name: ERASED_NAME, email: erasedEmail(ada.account.id), banned: true });
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, ada.account.id))).toEqual([]);
  });
});
