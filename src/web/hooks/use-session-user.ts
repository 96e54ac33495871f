import { useSyncExternalStore } from "react";
import { useRouteLoaderData } from "react-router";
import type { PlatformCompany, SessionUser } from "@domain";
import { noSignedOutUserOnServer, signedOutUser, subscribeToSignedOut, visibleSessionUser } from "~/lib/session-store";

/** The root loader's data (src/web/root.tsx). */
export interface RootLoaderData {
  user: SessionUser | null;
  /** The platform's company as configured (COMPANY_*): usePlatformCompany. */
  company: PlatformCompany;
}

/**
 * The signed-in user, or null. Read from the root loader, except that a user signed out in this
 * browser disappears at once, before the server has answered (spec §4 Auth).
 */
export function useSessionUser(): SessionUser | null {
  const user = useRouteLoaderData<RootLoaderData>("root")?.user ?? null;
  const signedOutId = useSyncExternalStore(subscribeToSignedOut, signedOutUser, noSignedOutUserOnServer);
  return visibleSessionUser(user, signedOutId);
}
