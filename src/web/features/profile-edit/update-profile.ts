import type { OwnProfile, ProfileUpdateInput } from "@domain";
import { apiRequest } from "~/lib/api-request";

/** Saves the signed-in user's profile. Refusals: 400 INVALID_USERNAME or VALIDATION_FAILED, 409 USERNAME_TAKEN. */
export function updateProfile(input: ProfileUpdateInput): Promise<OwnProfile> {
  return apiRequest("/api/me/profile", { method: "PUT", json: input });
}
