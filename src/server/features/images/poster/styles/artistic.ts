import sharp from "sharp";
import { FONTS } from "../fonts";
import { longDateLine } from "../date-parts";
import type { PosterDesign } from "../design";
import { alignedLeft, orientationOf, stackHeight, stackTops } from "../layout";
import type { Random } from "../random";
import { n, svgDocument } from "../svg";
import { fitText, type TextLayer } from "../text";

/** Watercolour sets on warm paper; the ink is dark enough to read over any wash. */
const PALETTES = [
  { paper: "#FBF5EC", washes: ["#F4A261", "#E76F51", "#E9C46A", "#2A9D8F"], ink: "#22223B", accent: "#E76F51" },
  { paper: "#F6F8F7", washes: ["#8ECAE6", "#219EBC", "#FFB703", "#A8DADC"], ink: "#0B2D45", accent: "#FB8500" },
  { paper: "#FCF6F8", washes: ["#CDB4DB", "#FFAFCC", "#BDE0FE", "#A2D2FF"], ink: "#35224F", accent: "#D6336C" },
  { paper: "#F8F6EC", washes: ["#A3B18A", "#588157", "#DDA15E", "#E9EDC9"], ink: "#233018", accent: "#BC6C25" },
  { paper: "#FDF6EE", washes: ["#F28482", "#84A59D", "#F6BD60", "#F5CAC3"], ink: "#2D2A32", accent: "#C8553D" },
];

/** A closed, wobbly blob: points round a circle at random radii, smoothed into curves. */
function blobPath(random: Random, cx: number, cy: number, radius: number): string {
  const count = random.int(6, 9);
  const points = Array.from({ length: count }, (_, i) => {
    const angle = (i / count) * Math.PI * 2;
    const r = radius * random.range(0.7, 1.25);
    return [cx + Math.cos(angle) * r, cy + Math.sin(angle) * r] as const;
  });
  // Catmull-Rom through the points, as cubic Béziers.
  const at = (i: number) => points[(i + count) % count]!;
  let d = `M${n(at(0)[0])} ${n(at(0)[1])}`;
  for (let i = 0; i < count; i++) {
    const [p0, p1, p2, p3] = [at(i - 1), at(i), at(i + 1), at(i + 2)];
    d += ` C${n(p1[0] + (p2[0] - p0[0]) / 6)} ${n(p1[1] + (p2[1] - p0[1]) / 6)} ${n(p2[0] - (p3[0] - p1[0]) / 6)} ${n(p2[1] - (p3[1] - p1[1]) / 6)} ${n(p2[0])} ${n(p2[1])}`;
  }
  return `${d} Z`;
}

/** A hand-drawn underline: a slightly wavy stroke with a thicker middle. */
function brushStroke(random: Random, left: number, y: number, width: number, color: string): string {
  const wobble = () => random.range(-7, 7);
  return `<path d="M${n(left)} ${n(y + wobble())} C${n(left + width * 0.3)} ${n(y - 12 + wobble())} ${n(left + width * 0.7)} ${n(y + 12 + wobble())} ${n(left + width)} ${n(y + wobble())}" fill="none" stroke="${color}" stroke-width="16" stroke-linecap="round" stroke-opacity="0.85"/>`;
}

/**
 * Artistic: a hand-made print. Soft watercolour washes bleed in from the edges of warm paper, paint
 * flecks scatter, and the title is hand-lettered (Caveat) at a slight angle over a brush underline.
 */
export const artistic: PosterDesign = async ({ width, height, content, random }) => {
  const palette = random.pick(PALETTES);
  const shape = orientationOf(width, height);
  const textWidth = width * (shape === "landscape" ? 0.72 : 0.8);
  const tilt = random.range(-3, -1);

  const kicker = content.location
    ? await fitText(content.location, { font: FONTS.caveatMedium, color: palette.ink, align: "centre" }, { width: textWidth, height: 80 }, { max: 56, min: 32 })
    : null;
  const titleText = await fitText(
    content.title,
    { font: FONTS.caveatBold, color: palette.ink, align: "centre", leading: 0.82 },
    { width: textWidth, height: height * (shape === "portrait" ? 0.42 : 0.46) },
    { max: 420, min: 60 },
  );
  const rotated = await sharp(titleText.input).rotate(tilt, { background: { r: 0, g: 0, b: 0, alpha: 0 } }).png().toBuffer({ resolveWithObject: true });
  const title: TextLayer = { input: rotated.data, width: rotated.info.width, height: rotated.info.height, size: titleText.size };
  const date = content.date
    ? await fitText(longDateLine(content.date), { font: FONTS.caveatMedium, color: palette.ink, align: "centre" }, { width: textWidth, height: 80 }, { max: 52, min: 30 })
    : null;

  const underline = { input: Buffer.alloc(0), width: 1, height: 24, size: 0 };
  const items = [kicker, title, underline, date].filter((item): item is TextLayer => item !== null);
  const heights = items.map((item) => item.height);
  const gaps = items.map((item) => (item === title ? 26 : item === underline ? 18 : item === date ? 26 : 0));
  const total = stackHeight(heights, gaps);
  const tops = stackTops(heights, gaps, Math.round((height - total) / 2));
  const box = { left: 0, width };
  const underlineWidth = Math.min(titleText.width * 0.7, width * 0.5);

  // Washes gather at the edges and corners; the middle stays clear paper for the words.
  const washes = Array.from({ length: 7 }, (_, i) => {
    const edge = i % 4;
    const along = random.range(0.05, 0.95);
    const [cx, cy] = [
      [along * width, random.range(-0.08, 0.06) * height],
      [width * random.range(0.94, 1.08), along * height],
      [along * width, height * random.range(0.94, 1.08)],
      [random.range(-0.08, 0.06) * width, along * height],
    ][edge]!;
    const radius = Math.min(width, height) * random.range(0.16, 0.3);
    return `<path d="${blobPath(random, cx!, cy!, radius)}" fill="${palette.washes[i % palette.washes.length]}" fill-opacity="${n(random.range(0.45, 0.7))}" filter="url(#bleed)"/>`;
  }).join("");
  const flecks = Array.from({ length: 26 }, () => {
    const x = random.chance(0.5) ? random.range(0.02, 0.2) * width : random.range(0.8, 0.98) * width;
    const y = random.range(0.04, 0.96) * height;
    return `<circle cx="${n(x)}" cy="${n(y)}" r="${n(random.range(2, 9))}" fill="${random.pick([palette.accent, ...palette.washes])}" fill-opacity="${n(random.range(0.5, 0.85))}"/>`;
  }).join("");
  const underlineTop = tops[items.indexOf(underline)]!;

  // The washes are soft anyway: painted at a quarter of the size and scaled up, the ragged-edge filter
  // costs a sixteenth as much.
  const scale = 0.25;
  const washSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="${Math.round(width * scale)}" height="${Math.round(height * scale)}" viewBox="0 0 ${width} ${height}">
    <defs><filter id="bleed" x="-30%" y="-30%" width="160%" height="160%"><feTurbulence type="fractalNoise" baseFrequency="0.011" numOctaves="2" seed="${random.int(1, 999)}" result="noise"/><feDisplacementMap in="SourceGraphic" in2="noise" scale="${n(Math.min(width, height) * 0.09)}" xChannelSelector="R" yChannelSelector="G" result="ragged"/><feGaussianBlur in="ragged" stdDeviation="${n(Math.min(width, height) * 0.01)}"/></filter></defs>
    <rect width="100%" height="100%" fill="${palette.paper}"/>${washes}</svg>`;
  // Rasterised first: resizing an SVG in the same pipeline would render it at full size again.
  const washPixels = await sharp(Buffer.from(washSvg)).png().toBuffer();
  const background = await sharp(washPixels).resize(width, height).png().toBuffer();
  const details = svgDocument(width, height, `${flecks}${brushStroke(random, width / 2 - underlineWidth / 2, underlineTop + underline.height / 2, underlineWidth, palette.accent)}`);

  const layers = [
    { input: Buffer.from(details), left: 0, top: 0 },
    ...items.filter((item) => item.size !== 0).map((item) => ({ input: item.input, left: alignedLeft(item.width, box, "centre"), top: tops[items.indexOf(item)]! })),
  ];
  return { background, layers };
};
