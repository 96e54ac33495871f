import { createHash } from "node:crypto";
import { posterTitle, type GenerateImageResult, type ImageSize, type ImageStyle } from "../../../domain";
import { AiServiceError, type AiService } from "../../providers/ai/ai";
import type { FileStorage } from "../../providers/storage/storage";

export interface ImageRequest {
  prompt: string;
  style: ImageStyle;
  size: ImageSize;
  event: { title: string | null; location: string | null; dateTime: string | null } | null;
}

const NOT_AN_IMAGE = "The image service did not return an image. Please try again.";

/** The AI service's picture as a PNG, or the service's refusal in words fit to show. */
async function drawWithAi(ai: AiService, request: ImageRequest): Promise<Buffer | { error: string }> {
  let bytes: Buffer;
  try {
    bytes = await ai.generateImage({ prompt: request.prompt, size: request.size });
  } catch (error) {
    if (error instanceof AiServiceError) return { error: error.message };
    throw error;
  }
  try {
    const { default: sharp } = await import("sharp");
    const image = sharp(bytes);
    const { format } = await image.metadata();
    return format === "png" ? bytes : await image.png().toBuffer();
  } catch {
    return { error: NOT_AN_IMAGE };
  }
}

/** The built-in poster (decisions D19): the event's words in the style's design. */
async function drawPoster(request: ImageRequest): Promise<Buffer> {
  // The poster engine (sharp, fonts) is loaded on the first poster, not at start-up.
  const { renderPoster } = await import("./poster/poster");
  const title = posterTitle({ title: request.event?.title, prompt: request.prompt });
  const location = request.event?.location ?? null;
  return renderPoster({
    title,
    // A headline made from the place itself is not printed twice.
    location: location && location.toLowerCase() !== title.toLowerCase() ? location : null,
    dateTime: request.event?.dateTime ?? null,
    style: request.style,
    size: request.size,
  });
}

/**
 * spec §7 generate-image: draws the image (the configured AI service, else the built-in poster
 * generator), stores it as generated/{userId}/{content hash}.png and answers with its public URL.
 */
export async function generateImage({
  ai,
  storage,
  userId,
  request,
}: {
  ai: AiService | null;
  storage: FileStorage;
  userId: string;
  request: ImageRequest;
}): Promise<GenerateImageResult> {
  const drawn = ai ? await drawWithAi(ai, request) : await drawPoster(request);
  if (!Buffer.isBuffer(drawn)) return drawn;
  const hash = createHash("sha256").update(drawn).digest("hex").slice(0, 20);
  const imageUrl = await storage.put(`generated/${userId}/${hash}.png`, drawn, "image/png");
  return { imageUrl, prompt: request.prompt, style: request.style, size: request.size };
}
