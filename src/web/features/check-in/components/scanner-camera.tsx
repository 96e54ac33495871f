import { prepareZXingModule, Scanner, type IDetectedBarcode, type IScannerError, type IScannerHandle } from "@yudiel/react-qr-scanner";
import { Camera, CameraOff, Flashlight, FlashlightOff, ZoomIn, ZoomOut } from "lucide-react";
import { useCallback, useEffect, useRef, useState, type ComponentProps } from "react";
import zxingReaderWasmUrl from "zxing-wasm/reader/zxing_reader.wasm?url";
import { cn } from "~/lib/cn";
import { cameraErrorMessage } from "../lib/camera-error";
import { nextZoom, zoomLimits, type ZoomRange } from "../lib/zoom";

// The QR reader's WebAssembly comes from this site, never from the package's default public CDN
// (decisions D14): the scanner keeps working with no third-party host, and offline.
prepareZXingModule({
  overrides: { locateFile: (path: string, prefix: string) => (path.endsWith(".wasm") ? zxingReaderWasmUrl : prefix + path) },
});

/** Spec §9 Scanner: the scan button stays disabled for 1 s after a press. */
const TOGGLE_LOCK_MS = 1000;
/** Some browsers report stale capabilities right after the stream starts (the library waits as long). */
const SETTLE_MS = 500;
const QR_ONLY = ["qr_code"] as const;
const SCANNER_STYLES = { container: { width: "100%", height: "100%", aspectRatio: "auto" }, video: { objectFit: "cover" as const } };
const NO_BUILT_IN_CONTROLS = { finder: false, torch: false, onOff: false, zoom: false };

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
  track: MediaStreamTrack;
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
    track,
    torch: capabilities.torch === true,
    torchOn: settings.torch === true,
    zoom,
    zoomValue: settings.zoom ?? zoom?.min ?? 1,
  };
}

/** A round button over the camera picture; `large` for the camera's own on/off switch. */
function OverlayButton({ large = false, ...props }: Omit<ComponentProps<"button">, "className"> & { large?: boolean }) {
  return (
    <button
      type="button"
      className={cn(
        "pointer-events-auto flex items-center justify-center rounded-full bg-black/65 text-white shadow-lg ring-1 ring-white/30 backdrop-blur transition hover:bg-black/80 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:cursor-default disabled:opacity-50",
        large ? "size-14 [&_svg]:size-6" : "size-12 [&_svg]:size-5",
      )}
      {...props}
    />
  );
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
  const scannerRef = useRef<IScannerHandle>(null);
  const [scanning, setScanning] = useState(true);
  const [toggleLocked, setToggleLocked] = useState(false);
  const [controls, setControls] = useState<CameraControls | null>(null);
  const [cameraError, setCameraError] = useState<string | null>(null);
  const unlockTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // Torch and zoom are read from the camera each time its picture starts (again after off/on).
  useEffect(() => {
    const video = scannerRef.current?.getVideoElement();
    if (!video) return;
    let settle: ReturnType<typeof setTimeout> | undefined;
    const onPlaying = () => {
      clearTimeout(settle);
      settle = setTimeout(() => {
        const stream = video.srcObject;
        const track = stream instanceof MediaStream ? stream.getVideoTracks()[0] : undefined;
        if (track?.readyState !== "live") return;
        setControls(readControls(track));
        setCameraError(null);
      }, SETTLE_MS);
    };
    video.addEventListener("playing", onPlaying);
    return () => {
      clearTimeout(settle);
      video.removeEventListener("playing", onPlaying);
    };
  }, []);

  useEffect(
    () => () => {
      if (unlockTimer.current) clearTimeout(unlockTimer.current);
    },
    [],
  );

  const toggleScanning = useCallback(() => {
    setToggleLocked(true);
    setControls(null);
    setCameraError(null);
    setScanning((current) => !current);
    unlockTimer.current = setTimeout(() => setToggleLocked(false), TOGGLE_LOCK_MS);
  }, []);

  const handleScan = useCallback(
    (codes: IDetectedBarcode[]) => {
      const text = codes.find((code) => code.rawValue)?.rawValue;
      if (text) onScan(text);
    },
    [onScan],
  );

  const handleError = useCallback((error: IScannerError) => {
    setControls(null);
    setCameraError(cameraErrorMessage(error));
  }, []);

  const applyCamera = useCallback(async (constraint: { torch?: boolean; zoom?: number }) => {
    if (!controls) return;
    try {
      await controls.track.applyConstraints({ advanced: [constraint as MediaTrackConstraintSet] });
      setControls((current) =>
        current && current.track === controls.track
          ? { ...current, torchOn: constraint.torch ?? current.torchOn, zoomValue: constraint.zoom ?? current.zoomValue }
          : current,
      );
    } catch {
      setCameraError("The camera did not accept that setting.");
    }
  }, [controls]);

  const live = scanning && controls !== null;
  const limits = controls?.zoom ? zoomLimits(controls.zoomValue, controls.zoom) : null;

  return (
    <div className="relative aspect-square w-full overflow-hidden rounded-3xl bg-black shadow-lg ring-1 ring-black/10">
      <Scanner
        ref={scannerRef}
        onScan={handleScan}
        onError={handleError}
        formats={[...QR_ONLY]}
        paused={!scanning}
        sound={false}
        components={NO_BUILT_IN_CONTROLS}
        styles={SCANNER_STYLES}
      >
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
          {live && controls.zoom && limits && (
            <>
              <OverlayButton aria-label="Zoom in" disabled={limits.atMax} onClick={() => void applyCamera({ zoom: nextZoom(controls.zoomValue, controls.zoom!, "in") })}>
                <ZoomIn aria-hidden="true" />
              </OverlayButton>
              <OverlayButton aria-label="Zoom out" disabled={limits.atMin} onClick={() => void applyCamera({ zoom: nextZoom(controls.zoomValue, controls.zoom!, "out") })}>
                <ZoomOut aria-hidden="true" />
              </OverlayButton>
            </>
          )}
          {live && controls.torch && (
            <OverlayButton
              aria-label={controls.torchOn ? "Turn flashlight off" : "Turn flashlight on"}
              onClick={() => void applyCamera({ torch: !controls.torchOn })}
            >
              {controls.torchOn ? <FlashlightOff aria-hidden="true" /> : <Flashlight aria-hidden="true" />}
            </OverlayButton>
          )}
          <OverlayButton
            aria-label={scanning ? "Turn camera off" : "Turn camera on"}
            disabled={toggleLocked}
            onClick={toggleScanning}
            large
          >
            {scanning ? <CameraOff aria-hidden="true" /> : <Camera aria-hidden="true" />}
          </OverlayButton>
        </div>
      </Scanner>
    </div>
  );
}
