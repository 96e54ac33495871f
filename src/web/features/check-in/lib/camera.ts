/**
 * Spec §"Scanner" camera preferences: the rear camera, 640–1920 wide and 640–1080 high, ideally 720 high
 * (and 720 wide, as the scanner has always asked: a square picture for a square guide).
 */
export const CAMERA_CONSTRAINTS: MediaTrackConstraints = {
  facingMode: "environment",
  width: { min: 640, ideal: 720, max: 1920 },
  height: { min: 640, ideal: 720, max: 1080 },
};
/** Spec §"Scanner": the camera stream load times out after 3 s. */
export const START_TIMEOUT_MS = 3000;
/** Spec §"Scanner": a 500 ms pause follows camera start (some browsers report stale capabilities before). */
export const SETTLE_MS = 500;

/** The failures the scanner itself detects, besides the browser's own (DOMException names). */
export type CameraFailure = "insecure-context" | "unsupported" | "timed-out";

export class CameraError extends Error {
  override readonly name = "CameraError";
  constructor(readonly failure: CameraFailure) {
    super(failure);
  }
}

export interface OpenCamera {
  stream: MediaStream;
  track: MediaStreamTrack;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Starts the camera into `video` and resolves once its picture plays and has settled. On any failure the
 * stream it got, if any, is stopped again: the camera's light goes off.
 */
export async function openCamera(video: HTMLVideoElement): Promise<OpenCamera> {
  if (!window.isSecureContext) throw new CameraError("insecure-context");
  if (typeof navigator.mediaDevices?.getUserMedia !== "function") throw new CameraError("unsupported");
  const stream = await navigator.mediaDevices.getUserMedia({ audio: false, video: CAMERA_CONSTRAINTS });
  try {
    video.srcObject = stream;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new CameraError("timed-out")), START_TIMEOUT_MS);
    });
    try {
      await Promise.race([video.play(), timedOut]);
    } finally {
      clearTimeout(timer);
    }
    await wait(SETTLE_MS);
  } catch (error) {
    closeCamera(video, stream);
    throw error;
  }
  const [track] = stream.getVideoTracks();
  if (!track) {
    closeCamera(video, stream);
    throw new CameraError("unsupported");
  }
  return { stream, track };
}

/** Stops the camera and empties the video element. */
export function closeCamera(video: HTMLVideoElement, stream: MediaStream) {
  video.srcObject = null;
  video.removeAttribute("src");
  video.load();
  for (const track of stream.getTracks()) track.stop();
}

/** Copies the video's current picture onto `canvas`: what stays on screen while the camera is off. */
export function freezeFrame(video: HTMLVideoElement, canvas: HTMLCanvasElement) {
  if (video.videoWidth === 0 || video.videoHeight === 0) return;
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  canvas.getContext("2d")?.drawImage(video, 0, 0, video.videoWidth, video.videoHeight);
}
