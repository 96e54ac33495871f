import { eq, sql } from "drizzle-orm";
import { AppError, LIST_SIZES, Username, type PublicProfile } from "../../../domain";
import type { Db } from "../../db/client";
import { profiles } from "../../db/schema";
import { getOrganiserEvents } from "../events/events.service";

export async function getPublicProfile({ db, username }: { db: Db; username: string }): Promise<PublicProfile> {
  if (!Username.safeParse(username).success) throw new AppError("PROFILE_NOT_FOUND", "Profile not found");
  const [profile] = await db
    .select()
    .from(profiles)
    .where(eq(sql`lower(${profiles.username})`, username.toLowerCase()))
    .limit(1);
  if (!profile?.username) throw new AppError("PROFILE_NOT_FOUND", "Profile not found");
  const { events, total } = await getOrganiserEvents({ db, userId: profile.userId, limit: LIST_SIZES.profileEvents });
  return {
    username: profile.username,
    displayName: profile.displayName,
    bio: profile.bio,
    avatarUrl: profile.avatarUrl,
    location: profile.location,
    website: profile.website,
    createdAt: new Date(profile.createdAt).toISOString(),
    events,
    activeEventCount: total,
  };
}
