import { CameraError } from "./camera";

const BLOCKED = "Camera access was blocked. Allow the camera for this site in your browser settings, then turn the camera on again.";

/** The browser's camera failures (getUserMedia's DOMException names, old and new) in plain words. */
const BY_NAME: Record<string, string> = {
  NotAllowedError: BLOCKED,
  PermissionDeniedError: BLOCKED,
  SecurityError: BLOCKED,
  NotFoundError: "No camera was found on this device.",
  DevicesNotFoundError: "No camera was found on this device.",
  NotReadableError: "The camera is being used by another app. Close that app, then turn the camera on again.",
  TrackStartError: "The camera is being used by another app. Close that app, then turn the camera on again.",
  OverconstrainedError: "This camera cannot provide a picture the scanner can use.",
  ConstraintNotSatisfiedError: "This camera cannot provide a picture the scanner can use.",
};

/** A camera or scanner failure in plain words (spec §8 'Scanner and My Tickets': camera errors). */
export function cameraErrorMessage(error: unknown): string {
  if (error instanceof CameraError) {
    switch (error.failure) {
      case "insecure-context":
        return "The camera only works on a secure connection. Open this page over https.";
      case "unsupported":
        return "This browser cannot stream video from a camera. Try a current version of Chrome, Safari or Firefox.";
      case "timed-out":
        return "The camera did not start within 3 seconds. Turn the camera off and on again.";
    }
  }
  const name = error instanceof Error || error instanceof DOMException ? error.name : "";
  return (Object.hasOwn(BY_NAME, name) ? BY_NAME[name] : undefined) ?? "The scanner could not start. Reload the page to try again.";
}
