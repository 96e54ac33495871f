export type Orientation = "landscape" | "square" | "portrait";

export function orientationOf(width: number, height: number): Orientation {
  if (width > height) return "landscape";
  return width < height ? "portrait" : "square";
}

export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Tops of blocks stacked from `top`, each `gaps[i]` below the one before (gaps[0] is ignored). */
export function stackTops(heights: number[], gaps: number[], top: number): number[] {
  const tops: number[] = [];
  let y = top;
  heights.forEach((height, index) => {
    if (index > 0) y += gaps[index] ?? 0;
    tops.push(Math.round(y));
    y += height;
  });
  return tops;
}

/** Height of blocks stacked with `gaps` between them. */
export function stackHeight(heights: number[], gaps: number[]): number {
  return heights.reduce((sum, height, index) => sum + height + (index > 0 ? (gaps[index] ?? 0) : 0), 0);
}

/** The left edge of something `width` wide, aligned inside `box`. */
export function alignedLeft(width: number, box: { left: number; width: number }, align: "left" | "centre" | "right"): number {
  if (align === "left") return Math.round(box.left);
  if (align === "right") return Math.round(box.left + box.width - width);
  return Math.round(box.left + (box.width - width) / 2);
}

export function overlaps(a: Rect, b: Rect, margin = 0): boolean {
  return a.left < b.left + b.width + margin && b.left < a.left + a.width + margin && a.top < b.top + b.height + margin && b.top < a.top + a.height + margin;
}

/** The rectangle covering all of `rects`. */
export function bounds(rects: Rect[]): Rect {
  const left = Math.min(...rects.map((r) => r.left));
  const top = Math.min(...rects.map((r) => r.top));
  const right = Math.max(...rects.map((r) => r.left + r.width));
  const bottom = Math.max(...rects.map((r) => r.top + r.height));
  return { left, top, width: right - left, height: bottom - top };
}
