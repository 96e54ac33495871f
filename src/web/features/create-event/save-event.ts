import type { EditableEvent, EventInput } from "@domain";
import { apiRequest } from "~/lib/api-request";

/**
 * The event and its image go in one multipart request, so they are saved together or not at all:
 * `event` is the EventInput as JSON, `image` an optional JPG, PNG or WebP of up to 5 MB.
 */
function eventForm(input: EventInput, image: File | null): FormData {
  const form = new FormData();
  form.append("event", JSON.stringify(input));
  if (image) form.append("image", image, image.name);
  return form;
}

/** Publishes a new event. Refusals: 400 VALIDATION_FAILED or INVALID_ORGANISER, 401, 413 IMAGE_TOO_LARGE, 415 UNSUPPORTED_IMAGE. */
export function createEvent(input: EventInput, image: File | null): Promise<EditableEvent> {
  return apiRequest("/api/events", { method: "POST", form: eventForm(input, image) });
}

/** Saves every field of an existing event. Refusals as for createEvent, plus 403 EVENT_ACCESS_DENIED and 404 EVENT_NOT_FOUND. */
export function updateEvent(eventId: string, input: EventInput, image: File | null): Promise<EditableEvent> {
  return apiRequest(`/api/events/${encodeURIComponent(eventId)}`, { method: "PATCH", form: eventForm(input, image) });
}
