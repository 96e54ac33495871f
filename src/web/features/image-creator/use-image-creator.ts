import { useState } from "react";
import { toast } from "~/lib/toast";
import {
  buildAutoPrompt,
  DEFAULT_IMAGE_SIZE,
  DEFAULT_IMAGE_STYLE,
  IMAGE_CREATOR_TEXT,
  type DashboardEvent,
  type GeneratedImage,
  type ImageSize,
  type ImageStyle,
} from "@domain";
import { generationFailure, withNewest } from "./image-creator";
import type { GenerateImageInput, GenerateImageResult } from "@domain";
import { apiRequest } from "~/lib/api-request";

/**
 * spec §7 generate-image. Answers the image, or `{error}` when the image service refused; throws
 * ApiRequestError for 400 (bad input), 401 (signed out) and 429 (too many images).
 */
export function generateImage(input: GenerateImageInput): Promise<GenerateImageResult> {
  return apiRequest("/api/functions/generate-image", { method: "POST", json: input });
}

export interface CreatorFields {
  /** The organiser's event the details came from ("" for none). */
  eventId: string;
  title: string;
  location: string;
  /** The chosen event's date, printed on the built-in poster. */
  dateTime: string | null;
  style: ImageStyle;
  size: ImageSize;
  /** The description: the prompt the image is made from. */
  prompt: string;
}

const EMPTY: CreatorFields = { eventId: "", title: "", location: "", dateTime: null, style: DEFAULT_IMAGE_STYLE, size: DEFAULT_IMAGE_SIZE, prompt: "" };

/**
 * The image creator's form and history (spec §2 AI Image Creator, §4 Image generation, §5, §8): idle,
 * then generating, then the new image at the top of the history, which lives only in this page.
 */
export function useImageCreator() {
  const [fields, setFields] = useState<CreatorFields>(EMPTY);
  const [generating, setGenerating] = useState(false);
  const [history, setHistory] = useState<GeneratedImage[]>([]);

  function change<Field extends keyof CreatorFields>(field: Field, value: CreatorFields[Field]) {
    setFields((current) => ({ ...current, [field]: value }));
  }

  /** Fills the title, location and date from one of the organiser's events (or forgets the event). */
  function startFrom(event: DashboardEvent | null) {
    setFields((current) =>
      event
        ? { ...current, eventId: event.id, title: event.title, location: event.location, dateTime: event.dateTime }
        : { ...current, eventId: "", dateTime: null },
    );
  }

  /** spec §5: a prompt from the title and/or location and the style. */
  function autoGenerate(): boolean {
    const prompt = buildAutoPrompt(fields);
    if (!prompt) {
      toast.error(IMAGE_CREATOR_TEXT.autoPromptNeedsDetails);
      return false;
    }
    change("prompt", prompt);
    toast.success(IMAGE_CREATOR_TEXT.autoPromptDone);
    return true;
  }

  /** Resolves with the new image, or null when nothing was made (the toast says why). */
  async function generate(): Promise<GeneratedImage | null> {
    if (generating) return null;
    if (!fields.prompt.trim()) {
      toast.error(IMAGE_CREATOR_TEXT.promptRequired);
      return null;
    }
    setGenerating(true);
    try {
      const result = await generateImage({
        prompt: fields.prompt,
        style: fields.style,
        size: fields.size,
        event: { title: fields.title, location: fields.location, dateTime: fields.dateTime },
      });
      if ("error" in result) {
        toast.error(result.error);
        return null;
      }
      const image: GeneratedImage = { ...result, timestamp: new Date().toISOString() };
      setHistory((current) => withNewest(current, image));
      return image;
    } catch (error) {
      const failure = generationFailure(error);
      toast.error(failure.title, failure.description ? { description: failure.description } : undefined);
      return null;
    } finally {
      setGenerating(false);
    }
  }

  return { fields, change, startFrom, autoGenerate, generate, generating, history };
}
