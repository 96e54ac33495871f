import { z } from "zod";
import { DEFAULT_IMAGE_SIZE, IMAGE_CREATOR_TEXT, IMAGE_PROMPT_MAX_LENGTH, IMAGE_SIZES, IMAGE_STYLES } from "./images";

const optionalText = (max: number, field: string) =>
  z
    .string()
    .trim()
    .max(max, `${field} is too long (${max} characters at most)`)
    .nullish()
    .transform((value) => value || null);

/**
 * POST /api/functions/generate-image (spec §7): the spec's prompt, style and size, plus the event's
 * details when the page knows them. An AI service draws from the prompt; the built-in poster generator
 * (decisions D19) lays out the title, location and date, so it needs them as text.
 */
export const GenerateImageInput = z.object({
  prompt: z
    .string()
    .trim()
    .min(1, IMAGE_CREATOR_TEXT.promptRequired)
    .max(IMAGE_PROMPT_MAX_LENGTH, `The prompt is too long (${IMAGE_PROMPT_MAX_LENGTH} characters at most)`),
  style: z.enum(IMAGE_STYLES, { message: `Style must be one of: ${IMAGE_STYLES.join(", ")}` }),
  size: z.enum(IMAGE_SIZES, { message: `Size must be one of: ${IMAGE_SIZES.join(", ")}` }).default(DEFAULT_IMAGE_SIZE),
  event: z
    .object({
      title: optionalText(150, "Event title"),
      location: optionalText(200, "Location"),
      dateTime: z.iso.datetime({ offset: true, message: "Date must be a date and time" }).nullish().transform((value) => value ?? null),
    })
    .nullish()
    .transform((value) => value ?? null),
});
export type GenerateImageInput = z.input<typeof GenerateImageInput>;

/** The function's answer when an image was made (spec §7 generate-image). */
export const GenerateImageSuccess = z.object({
  imageUrl: z.string(),
  prompt: z.string(),
  style: z.enum(IMAGE_STYLES),
  size: z.enum(IMAGE_SIZES),
});
export type GenerateImageSuccess = z.infer<typeof GenerateImageSuccess>;

/** ...or the image service's refusal, in words fit to show (spec §8: 'An error field in the response shows that message'). */
export const GenerateImageResult = z.union([GenerateImageSuccess, z.object({ error: z.string() })]);
export type GenerateImageResult = z.infer<typeof GenerateImageResult>;

/** spec §3 Generated image: an entry of the page's history. */
export const GeneratedImage = GenerateImageSuccess.extend({ timestamp: z.string() });
export type GeneratedImage = z.infer<typeof GeneratedImage>;
