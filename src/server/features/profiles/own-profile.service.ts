import { mkdirSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import sharp from "sharp";
import { AppError, ProfileUpdateInput, type OwnProfile } from "../../../domain";
import type { Db } from "../../db/client";
import { profiles, users } from "../../db/schema";

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
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw new AppError("PROFILE_NOT_FOUND", "Profile not found");
  return row;
}

const isUniqueViolation = (error: unknown): boolean =>
  typeof error === "object" && error !== null && ((error as { code?: string }).code === "23505" || isUniqueViolation((error as { cause?: unknown }).cause));

/** spec §5 Profile edit: username letters/digits/underscores and unique among other users; empty fields saved as null. */
export async function updateOwnProfile({ db, userId, input }: { db: Db; userId: string; input: ProfileUpdateInput }): Promise<OwnProfile> {
  const parsed = ProfileUpdateInput.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = String(issue.path[0] ?? "profile");
    if (field === "username") throw new AppError("INVALID_USERNAME", "Username can only contain letters, numbers, and underscores");
    throw new AppError("VALIDATION_FAILED", `Invalid field '${field}': ${issue.message}`);
  }
  const values = parsed.data;
  if (values.username) {
    const [taken] = await db
      .select({ userId: profiles.userId })
      .from(profiles)
      .where(and(eq(sql`lower(${profiles.username})`, values.username.toLowerCase()), ne(profiles.userId, userId)))
      .limit(1);
    if (taken) throw new AppError("USERNAME_TAKEN", "This username is already in use");
  }
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
  return getOwnProfile({ db, userId });
}

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
const AVATAR_FORMATS = new Set(["jpeg", "png", "webp"]);

/**
 * Stores an avatar: the type is decided from the bytes (JPG, PNG or WebP only), then re-encoded to a
 * 256 px WebP without metadata. Returns the URL to save on the profile.
 */
export async function saveAvatar({ userId, bytes, mediaDir }: { userId: string; bytes: Buffer; mediaDir: string }): Promise<string> {
  if (bytes.length > AVATAR_MAX_BYTES) throw new AppError("IMAGE_TOO_LARGE", "The image is larger than 5 MB. Please choose a smaller one.");
  const format = await sharp(bytes)
    .metadata()
    .then((meta) => meta.format)
    .catch(() => undefined);
  if (!format || !AVATAR_FORMATS.has(format)) {
    throw new AppError("UNSUPPORTED_IMAGE", "That file is not a JPG, PNG or WebP image. Please choose a photo in one of those formats.");
  }
  const webp = await sharp(bytes).rotate().resize(256, 256, { fit: "cover" }).webp({ quality: 82 }).toBuffer();
  const dir = resolve(mediaDir, "avatars");
  mkdirSync(dir, { recursive: true });
  await writeFile(resolve(dir, `${userId}.webp`), webp);
  return `/media/avatars/${userId}.webp?v=${Date.now()}`;
}

/** Every profile, for the admin's organiser picker (spec §6 Admin). */
export async function listOrganiserChoices({ db }: { db: Db }) {
  return db
    .select({ userId: profiles.userId, displayName: profiles.displayName, username: profiles.username })
    .from(profiles)
    .orderBy(asc(profiles.displayName));
}
