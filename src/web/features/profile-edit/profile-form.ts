import type { OwnProfile, ProfileUpdateInput } from "@domain";
import { paths } from "~/paths";
import { ApiRequestError } from "~/lib/api-request";

/** What the form holds: every field as typed text. */
export interface ProfileFormValues {
  username: string;
  displayName: string;
  bio: string;
  location: string;
  website: string;
  avatarUrl: string;
  /** Seller details: who sells their paid events, on the event page, the checkout and receipts (issues 20, 34). */
  businessName: string;
  businessAddress: string;
  vatNumber: string;
  sellerKind: string;
  /** The "we are a company" tick: asks for the company number. */
  isCompany: boolean;
  companyNumber: string;
  vatTreatment: string;
}

export type ProfileField = keyof ProfileFormValues;

/** A 'Title / Detail' toast (spec §8), with the field it is about when there is one. */
export interface ProfileProblem {
  title: string;
  description: string;
  field?: ProfileField;
}

export const PROFILE_TOASTS = {
  invalidUsername: { title: "Invalid Username", description: "Username can only contain letters, numbers, and underscores" },
  usernameTaken: { title: "Username Taken", description: "This username is already in use" },
  updated: { title: "Profile Updated" },
  unsupportedImage: { title: "Image upload failed", description: "Please choose a JPG, PNG or WebP image." },
  imageTooLarge: { title: "Image upload failed", description: "The image is larger than 5 MB. Please choose a smaller one." },
} as const;

/** spec §9: images up to 5 MB in JPG, PNG or WebP (the server checks the bytes; this only saves a wasted upload). */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_ACCEPT = "image/jpeg,image/png,image/webp";

export function formValuesFrom(profile: OwnProfile): ProfileFormValues {
  return {
    username: profile.username ?? "",
    displayName: profile.displayName ?? "",
    bio: profile.bio ?? "",
    location: profile.location ?? "",
    website: profile.website ?? "",
    avatarUrl: profile.avatarUrl ?? "",
    businessName: profile.businessName ?? "",
    businessAddress: profile.businessAddress ?? "",
    vatNumber: profile.vatNumber ?? "",
    sellerKind: profile.sellerKind ?? "",
    isCompany: profile.companyNumber !== null,
    companyNumber: profile.companyNumber ?? "",
    vatTreatment: profile.vatTreatment ?? "",
  };
}

/** "example.co.uk" → "https://example.co.uk": a website typed without its scheme is read as https. */
export function normaliseWebsite(value: string): string {
  const typed = value.trim();
  if (!typed || /^[a-z][a-z\d+.-]*:/i.test(typed)) return typed;
  return `https://${typed}`;
}

/** The body for PUT /api/me/profile; empty fields become null (spec §5 Profile edit). */
export function toUpdateInput(values: ProfileFormValues): ProfileUpdateInput {
  const orNull = (value: string) => value.trim() || null;
  return {
    username: orNull(values.username),
    displayName: orNull(values.displayName),
    bio: orNull(values.bio),
    location: orNull(values.location),
    website: orNull(normaliseWebsite(values.website)),
    avatarUrl: orNull(values.avatarUrl),
    businessName: orNull(values.businessName),
    businessAddress: orNull(values.businessAddress),
    vatNumber: orNull(values.vatNumber),
    sellerKind: orNull(values.sellerKind),
    isCompany: values.sellerKind === "business" && values.isCompany,
    // Only a company has a number: untick it, or choose private individual, and the number goes.
    companyNumber: values.sellerKind === "business" && values.isCompany ? orNull(values.companyNumber) : null,
    vatTreatment: orNull(values.vatTreatment),
  };
}

/** A chosen avatar file that cannot be uploaded, or null. */
export function avatarFileProblem(file: Pick<File, "type" | "size">): ProfileProblem | null {
  if (!AVATAR_ACCEPT.split(",").includes(file.type)) return { ...PROFILE_TOASTS.unsupportedImage, field: "avatarUrl" };
  if (file.size > AVATAR_MAX_BYTES) return { ...PROFILE_TOASTS.imageTooLarge, field: "avatarUrl" };
  return null;
}

const SERVER_FIELDS: ProfileField[] = ["username", "displayName", "bio", "location", "website", "avatarUrl", "businessName", "businessAddress", "vatNumber", "sellerKind", "companyNumber", "vatTreatment"];

/** A refused save in the user's words (spec §8 Profile). */
export function saveFailureProblem(error: unknown): ProfileProblem {
  if (error instanceof ApiRequestError) {
    if (error.code === "USERNAME_TAKEN") return { ...PROFILE_TOASTS.usernameTaken, field: "username" };
    if (error.code === "INVALID_USERNAME") return { ...PROFILE_TOASTS.invalidUsername, field: "username" };
    // The server names the field in its message: "Invalid field 'website': …".
    const field = SERVER_FIELDS.find((name) => error.message.includes(`'${name}'`));
    return { title: "Failed to update profile", description: error.message, field };
  }
  const message = error instanceof Error && error.message ? error.message : "Please try again later.";
  return { title: "Failed to update profile", description: message };
}

/** A failed avatar upload; the server says why (too large, not an image). */
export function uploadFailureProblem(error: unknown): ProfileProblem {
  const message = error instanceof Error && error.message ? error.message : "Could not upload the image. Please try again.";
  return { title: "Image upload failed", description: message, field: "avatarUrl" };
}

/** spec §2 Profiles: after saving, the public profile, or the dashboard when there is no username. */
export function pathAfterSave(profile: Pick<OwnProfile, "username">): string {
  return profile.username ? paths.profile(profile.username) : paths.dashboard;
}
