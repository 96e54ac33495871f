import type { IScannerError } from "@yudiel/react-qr-scanner";

/** A camera or scanner failure in plain words (spec §8 'Scanner and My Tickets': camera errors). */
export function cameraErrorMessage(error: Pick<IScannerError, "kind" | "message">): string {
  switch (error.kind) {
    case "insecure-context":
      return "The camera only works on a secure connection. Open this page over https.";
    case "unsupported":
      return "This browser cannot stream video from a camera. Try a current version of Chrome, Safari or Firefox.";
    case "permission-denied":
    case "security":
      return "Camera access was blocked. Allow the camera for this site in your browser settings, then turn the camera on again.";
    case "no-camera":
      return "No camera was found on this device.";
    case "in-use":
      return "The camera is being used by another app. Close that app, then turn the camera on again.";
    case "overconstrained":
      return "This camera cannot provide a picture the scanner can use.";
    default:
      if (/timed out/i.test(error.message)) return "The camera did not start within 3 seconds. Turn the camera off and on again.";
      return "The scanner could not start. Reload the page to try again.";
  }
}
