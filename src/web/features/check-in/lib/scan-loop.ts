/** Spec §"Scanner": a frame is read at most every 500 ms (there is no tracker to draw). */
export const RETRY_DELAY_MS = 500;

/** HTMLMediaElement.HAVE_CURRENT_DATA: the video has a picture to read. */
const HAVE_CURRENT_DATA = 2;

export interface QrDetector {
  detect(source: HTMLVideoElement): Promise<readonly { rawValue: string }[]>;
}

/**
 * Reads the video's picture with `detector` on animation frames (so a hidden tab does not scan), at most
 * once per retry delay, the first a retry delay after the start. `onScan` hears the text of a frame that
 * holds a code the last reported frame did not: a ticket held in front of the camera is reported once.
 * A failed read reports `onError` and ends the loop (the camera's off/on button starts it again).
 * Returns the function that stops it.
 */
export function startScanLoop({
  video,
  detector,
  onScan,
  onError,
}: {
  video: HTMLVideoElement;
  detector: QrDetector;
  onScan: (text: string) => void;
  onError: (error: unknown) => void;
}): () => void {
  let stopped = false;
  let frame: number | null = null;
  let lastRead = performance.now();
  let reported = new Set<string>();

  const next = () => {
    frame = requestAnimationFrame((now) => void read(now));
  };
  async function read(now: number) {
    frame = null;
    if (stopped) return;
    if (now - lastRead < RETRY_DELAY_MS || video.readyState < HAVE_CURRENT_DATA) return next();
    lastRead = now;
    let codes: readonly { rawValue: string }[];
    try {
      codes = await detector.detect(video);
    } catch (error) {
      if (!stopped) onError(error);
      return;
    }
    if (stopped) return;
    if (codes.some((code) => !reported.has(code.rawValue))) {
      reported = new Set(codes.map((code) => code.rawValue));
      const text = codes.find((code) => code.rawValue)?.rawValue;
      if (text) onScan(text);
    }
    next();
  }

  next();
  return () => {
    stopped = true;
    if (frame !== null) cancelAnimationFrame(frame);
  };
}
