import { describe, expect, it } from "vitest";
import { ApiRequestError } from "~/lib/api-request";
import { EVENT_TOASTS, pathAfterForm, saveFailureProblem } from "./event-toasts";

describe("EVENT_TOASTS (spec §8 Events and create/edit)", () => {
  it("uses the spec's exact words", () => {
    expect(EVENT_TOASTS.accessDenied).toEqual({ title: "Access denied", description: "You can only edit your own events." });
    expect(EVENT_TOASTS.loadFailed).toEqual({ title: "Error loading event", description: "Could not load event for editing." });
    expect(EVENT_TOASTS.organisersFailed).toEqual({ title: "Error loading organizers", description: "Could not load organizer list" });
    expect(EVENT_TOASTS.imageUploadFailed).toEqual({ title: "Image upload failed", description: "Could not upload the image. Please try again." });
    expect(EVENT_TOASTS.created.title).toBe("Event created successfully!");
    expect(EVENT_TOASTS.updated.title).toBe("Event updated successfully!");
  });
});

describe("saveFailureProblem", () => {
  it("shows 'Error creating event' or 'Error updating event' with the server's message and field", () => {
    const refused = new ApiRequestError({ status: 400, code: "VALIDATION_FAILED", message: "Invalid body field 'location': Location is required" });
    expect(saveFailureProblem(refused, "create")).toEqual({
      toast: { title: "Error creating event", description: refused.message },
      field: "location",
      message: refused.message,
    });
    expect(saveFailureProblem(refused, "edit").toast.title).toBe("Error updating event");
  });

  it("shows the server's refusal of a date: one in the past or years ahead at its field, a sold event's move as a toast (issue 33)", () => {
    const farOff = new ApiRequestError({ status: 400, code: "VALIDATION_FAILED", message: "Invalid field 'dateTime': Start Date & Time can be at most 3 years ahead." });
    expect(saveFailureProblem(farOff, "create")).toEqual({ toast: { title: "Error creating event", description: farOff.message }, field: "dateTime", message: farOff.message });
    const sold = new ApiRequestError({ status: 409, code: "CONFLICT", message: "This event has sold tickets or has tickets being bought, so its date can only be moved by postponing it." });
    expect(saveFailureProblem(sold, "edit")).toEqual({ toast: { title: "Error updating event", description: sold.message }, field: undefined, message: undefined });
  });

  it("reports a refused image as an upload failure with the server's reason beside the image", () => {
    const tooLarge = new ApiRequestError({ status: 413, code: "IMAGE_TOO_LARGE", message: "The image is larger than 5 MB." });
    expect(saveFailureProblem(tooLarge, "create")).toEqual({ toast: EVENT_TOASTS.imageUploadFailed, field: "imageUrl", message: "The image is larger than 5 MB." });
    const notImage = new ApiRequestError({ status: 415, code: "UNSUPPORTED_IMAGE", message: "Not a JPG, PNG or WebP image." });
    expect(saveFailureProblem(notImage, "edit").toast).toBe(EVENT_TOASTS.imageUploadFailed);
  });

  it("words an unknown organiser and a refused edit as the spec does", () => {
    const organiser = saveFailureProblem(new ApiRequestError({ status: 400, code: "INVALID_ORGANISER", message: "x" }), "create");
    expect(organiser).toMatchObject({ toast: { description: "Invalid organizer selected. Please try again." }, field: "organiserId" });
    const denied = saveFailureProblem(new ApiRequestError({ status: 403, code: "EVENT_ACCESS_DENIED", message: "x" }), "edit");
    expect(denied.toast).toEqual(EVENT_TOASTS.accessDenied);
  });

  it("passes on a network failure's message", () => {
    expect(saveFailureProblem(new TypeError("Failed to fetch"), "create")).toEqual({ toast: { title: "Error creating event", description: "Failed to fetch" } });
  });
});

describe("pathAfterForm (spec §2)", () => {
  it("goes to the dashboard after an edit and home after creating", () => {
    expect(pathAfterForm("edit")).toBe("/dashboard");
    expect(pathAfterForm("create")).toBe("/");
  });
});
