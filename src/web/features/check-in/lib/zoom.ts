/** The zoom range a camera reports (spec §3 Scanner result). */
export interface ZoomRange {
  min: number;
  max: number;
}

/**
 * The next zoom after a press: one third of the range per step, clamped to the limits (spec §4 Scan
 * flow); a value a rounding error away from a limit is that limit, so the button disables.
 */
export function nextZoom(value: number, range: ZoomRange, direction: "in" | "out"): number {
  const step = (range.max - range.min) / 3;
  const next = Math.min(range.max, Math.max(range.min, value + (direction === "in" ? step : -step)));
  const tolerance = step / 1000;
  if (range.max - next < tolerance) return range.max;
  if (next - range.min < tolerance) return range.min;
  return next;
}

/** Zoom-out is disabled at the minimum and zoom-in at the maximum. */
export function zoomLimits(value: number, range: ZoomRange): { atMin: boolean; atMax: boolean } {
  return { atMin: value <= range.min, atMax: value >= range.max };
}
