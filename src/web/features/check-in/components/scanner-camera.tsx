import { Camera, CameraOff } from "lucide-react";
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { cn } from "~/lib/cn";
import { useCameraScan } from "../hooks/use-camera-scan";
import type { ZoomRange } from "../lib/zoom";
import { OverlayButton } from "./overlay-button";

const CameraExtras = lazy(() => import("./camera-extras"));

/** Spec §9 Scanner: the scan button stays disabled for 1 s after a press. */
const TOGGLE_LOCK_MS = 1000;

/** Torch and zoom are not in TypeScript's DOM types yet (Image Capture extensions of MediaStreamTrack). */
interface CameraCapabilities {
  torch?: boolean;
  zoom?: { min: number; max: number };
}
interface CameraSettings {
  torch?: boolean;
  zoom?: number;
}

interface CameraControls {
  torch: boolean;
  torchOn: boolean;
  zoom: ZoomRange | null;
  zoomValue: number;
}

function readControls(track: MediaStreamTrack): CameraControls {
  const capabilities = (track.getCapabilities?.() ?? {}) as CameraCapabilities;
  const settings = track.getSettings() as CameraSettings;
  const zoom = capabilities.zoom && capabilities.zoom.max > capabilities.zoom.min ? { min: capabilities.zoom.min, max: capabilities.zoom.max } : null;
  return {
    torch: capabilities.torch === true,
    torchOn: settings.torch === true,
    zoom,
    zoomValue: settings.zoom ?? zoom?.min ?? 1,
  };
}

interface Changes {
  track: MediaStreamTrack;
  torchOn?: boolean;
  zoomValue?: number;
  error?: string;
}

/** The square guide: dashed, 70% of the width, with red corner marks (spec §2 Check-in scanner). */
function ScanGuide() {
  const corner = "absolute size-[15%] border-red-500";
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0 flex items-center justify-center">
      <div className="relative aspect-square w-[70%] rounded-lg border-2 border-dashed border-red-500/40">
        <span className={cn(corner, "left-0 top-0 rounded-tl-lg border-l-4 border-t-4")} />
        <span className={cn(corner, "right-0 top-0 rounded-tr-lg border-r-4 border-t-4")} />
        <span className={cn(corner, "bottom-0 left-0 rounded-bl-lg border-b-4 border-l-4")} />
        <span className={cn(corner, "bottom-0 right-0 rounded-br-lg border-b-4 border-r-4")} />
      </div>
    </div>
  );
}

/** The live camera with its on/off, torch and zoom buttons; reports each decoded QR text. */
export function ScannerCamera({ onScan }: { onScan: (text: string) => void }) {
  const [scanning, setScanning] = useState(true);
  const [toggleLocked, setToggleLocked] = useState(false);
  const { videoRef, frameRef, track, error } = useCameraScan({ on: scanning, onScan });
  // What the buttons changed on this camera, and a setting it refused; a camera started again starts afresh.
  const [changes, setChanges] = useState<Changes | null>(null);
  const own = changes?.track === track ? changes : null;
  // Torch and zoom are read from the camera each time it has started (again after off/on).
  const controls = useMemo(() => (track ? readControls(track) : null), [track]);
  const unlockTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (unlockTimer.current) clearTimeout(unlockTimer.current);
    },
    [],
  );

  const toggleScanning = useCallback(() => {
    setToggleLocked(true);
    setScanning((current) => !current);
    unlockTimer.current = setTimeout(() => setToggleLocked(false), TOGGLE_LOCK_MS);
  }, []);

  const torchOn = own?.torchOn ?? controls?.torchOn ?? false;
  const zoomValue = own?.zoomValue ?? controls?.zoomValue ?? 1;
  const applyCamera = useCallback(async (constraint: { torch?: boolean; zoom?: number }) => {
    if (!track) return;
    try {
      await track.applyConstraints({ advanced: [constraint as MediaTrackConstraintSet] });
      setChanges((current) => ({
        ...(current?.track === track ? current : {}),
        track,
        ...(constraint.torch === undefined ? {} : { torchOn: constraint.torch }),
        ...(constraint.zoom === undefined ? {} : { zoomValue: constraint.zoom }),
      }));
    } catch {
      setChanges((current) => ({ ...(current?.track === track ? current : {}), track, error: "The camera did not accept that setting." }));
    }
  }, [track]);

  const live = scanning && controls !== null;
  const cameraError = error ?? own?.error;
  const zoom = controls?.zoom ?? null;

  // Where the camera is, for the tests and the page budgets (which wait until it has tried).
  const state = cameraError ? "failed" : !scanning ? "off" : live ? "on" : "starting";

  return (
    <div data-camera-state={state} className="relative aspect-square w-full overflow-hidden rounded-3xl bg-black shadow-lg ring-1 ring-black/10">
      <video ref={videoRef} className={cn("block size-full object-cover", !scanning && "invisible")} autoPlay muted playsInline />
      {/* The last picture, kept while the camera is off. */}
      <canvas ref={frameRef} className={cn("absolute inset-0 size-full object-cover", scanning && "hidden")} />
      <ScanGuide />
      {!scanning && (
        <div className="absolute inset-0 flex items-center justify-center bg-black/70 p-6 text-center text-sm font-medium text-white">
          Camera off. Press the camera button to scan again.
        </div>
      )}
      {cameraError && (
        <div role="alert" className="absolute inset-x-3 top-3 rounded-xl bg-white/95 px-4 py-3 text-sm font-medium text-red-800 shadow-lg">
          {cameraError}
        </div>
      )}
      <div className="pointer-events-none absolute bottom-3 right-3 flex flex-col items-center gap-2">
        {/* Zoom and torch, on a camera that has them (most phones'): loaded then, so a page without them never loads them. */}
        {live && (zoom || controls.torch) && (
          <Suspense fallback={null}>
            <CameraExtras zoom={zoom} zoomValue={zoomValue} torch={controls.torch} torchOn={torchOn} applyCamera={applyCamera} />
          </Suspense>
        )}
        <OverlayButton aria-label={scanning ? "Turn camera off" : "Turn camera on"} disabled={toggleLocked} onClick={toggleScanning} large>
          {scanning ? <CameraOff aria-hidden="true" /> : <Camera aria-hidden="true" />}
        </OverlayButton>
      </div>
    </div>
  );
}
