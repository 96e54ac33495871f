import type { EditableEvent } from "@domain";
import { apiRequest } from "~/lib/api-request";
import { EVENT_PICTURE_FRAME, eventFrameLayout, eventInputKeepingAllBut, isSameOriginImage, type Placement } from "./image-creator";

async function fetchImage(url: string): Promise<Blob> {
  const response = await fetch(url, { credentials: "same-origin" });
  if (!response.ok) throw new Error(`The image could not be loaded (HTTP ${response.status}).`);
  return response.blob();
}

function canvas(width: number, height: number) {
  const element = document.createElement("canvas");
  element.width = width;
  element.height = height;
  return { element, context: element.getContext("2d")! };
}

/** A soft, slightly darkened copy of the picture filling the frame, for the sides around it. */
function paintSoftBackground(context: CanvasRenderingContext2D, bitmap: ImageBitmap, cover: Placement) {
  const { width, height } = EVENT_PICTURE_FRAME;
  // Sharp underneath, so the blur has no transparent rim at the frame's edges.
  context.drawImage(bitmap, cover.x, cover.y, cover.width, cover.height);
  // Typed as always there, but older Safari has no canvas filters.
  const canFilter = "filter" in (context as object);
  if (canFilter) {
    context.filter = "blur(40px)";
    context.drawImage(bitmap, cover.x, cover.y, cover.width, cover.height);
    context.filter = "none";
  } else {
    // No canvas filters (older Safari): shrink in steps and stretch back, which blurs as well.
    let source: CanvasImageSource = bitmap;
    let placement = cover;
    for (const step of [8, 32]) {
      const small = canvas(Math.round(width / step), Math.round(height / step));
      small.context.drawImage(source, placement.x / step, placement.y / step, placement.width / step, placement.height / step);
      source = small.element;
      placement = { x: 0, y: 0, width: width / step, height: height / step };
    }
    context.imageSmoothingQuality = "high";
    context.drawImage(source, 0, 0, width, height);
  }
  context.fillStyle = "rgba(0, 0, 0, 0.15)";
  context.fillRect(0, 0, width, height);
}

/**
 * The picture whole in the event pages' 16:9 frame (they would otherwise crop a poster's words off),
 * over a soft copy of itself.
 */
async function inEventFrame(image: Blob): Promise<File> {
  const bitmap = await createImageBitmap(image);
  const { contain, cover } = eventFrameLayout(bitmap.width, bitmap.height);
  const frame = canvas(EVENT_PICTURE_FRAME.width, EVENT_PICTURE_FRAME.height);
  paintSoftBackground(frame.context, bitmap, cover);
  frame.context.drawImage(bitmap, contain.x, contain.y, contain.width, contain.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => frame.element.toBlob(resolve, "image/jpeg", 0.9));
  if (!blob) throw new Error("The image could not be prepared for the event.");
  return new File([blob], "event-image.jpg", { type: "image/jpeg" });
}

/**
 * Makes a generated image an event's picture through the event-editing API (PATCH /api/events/{id},
 * the form's own request): the event as it is, with the image. An image stored here goes up as a file
 * framed for event pages, so the event gets its own resized copies like any upload; one in object
 * storage is given as its web address.
 */
export async function setEventImage(eventId: string, imageUrl: string): Promise<EditableEvent> {
  const id = encodeURIComponent(eventId);
  const event = await apiRequest<EditableEvent>(`/api/events/${id}/edit`);
  if (!isSameOriginImage(imageUrl)) {
    return apiRequest(`/api/events/${id}`, { method: "PATCH", json: eventInputKeepingAllBut(event, imageUrl) });
  }
  const file = await inEventFrame(await fetchImage(imageUrl));
  const form = new FormData();
  form.append("event", JSON.stringify(eventInputKeepingAllBut(event, null)));
  form.append("image", file, file.name);
  return apiRequest(`/api/events/${id}`, { method: "PATCH", form });
}
