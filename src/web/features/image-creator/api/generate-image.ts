import type { GenerateImageInput, GenerateImageResult } from "@domain";
import { apiRequest } from "~/lib/api-request";

/**
 * spec §7 generate-image. Answers the image, or `{error}` when the image service refused; throws
 * ApiRequestError for 400 (bad input), 401 (signed out) and 429 (too many images).
 */
export function generateImage(input: GenerateImageInput): Promise<GenerateImageResult> {
  return apiRequest("/api/functions/generate-image", { method: "POST", json: input });
}
