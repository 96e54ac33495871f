import { useEffect, useRef, useState } from "react";
import zxingReaderWasmUrl from "zxing-wasm/reader/zxing_reader.wasm?url";
import { BarcodeDetector, prepareZXingModule } from "../lib/barcode-detector";
import { closeCamera, freezeFrame, openCamera, type OpenCamera } from "../lib/camera";
import { cameraErrorMessage } from "../lib/camera-error";
import { startScanLoop } from "../lib/scan-loop";

// The QR reader's WebAssembly comes from this site, never from the package's default public CDN
// (decisions D14): the scanner keeps working with no third-party host, and offline.
prepareZXingModule({
  overrides: { locateFile: (path: string, prefix: string) => (path.endsWith(".wasm") ? zxingReaderWasmUrl : prefix + path) },
});

/**
 * The camera into `videoRef` while `on`, its QR codes read to `onScan`. Turned off, the last picture
 * stays on `frameRef`'s canvas. `track` is the live camera's (for torch and zoom), null until it has
 * started and settled; `error` the latest failure in plain words.
 */
export function useCameraScan({ on, onScan }: { on: boolean; onScan: (text: string) => void }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const frameRef = useRef<HTMLCanvasElement>(null);
  const [track, setTrack] = useState<MediaStreamTrack | null>(null);
  const [error, setError] = useState<string | null>(null);
  const onScanRef = useRef(onScan);
  useEffect(() => {
    onScanRef.current = onScan;
  }, [onScan]);
  // A camera turned on again waits for the last one to have stopped: one stream at a time.
  const previous = useRef<Promise<void>>(Promise.resolve());

  useEffect(() => {
    const video = videoRef.current;
    const frame = frameRef.current;
    if (!on || !video) return;
    let active = true;
    let camera: OpenCamera | undefined;
    let stopLoop: (() => void) | undefined;
    const fail = (failure: unknown) => {
      setTrack(null);
      setError(cameraErrorMessage(failure));
    };
    previous.current = previous.current.then(async () => {
      if (!active) return;
      let detector: InstanceType<typeof BarcodeDetector>;
      try {
        // Made first, a browser without a BarcodeDetector of its own loads the reader while the camera starts.
        detector = new BarcodeDetector({ formats: ["qr_code"] });
        camera = await openCamera(video);
      } catch (failure) {
        if (active) fail(failure);
        return;
      }
      if (!active) {
        closeCamera(video, camera.stream);
        return;
      }
      setTrack(camera.track);
      stopLoop = startScanLoop({ video, detector, onScan: (text) => onScanRef.current(text), onError: fail });
    });
    return () => {
      active = false;
      stopLoop?.();
      setTrack(null);
      setError(null);
      if (!camera) return;
      if (frame) freezeFrame(video, frame);
      closeCamera(video, camera.stream);
    };
  }, [on]);

  return { videoRef, frameRef, track, error };
}
