import { Flashlight, FlashlightOff, ZoomIn, ZoomOut } from "lucide-react";
import { nextZoom, zoomLimits, type ZoomRange } from "../lib/zoom";
import { OverlayButton } from "./overlay-button";

/** The camera's zoom and torch buttons, for a camera that has them (scanner-camera.tsx loads this then). */
export default function CameraExtras({
  zoom,
  zoomValue,
  torch,
  torchOn,
  applyCamera,
}: {
  zoom: ZoomRange | null;
  zoomValue: number;
  torch: boolean;
  torchOn: boolean;
  applyCamera: (constraint: { torch?: boolean; zoom?: number }) => Promise<void>;
}) {
  const limits = zoom ? zoomLimits(zoomValue, zoom) : null;
  return (
    <>
      {zoom && limits && (
        <>
          <OverlayButton aria-label="Zoom in" disabled={limits.atMax} onClick={() => void applyCamera({ zoom: nextZoom(zoomValue, zoom, "in") })}>
            <ZoomIn aria-hidden="true" />
          </OverlayButton>
          <OverlayButton aria-label="Zoom out" disabled={limits.atMin} onClick={() => void applyCamera({ zoom: nextZoom(zoomValue, zoom, "out") })}>
            <ZoomOut aria-hidden="true" />
          </OverlayButton>
        </>
      )}
      {torch && (
        <OverlayButton aria-label={torchOn ? "Turn flashlight off" : "Turn flashlight on"} onClick={() => void applyCamera({ torch: !torchOn })}>
          {torchOn ? <FlashlightOff aria-hidden="true" /> : <Flashlight aria-hidden="true" />}
        </OverlayButton>
      )}
    </>
  );
}
