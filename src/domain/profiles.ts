import { z } from "zod";
import { EventSummary } from "./event-shapes";
import { isWebAddress } from "./web-address";

export const Username = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9_]+$/, "Username can only contain letters, numbers, and underscores");

export const PublicProfile = z.object({
  username: z.string(),
  displayName: z.string().nullable(),
  bio: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  location: z.string().nullable(),
  website: z.string().nullable(),
  createdAt: z.string(),
  events: z.array(EventSummary),
  activeEventCount: z.number().int(),
});
export type PublicProfile = z.infer<typeof PublicProfile>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : null));

const httpUrl = z
  .string()
  .trim()
  .max(500)
  .refine(isWebAddress, "Must be a web address starting with http:// or https://");

/** An avatar is a web address or an image this site stored (/media/...). */
const avatarUrl = z.union([httpUrl, z
    .string()
    .trim()
    .regex(/^\/media\/(?:[A-Za-z0-9_-]+\/)*[A-Za-z0-9_-]+\.(?:webp|png|jpe?g)(?:\?v=\d+)?$/, "Must be an uploaded image")]);

/** spec §5 Profile edit: empty fields are saved as null. */
export const ProfileUpdateInput = z.object({
  username: z
    .string()
    .trim()
    .nullish()
    .transform((value) => (value ? value : null))
    .pipe(Username.nullable()),
  displayName: optionalText(80),
  bio: optionalText(1000),
  location: optionalText(120),
  website: z
    .string()
    .trim()
    .nullish()
    .transform((value) => (value ? value : null))
    .pipe(httpUrl.nullable()),
  avatarUrl: z
    .string()
    .trim()
    .nullish()
    .transform((value) => (value ? value : null))
    .pipe(avatarUrl.nullable()),
});
export type ProfileUpdateInput = z.input<typeof ProfileUpdateInput>;

export const OwnProfile = z.object({
  userId: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  displayName: z.string().nullable(),
  bio: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  location: z.string().nullable(),
  website: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
});
export type OwnProfile = z.infer<typeof OwnProfile>;

/** POST /api/me/avatar: the stored picture's URL, to save as the profile's avatar. */
export const AvatarUpload = z.object({ avatarUrl: z.string() });
export type AvatarUpload = z.infer<typeof AvatarUpload>;
