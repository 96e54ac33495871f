// Server-only: route loaders call the server's services directly (never bundled for the browser).
import type { AppLoadContext } from "react-router";
import type { MailboxMessage, OwnProfile, SessionUser } from "@domain";
import { getSessionUser as readSessionUser } from "../../server/features/auth/session";
import { isMailboxEnabled, listMailbox as readMailbox } from "../../server/features/dev-mailbox/dev-mailbox.service";
import { getOwnProfile as readOwnProfile } from "../../server/features/profiles/own-profile.service";

export { getCategoryCounts, getEvent, getHomeData, getSimilarEvents, listEvents } from "../../server/features/events/events.service";
export { getPublicProfile } from "../../server/features/profiles/profiles.service";
export { getSiteStats } from "../../server/features/stats/stats.service";

export function getSessionUser(context: AppLoadContext, request: Request): Promise<SessionUser | null> {
  return readSessionUser({ auth: context.auth, db: context.db, headers: request.headers });
}

export function getOwnProfile(context: AppLoadContext, userId: string): Promise<OwnProfile> {
  return readOwnProfile({ db: context.db, userId });
}

/** Null when the dev mailbox is disabled (production): the page then answers 404. */
export async function listMailbox(context: AppLoadContext, options: { to?: string; limit?: number } = {}): Promise<MailboxMessage[] | null> {
  if (!isMailboxEnabled(context.config)) return null;
  return readMailbox({ db: context.db, ...options });
}
