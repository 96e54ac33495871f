import { z } from "zod";
import { EventSummary } from "./event-shapes";
import { printableName } from "./printable-text";
import { normaliseCompanyNumber, SELLER_KIND_VALUES, sellerDetailsProblems } from "./sellers";
import { parseUkVatNumber, VAT_TREATMENT_VALUES } from "./vat";
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

/** An optional choice: empty means not chosen (null). */
const optionalChoice = <T extends string>(values: readonly [T, ...T[]], message: string) =>
  z.preprocess((value) => (value === "" || value === undefined ? null : value), z.enum(values, { message }).nullable());

/**
 * spec §5 Profile edit: empty fields are saved as null. The seller details (issue 34) name the organiser
 * as the seller on their paid events, the checkout and receipts; they may be saved incomplete (their paid
 * events wait until they are complete: sellerDetailsProblems) but never wrong. `isCompany` is the form's
 * "we are a company" tick: it asks for the company number and is not stored apart from it.
 */
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
  sellerKind: optionalChoice(SELLER_KIND_VALUES, "Choose business or private individual"),
  isCompany: z.boolean({ message: "isCompany must be true or false" }).optional(),
  companyNumber: z
    .string()
    .nullish()
    .transform((value) => (value ? normaliseCompanyNumber(value) || null : null)),
  vatTreatment: optionalChoice(VAT_TREATMENT_VALUES, "Choose one of the VAT treatments listed"),
}).superRefine((input, ctx) => {
  if (input.isCompany && !input.companyNumber) {
    ctx.addIssue({ code: "custom", path: ["companyNumber"], message: "A company needs its company number (8 digits, or 2 letters and 6 digits)." });
  }
  for (const problem of sellerDetailsProblems(input)) {
    if (!problem.missing) ctx.addIssue({ code: "custom", path: [problem.field], message: problem.message });
  }
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
  sellerKind: z.string().nullable(),
  companyNumber: z.string().nullable(),
  vatTreatment: z.string().nullable(),
  /** What is still missing or wrong before the organiser's paid events may be sold (empty when complete). */
  sellerDetailsProblems: z.array(z.object({ field: z.string(), message: z.string() })),
});
export type OwnProfile = z.infer<typeof OwnProfile>;

/** POST /api/me/avatar: the stored picture's URL, to save as the profile's avatar. */
export const AvatarUpload = z.object({ avatarUrl: z.string() });
export type AvatarUpload = z.infer<typeof AvatarUpload>;
