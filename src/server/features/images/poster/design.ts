import type { OverlayOptions } from "sharp";
import type { PosterDate } from "./date-parts";
import type { Random } from "./random";

/** What a poster says: the organiser's own words only, nothing invented. */
export interface PosterContent {
  title: string;
  location: string | null;
  date: PosterDate | null;
}

export interface PosterScene {
  width: number;
  height: number;
  content: PosterContent;
  random: Random;
}

/** A background (SVG text: gradients, shapes, patterns; or an encoded image) and the layers on top of it. */
export interface PosterArt {
  background: string | Buffer;
  layers: OverlayOptions[];
}

/** One style's look (spec §3 Generated image styles): its palettes, layout and typography. */
export type PosterDesign = (scene: PosterScene) => Promise<PosterArt>;
