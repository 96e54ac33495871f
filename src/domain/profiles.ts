import { z } from "zod";
import { EventSummary } from "./event-shapes";
import { printableName } from "./printable-text";
import { parseUkVatNumber } from "./vat";
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

/** A postal address as typed over several lines: each line trimmed, blank lines dropped. */
const postalAddress = z
  .string()
  .nullish()
  .transform((value) => (value ?? "").split(/\r?\n|\r/).map((line) => line.trim()).filter(Boolean).join("\n") || null)
  .pipe(z.string().max(300, "Must be at most 300 characters").nullable());

/** A UK VAT number (parseUkVatNumber), stored in its normal form; empty means not VAT-registered. */
const vatNumber = z
  .string()
  .nullish()
  .transform((value, ctx) => {
    if (!value?.trim()) return null;
    const parsed = parseUkVatNumber(value);
    if (parsed.ok) return parsed.vatNumber;
    ctx.addIssue({ code: "custom", message: parsed.problem });
    return z.NEVER;
  });

/** spec §5 Profile edit: empty fields are saved as null. The business fields name the organiser as the seller on receipts (issue 20). */
export const ProfileUpdateInput = z.object({
  username: z
    .string()
    .trim()
    .nullish()
    .transform((value) => (value ? value : null))
    .pipe(Username.nullable()),
  displayName: optionalText(80).superRefine(printableName("Display name")),
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
  businessName: optionalText(120).superRefine(printableName("Business name")),
  businessAddress: postalAddress,
  vatNumber,
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
  /** The seller on receipts (issue 20): never on the public profile. */
  businessName: z.string().nullable(),
  businessAddress: z.string().nullable(),
  vatNumber: z.string().nullable(),
});
export type OwnProfile = z.infer<typeof OwnProfile>;

/** POST /api/me/avatar: the stored picture's URL, to save as the profile's avatar. */
export const AvatarUpload = z.object({ avatarUrl: z.string() });
export type AvatarUpload = z.infer<typeof AvatarUpload>;
