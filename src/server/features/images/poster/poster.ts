import sharp, { type OutputInfo, type Sharp } from "sharp";
import { imageDimensions, type ImageSize, type ImageStyle } from "../../../../domain";
import { catalogueArt, type CataloguePosterSpec } from "./catalogue";
import { posterDateParts } from "./date-parts";
import type { PosterArt, PosterDesign } from "./design";
import { createRandom, seedFrom } from "./random";
import { artistic } from "./styles/artistic";
import { elegant } from "./styles/elegant";
import { fun } from "./styles/fun";
import { modern } from "./styles/modern";
import { professional } from "./styles/professional";

const DESIGNS: Record<ImageStyle, PosterDesign> = {
  professional,
  fun,
  elegant,
  modern,
  artistic,
};

export interface PosterRequest {
  title: string;
  location: string | null;
  /** ISO date and time; null when the poster has no date. */
  dateTime: string | null;
  style: ImageStyle;
  size: ImageSize;
}

/**
 * The built-in poster generator (decisions D19): a PNG of exactly `size` in the style's palette, layout
 * and typography. The same request always gives the same picture; the seed leaves out the size, so an
 * event's posters in the three sizes belong together.
 */
export async function renderPoster(request: PosterRequest): Promise<Buffer> {
  const { width, height } = imageDimensions(request.size);
  const random = createRandom(seedFrom(request.style, request.title, request.location ?? "", request.dateTime ?? ""));
  const content = { title: request.title, location: request.location, date: posterDateParts(request.dateTime) };
  const art = await DESIGNS[request.style]({ width, height, content, random });
  return composed(art).png({ compressionLevel: 9 }).toBuffer();
}

/** A demo catalogue poster (catalogue.ts) as raw pixels, for the seed to encode in every stored width. */
export async function renderCataloguePoster(spec: CataloguePosterSpec): Promise<{ data: Buffer; info: OutputInfo }> {
  return composed(await catalogueArt(spec)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
}

function composed(art: PosterArt): Sharp {
  return sharp(typeof art.background === "string" ? Buffer.from(art.background) : art.background).composite(art.layers);
}
