// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { STORAGE_KEYS } from "@domain";
import { finishSignOut } from "~/features/auth/lib/finish-sign-out";
import { renderRoute } from "~/test/render-route";

import AuthRoute from "./auth";

const ADDRESS = "ada@example.com";

const openAuth = () =>
  renderRoute({ url: "/auth", route: { path: "/auth", loader: () => ({ mailboxPointer: false }), Component: AuthRoute as never } });

/** The auth server's answers: every sign-in and sign-out succeeds. */
function authServerSaysYes() {
  const fetch = vi.fn(async () => new Response(JSON.stringify({ redirect: false, token: "t", user: { email: ADDRESS } }), { status: 200, headers: { "content-type": "application/json" } }));
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

async function signIn({ tick }: { tick?: boolean }) {
  openAuth();
  const panel = await screen.findByRole("tabpanel");
  const box = screen.getByRole("checkbox", { name: "Remember my e-mail on this device" });
  if (tick !== undefined && (box as HTMLInputElement).checked !== tick) await userEvent.click(box);
  const email = screen.getByLabelText("Email");
  await userEvent.clear(email);
  await userEvent.type(email, ADDRESS);
  await userEvent.type(screen.getByLabelText("Password"), "correct-horse");
  await userEvent.click(screen.getByRole("button", { name: "Sign In" }));
  await waitFor(() => expect(panel.isConnected).toBe(false));
  cleanup();
}

const remembered = () => window.localStorage.getItem(STORAGE_KEYS.rememberedEmail);

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("Remember my e-mail on this device (issue 34)", () => {
  it("is unticked at first, so a sign-in stores nothing; ticked, it keeps the e-mail and prefills it next time; unticked again, it forgets it", { timeout: 30_000 }, async () => {
    authServerSaysYes();
    openAuth();
    expect(((await screen.findByRole("checkbox", { name: "Remember my e-mail on this device" })) as HTMLInputElement).checked).toBe(false);
    cleanup();

    await signIn({});
    expect(remembered()).toBeNull();

    await signIn({ tick: true });
    expect(remembered()).toBe(ADDRESS);

    openAuth();
    await waitFor(() => expect((screen.getByLabelText("Email") as HTMLInputElement).value).toBe(ADDRESS));
    expect((screen.getByRole("checkbox", { name: "Remember my e-mail on this device" }) as HTMLInputElement).checked).toBe(true);
    cleanup();

    await signIn({ tick: false });
    expect(remembered()).toBeNull();
  });

  it("signing out forgets an e-mail nobody asked to keep, and keeps one that was asked for", { timeout: 30_000 }, async () => {
    authServerSaysYes();
    const signOut = () => finishSignOut({ navigate: (async () => {}) as never, revalidate: async () => {} });

    // As every sign-in stored it before the box existed.
    window.localStorage.setItem(STORAGE_KEYS.rememberedEmail, ADDRESS);
    openAuth();
    await screen.findByRole("tabpanel");
    expect((screen.getByLabelText("Email") as HTMLInputElement).value).toBe("");
    cleanup();
    await signOut();
    expect(remembered()).toBeNull();

    await signIn({ tick: true });
    await signOut();
    expect(remembered()).toBe(ADDRESS);
  });
});
