import { FONTS } from "../fonts";
import { longDateLine } from "../date-parts";
import type { PosterDesign } from "../design";
import { orientationOf, stackHeight, stackTops } from "../layout";
import { linearGradient, n, radialGradient, svgDocument } from "../svg";
import { fitText, type TextLayer } from "../text";

/** Deep corporate grounds, each with one confident accent (all text meets WCAG AA on them). */
const PALETTES = [
  { from: "#0A1A3A", to: "#163A74", accent: "#F5B941", text: "#FFFFFF", soft: "#D6E0F0" },
  { from: "#0F172A", to: "#1E293B", accent: "#2DD4BF", text: "#FFFFFF", soft: "#CBD5E1" },
  { from: "#052E2B", to: "#0B4A45", accent: "#FBBF24", text: "#FFFFFF", soft: "#CCE5E1" },
  { from: "#1E1B4B", to: "#312E81", accent: "#F472B6", text: "#FFFFFF", soft: "#DDD9FB" },
  { from: "#111827", to: "#3B0D1F", accent: "#F59E0B", text: "#FFFFFF", soft: "#E5D5DA" },
];

/**
 * Professional: a conference or business look. Left-aligned Inter, the location as a tracked kicker,
 * a heavy headline beside an accent bar, the date beneath a short rule; concentric rings and a dot grid
 * on the open side.
 */
export const professional: PosterDesign = async ({ width, height, content, random }) => {
  const palette = random.pick(PALETTES);
  const shape = orientationOf(width, height);
  const marginX = shape === "landscape" ? 132 : 104;
  const textWidth = shape === "landscape" ? width * 0.6 : width - marginX * 2;

  const kicker = content.location
    ? await fitText(content.location, { font: FONTS.interSemiBold, color: palette.accent, tracking: 0.2, uppercase: true }, { width: textWidth, height: 40 }, { max: 28, min: 18 })
    : null;
  const title = await fitText(
    content.title,
    { font: FONTS.interExtraBold, color: palette.text, leading: 0.9, tracking: -0.01 },
    { width: textWidth, height: shape === "portrait" ? height * 0.4 : height * 0.44 },
    { max: 220, min: 44 },
  );
  const dateLine = content.date
    ? await fitText(longDateLine(content.date), { font: FONTS.interMedium, color: palette.soft }, { width: textWidth, height: 60 }, { max: 36, min: 22 })
    : null;

  const ruleHeight = 8;
  const blocks: { layer: TextLayer | null; gap: number }[] = [
    { layer: kicker, gap: 0 },
    { layer: title, gap: 36 },
    { layer: { input: Buffer.alloc(0), width: 96, height: ruleHeight, size: 0 }, gap: 44 },
    { layer: dateLine, gap: 40 },
  ];
  const present = blocks.filter((block) => block.layer !== null) as { layer: TextLayer; gap: number }[];
  const heights = present.map((block) => block.layer.height);
  const gaps = present.map((block, index) => (index === 0 ? 0 : block.gap));
  const total = stackHeight(heights, gaps);
  const top = shape === "portrait" ? height - 170 - total : shape === "square" ? Math.max(150, height * 0.56 - total / 2) : (height - total) / 2 - 8;
  const tops = stackTops(heights, gaps, top);

  const ruleIndex = present.findIndex((block) => block.layer.size === 0);
  const ruleTop = tops[ruleIndex]!;
  const titleIndex = present.findIndex((block) => block.layer === title);
  const titleTop = tops[titleIndex]!;

  // Rings on the open side: right for landscape, top right otherwise.
  const ringX = shape === "landscape" ? width * random.range(0.84, 0.92) : width * random.range(0.78, 0.9);
  const ringY = shape === "landscape" ? height * random.range(0.42, 0.58) : shape === "square" ? height * random.range(0.12, 0.22) : height * random.range(0.16, 0.24);
  const ringCount = 7;
  const ringStep = random.range(62, 78);
  const rings = Array.from({ length: ringCount }, (_, i) => {
    const opacity = 0.22 - i * 0.025;
    return `<circle cx="${n(ringX)}" cy="${n(ringY)}" r="${n(110 + i * ringStep)}" fill="none" stroke="${palette.accent}" stroke-opacity="${n(opacity * 100) / 100}" stroke-width="${i === 0 ? 3 : 2}"/>`;
  }).join("");

  const dotsCols = 7;
  const dotsRows = 5;
  const dotGap = 26;
  const dotsLeft = shape === "landscape" ? width - 132 - dotsCols * dotGap : width - 104 - dotsCols * dotGap;
  const dotsTop = shape === "landscape" ? (random.chance(0.5) ? 96 : height - 96 - dotsRows * dotGap) : height - 110 - dotsRows * dotGap;
  const dots = Array.from({ length: dotsCols * dotsRows }, (_, i) => `<circle cx="${dotsLeft + (i % dotsCols) * dotGap}" cy="${dotsTop + Math.floor(i / dotsCols) * dotGap}" r="3" fill="${palette.soft}" fill-opacity="0.35"/>`).join("");

  const bandAngle = random.range(-24, -14);
  const background = svgDocument(
    width,
    height,
    `<defs>${linearGradient("ground", [[0, palette.from], [1, palette.to]], random.range(110, 150))}${radialGradient("glow", [[0, palette.accent, 0.32], [1, palette.accent, 0]])}${radialGradient("shade", [[0, "#000000", 0], [1, "#000000", 0.35]])}</defs>
    <rect width="100%" height="100%" fill="url(#ground)"/>
    <rect width="100%" height="100%" fill="url(#shade)"/>
    <g transform="rotate(${n(bandAngle)} ${n(width / 2)} ${n(height / 2)})"><rect x="${n(-width)}" y="${n(height * 0.62)}" width="${width * 3}" height="${n(height * 0.22)}" fill="#FFFFFF" fill-opacity="0.035"/></g>
    <circle cx="${n(ringX)}" cy="${n(ringY)}" r="${n(ringStep * 6)}" fill="url(#glow)"/>
    ${rings}${dots}
    <rect x="${marginX - 44}" y="${titleTop + 6}" width="8" height="${Math.max(40, title.height - 12)}" rx="4" fill="${palette.accent}"/>
    <rect x="${marginX}" y="${ruleTop}" width="96" height="${ruleHeight}" rx="4" fill="${palette.accent}"/>`,
  );

  const layers = present.filter((block) => block.layer.size !== 0).map((block) => ({ input: block.layer.input, left: Math.round(marginX), top: tops[present.indexOf(block)]! }));
  return { background, layers };
};

