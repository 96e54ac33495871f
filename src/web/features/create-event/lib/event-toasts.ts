import { paths } from "~/paths";
import { ApiRequestError } from "~/lib/api-request";
import { fieldNamedIn, type FormMode, type ProblemField } from "./event-form";

/** A 'Title / Detail' toast (spec §8). */
export interface ToastText {
  title: string;
  description?: string;
}

/** Every fixed toast of the create/edit page, worded as in spec §8 Events and create/edit. */
export const EVENT_TOASTS = {
  created: { title: "Event created successfully!", description: "Your event is published and live." },
  updated: { title: "Event updated successfully!", description: "Your changes have been saved." },
  accessDenied: { title: "Access denied", description: "You can only edit your own events." },
  loadFailed: { title: "Error loading event", description: "Could not load event for editing." },
  organisersFailed: { title: "Error loading organizers", description: "Could not load organizer list" },
  imageUploadFailed: { title: "Image upload failed", description: "Could not upload the image. Please try again." },
  imagePasted: { title: "Image pasted!" },
  pasteProcessFailed: { title: "Failed to process pasted image. Please try uploading instead." },
  pasteFailed: { title: "Failed to paste image. Please try uploading instead." },
} as const satisfies Record<string, ToastText>;

export const INVALID_ORGANISER_MESSAGE = "Invalid organizer selected. Please try again.";

export function saveFailedTitle(mode: FormMode): string {
  return mode === "edit" ? "Error updating event" : "Error creating event";
}

/** What to tell the organiser when saving fails: a toast, and the field to mark and focus with its message. */
export interface SaveProblem {
  toast: ToastText;
  field?: ProblemField;
  message?: string;
  /** A type left out of the list has tickets sold or being bought (409 TICKET_TYPE_SOLD): it must stay, and can be ended instead (issue 36). */
  typeSold?: boolean;
}

/** A refused or failed save in the spec's words; the server's message says what was wrong. */
export function saveFailureProblem(error: unknown, mode: FormMode): SaveProblem {
  const title = saveFailedTitle(mode);
  if (!(error instanceof ApiRequestError)) {
    const description = error instanceof Error && error.message ? error.message : "Please try again later.";
    return { toast: { title, description } };
  }
  switch (error.code) {
    case "IMAGE_TOO_LARGE":
    case "UNSUPPORTED_IMAGE":
      return { toast: EVENT_TOASTS.imageUploadFailed, field: "imageUrl", message: error.message };
    case "EVENT_ACCESS_DENIED":
      return { toast: EVENT_TOASTS.accessDenied };
    case "CONFLICT":
      if (error.reason === "TICKET_TYPE_SOLD") return { toast: { title, description: error.message }, field: "ticketTypes", message: error.message, typeSold: true };
      return { toast: { title, description: error.message } };
    case "INVALID_ORGANISER":
      return { toast: { title, description: INVALID_ORGANISER_MESSAGE }, field: "organiserId", message: INVALID_ORGANISER_MESSAGE };
    default: {
      const field = error.code === "VALIDATION_FAILED" ? fieldNamedIn(error.message) : undefined;
      return { toast: { title, description: error.message }, field, message: field ? error.message : undefined };
    }
  }
}

/** spec §2: saving or cancelling an edit goes back to the dashboard; a new event goes to the home page. */
export function pathAfterForm(mode: FormMode): string {
  return mode === "edit" ? paths.dashboard : paths.home;
}
