import { ProfileUpdateInput } from "@domain";
import { PROFILE_TOASTS, toUpdateInput, type ProfileField, type ProfileFormValues, type ProfileProblem } from "../profile-form";

// The form's check before saving, with the server's own schema. The page imports this module when the form
// is sent, never with the page: zod and the schema are a chunk of their own (issue 35).

const FIELD_NAMES: Record<ProfileField, string> = {
  username: "Username",
  displayName: "Display name",
  bio: "Bio",
  location: "Location",
  website: "Website",
  avatarUrl: "Avatar URL",
  businessName: "Legal or trading name",
  businessAddress: "Address",
  vatNumber: "VAT number",
  sellerKind: "Selling as",
  isCompany: "Company",
  companyNumber: "Company number",
  vatTreatment: "VAT on your tickets",
};

/** Checks the form with the same schema the server uses; null when it can be saved. */
export function profileFormProblem(values: ProfileFormValues): ProfileProblem | null {
  const parsed = ProfileUpdateInput.safeParse(toUpdateInput(values));
  if (parsed.success) return null;
  const issue = parsed.error.issues[0]!;
  const field = issue.path[0] as ProfileField | undefined;
  if (field === "username") return { ...PROFILE_TOASTS.invalidUsername, field };
  if (field && field in FIELD_NAMES) return { title: "Failed to update profile", description: `${FIELD_NAMES[field]}: ${issue.message}`, field };
  return { title: "Failed to update profile", description: issue.message };
}
