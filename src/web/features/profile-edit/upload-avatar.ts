import type { AvatarUpload } from "@domain";
import { apiRequest } from "~/lib/api-request";

/** Uploads a JPG, PNG or WebP of up to 5 MB; the reply is the URL to save as the profile's avatar. */
export async function uploadAvatar(file: File): Promise<string> {
  const form = new FormData();
  form.append("file", file);
  const { avatarUrl } = await apiRequest<AvatarUpload>("/api/me/avatar", { method: "POST", form });
  return avatarUrl;
}
