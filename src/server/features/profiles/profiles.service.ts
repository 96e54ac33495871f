import { mkdirSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { AppError, LIST_SIZES, ProfileUpdateInput, sellerDetailsProblems, Username, type OwnProfile, type PublicProfile } from "../../../domain";
import type { Db } from "../../db/client";
import { profiles, users } from "../../db/schema";
import { parseInput } from "../../lib/parse-input";
import { getOrganiserEvents } from "../events/events.service";
import { openUploadedImage } from "../images/uploaded-image";
import { publicPagesChanged } from "../../lib/page-cache/invalidation";

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

export async function getOwnProfile({ db, userId }: { db: Db; userId: string }): Promise<OwnProfile> {
  const [row] = await db
    .select({
      userId: users.id,
      email: users.email,
      username: profiles.username,
      displayName: profiles.displayName,
      bio: profiles.bio,
      avatarUrl: profiles.avatarUrl,
      location: profiles.location,
      website: profiles.website,
      dateOfBirth: profiles.dateOfBirth,
      businessName: profiles.businessName,
      businessAddress: profiles.businessAddress,
      vatNumber: profiles.vatNumber,
      sellerKind: profiles.sellerKind,
      companyNumber: profiles.companyNumber,
      vatTreatment: profiles.vatTreatment,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw new AppError("PROFILE_NOT_FOUND", "Profile not found");
  return { ...row, sellerDetailsProblems: sellerDetailsProblems(row).map(({ field, message }) => ({ field, message })) };
}

/** The seller details (issue 34): replaced together, so a request that names none of them (a new display name) keeps them. */
const SELLER_FIELDS = ["businessName", "businessAddress", "sellerKind", "isCompany", "companyNumber", "vatTreatment", "vatNumber"] as const;

const isUniqueViolation = (error: unknown): boolean =>
  typeof error === "object" && error !== null && ((error as { code?: string }).code === "23505" || isUniqueViolation((error as { cause?: unknown }).cause));

/** spec §5 Profile edit: username letters/digits/underscores and unique among other users; empty fields saved as null. */
export async function updateOwnProfile({ db, userId, input }: { db: Db; userId: string; input: ProfileUpdateInput }): Promise<OwnProfile> {
  const parsed = parseInput(ProfileUpdateInput, input, {
    whole: "profile",
    explain: (issue) => (issue.path[0] === "username" ? new AppError("INVALID_USERNAME", "Username can only contain letters, numbers, and underscores") : undefined),
  });
  if (parsed.username) {
    const [taken] = await db
      .select({ userId: profiles.userId })
      .from(profiles)
      .where(and(eq(sql`lower(${profiles.username})`, parsed.username.toLowerCase()), ne(profiles.userId, userId)))
      .limit(1);
    if (taken) throw new AppError("USERNAME_TAKEN", "This username is already in use");
  }
  const { isCompany: _isCompany, businessName, businessAddress, sellerKind, companyNumber, vatTreatment, vatNumber, ...rest } = parsed;
  const sellerGiven = SELLER_FIELDS.some((field) => (input as Record<string, unknown>)[field] !== undefined);
  const values = sellerGiven ? { ...rest, businessName, businessAddress, sellerKind, companyNumber, vatTreatment, vatNumber } : rest;
  try {
    await db
      .insert(profiles)
      .values({ userId, ...values, updatedAt: new Date() })
      .onConflictDoUpdate({ target: profiles.userId, set: { ...values, updatedAt: new Date() } });
  } catch (error) {
    // Two people claiming the same name at once: the unique index decides.
    if (isUniqueViolation(error)) throw new AppError("USERNAME_TAKEN", "This username is already in use");
    throw error;
  }
  // An organiser's name, username and picture show on their events' cards and pages, and their profile.
  publicPagesChanged(db);
  return getOwnProfile({ db, userId });
}

export { IMAGE_MAX_BYTES as AVATAR_MAX_BYTES } from "../images/uploaded-image";

/** Stores an avatar as a 256 px WebP without metadata and returns the URL to save on the profile. */
export async function saveAvatar({ dataDir, userId, bytes }: { dataDir: string; userId: string; bytes: Buffer }): Promise<{ avatarUrl: string }> {
  const webp = await (await openUploadedImage(bytes)).resize(256, 256, { fit: "cover" }).webp({ quality: 82 }).toBuffer();
  const dir = resolve(dataDir, "media", "avatars");
  mkdirSync(dir, { recursive: true });
  await writeFile(resolve(dir, `${userId}.webp`), webp);
  return { avatarUrl: `/media/avatars/${userId}.webp?v=${Date.now()}` };
}

/** Every profile, for the admin's organiser picker (spec §6 Admin). */
export async function listOrganiserChoices({ db }: { db: Db }) {
  return db
    .select({ userId: profiles.userId, displayName: profiles.displayName, username: profiles.username })
    .from(profiles)
    .orderBy(asc(profiles.displayName));
}
