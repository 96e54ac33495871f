import { describe, expect, it } from "vitest";
import type { CheckResult } from "@domain";
import { ApiRequestError } from "~/lib/api-request";
import { CameraError } from "./camera";
import { cameraErrorMessage } from "./camera-error";
import { isNetworkFailure } from "./network-failure";
import { scanErrorToast, scanToast } from "./scan-toasts";
import { nextZoom, zoomLimits } from "./zoom";
import { admittedResult } from "./test-signing-key";

const VALID: CheckResult = admittedResult("4b0c1e1e-0000-4000-8000-000000000001");

describe("scanToast (spec §8 Scanner and My Tickets)", () => {
  it("says who was checked in, or 'Attendee' without a name", () => {
    expect(scanToast(VALID, true)).toEqual({ tone: "success", title: "Check-in successful", description: "Ada Lovelace checked in" });
    expect(scanToast({ ...VALID, attendee: null }, true).description).toBe("Attendee checked in");
  });

  it("validates only when auto check-in is off", () => {
    expect(scanToast({ ...VALID, checkedInAt: null }, false)).toEqual({ tone: "success", title: "Ticket valid", description: "Ada Lovelace · Northern Soul Night" });
  });

  it("reports an earlier check-in with its UK time", () => {
    expect(scanToast({ ...VALID, alreadyCheckedIn: true }, true)).toEqual({ tone: "warning", title: "Already checked in", description: "Checked in at Thu, 1 Jun 2090, 18:05" });
  });

  it("shows the server's reason for an invalid ticket, else 'Ticket not found or unpaid'", () => {
    expect(scanToast({ ...VALID, valid: false, error: "You can only check in tickets for your own events." }, true)).toMatchObject({
      title: "Invalid ticket",
      description: "You can only check in tickets for your own events.",
    });
    expect(scanToast({ ...VALID, valid: false, error: null }, true)).toEqual({ tone: "error", title: "Invalid ticket", description: "Ticket not found or unpaid" });
  });

  it("shows 'Scan error' with the server's message, else 'Could not verify ticket'", () => {
    expect(scanErrorToast(new ApiRequestError({ status: 401, message: "Please sign in to continue." }))).toEqual({
      tone: "error",
      title: "Scan error",
      description: "Please sign in to continue.",
    });
    expect(scanErrorToast(new TypeError("Failed to fetch")).description).toBe("Could not verify ticket");
  });
});

describe("isNetworkFailure", () => {
  it("is true when the server cannot be reached, false when it refused", () => {
    expect(isNetworkFailure(new TypeError("Failed to fetch"))).toBe(true);
    expect(isNetworkFailure(new ApiRequestError({ status: 503, message: "x" }))).toBe(true);
    expect(isNetworkFailure(new ApiRequestError({ status: 401, message: "x" }))).toBe(false);
    expect(isNetworkFailure(new ApiRequestError({ status: 500, message: "x" }))).toBe(false);
    expect(isNetworkFailure(new DOMException("The operation timed out.", "TimeoutError"))).toBe(true);
    expect(isNetworkFailure(new SyntaxError("bad json"))).toBe(false);
  });
});

describe("nextZoom (spec §4: a third of the range per step, clamped)", () => {
  const range = { min: 1, max: 4 };
  it("steps by a third of min..max and stops at the limits", () => {
    expect(nextZoom(1, range, "in")).toBe(2);
    expect(nextZoom(3.5, range, "in")).toBe(4);
    expect(nextZoom(1.5, range, "out")).toBe(1);
    expect(zoomLimits(1, range)).toEqual({ atMin: true, atMax: false });
    expect(zoomLimits(4, range)).toEqual({ atMin: false, atMax: true });
  });

  it("reaches the limit exactly despite rounding", () => {
    const awkward = { min: 1, max: 1.1 };
    let value = awkward.min;
    for (let press = 0; press < 3; press += 1) value = nextZoom(value, awkward, "in");
    expect(value).toBe(1.1);
    expect(zoomLimits(value, awkward).atMax).toBe(true);
  });
});

describe("cameraErrorMessage", () => {
  it("explains each camera failure in plain words", () => {
    expect(cameraErrorMessage(new CameraError("insecure-context"))).toMatch(/secure connection/);
    expect(cameraErrorMessage(new CameraError("unsupported"))).toMatch(/cannot stream video/);
    expect(cameraErrorMessage(new CameraError("timed-out"))).toBe("The camera did not start within 3 seconds. Turn the camera off and on again.");
    expect(cameraErrorMessage(new DOMException("Permission denied", "NotAllowedError"))).toMatch(/Camera access was blocked/);
    expect(cameraErrorMessage(new DOMException("Requested device not found", "NotFoundError"))).toBe("No camera was found on this device.");
    expect(cameraErrorMessage(new DOMException("Could not start video source", "NotReadableError"))).toMatch(/being used by another app/);
    expect(cameraErrorMessage(new DOMException("", "OverconstrainedError"))).toMatch(/cannot provide a picture/);
    expect(cameraErrorMessage(new TypeError("something else"))).toMatch(/could not start/);
    // A name the browser did not give is not read off the object's prototype.
    expect(cameraErrorMessage(Object.assign(new Error("odd"), { name: "toString" }))).toMatch(/could not start/);
  });
});
