import { FONTS } from "../fonts";
import type { PosterDesign } from "../design";
import { orientationOf } from "../layout";
import { n, svgDocument } from "../svg";
import { fitText } from "../text";

/** Swiss-poster grounds: paper with ink, or ink with paper; one loud accent the text never sits on. */
const PALETTES = [
  { ground: "#F2EFE9", ink: "#111111", muted: "#55524C", accent: "#FF5B24", second: "#111111" },
  { ground: "#EDEFF2", ink: "#0D1117", muted: "#4B5563", accent: "#2F5BFF", second: "#FFC700" },
  { ground: "#F4F1EA", ink: "#121212", muted: "#57534E", accent: "#FF7AB6", second: "#1F3A2E" },
  { ground: "#0E0E10", ink: "#F5F5F0", muted: "#B4B4AE", accent: "#C5F04A", second: "#F5F5F0" },
  { ground: "#101418", ink: "#F4F4F2", muted: "#A7AFB8", accent: "#FF4F1F", second: "#2F5BFF" },
];

type Motif = (args: { width: number; height: number; accent: string; second: string; ground: string; size: number; x: number; y: number }) => string;

const MOTIFS: Motif[] = [
  // A big disc with a ring offset from it.
  ({ accent, second, size, x, y }) =>
    `<circle cx="${n(x)}" cy="${n(y)}" r="${n(size)}" fill="${accent}"/><circle cx="${n(x - size * 0.55)}" cy="${n(y + size * 0.5)}" r="${n(size * 0.55)}" fill="none" stroke="${second}" stroke-width="6"/>`,
  // A quarter disc from the corner, ringed by quarter circles.
  ({ width, accent, second, size }) => {
    const r = size * 1.5;
    const rings = [1.28, 1.52, 1.76].map((k) => `<path d="M${n(width - r * k)} 0 A${n(r * k)} ${n(r * k)} 0 0 0 ${width} ${n(r * k)}" fill="none" stroke="${second}" stroke-width="6"/>`).join("");
    return `<path d="M${width} 0 L${n(width - r)} 0 A${n(r)} ${n(r)} 0 0 0 ${width} ${n(r)} Z" fill="${accent}"/>${rings}`;
  },
  // Two overlapping squares, one outlined, turned a little.
  ({ accent, second, size, x, y }) =>
    `<g transform="rotate(-12 ${n(x)} ${n(y)})"><rect x="${n(x - size * 0.8)}" y="${n(y - size * 0.8)}" width="${n(size * 1.6)}" height="${n(size * 1.6)}" fill="${accent}"/><rect x="${n(x - size * 1.15)}" y="${n(y - size * 0.45)}" width="${n(size * 1.6)}" height="${n(size * 1.6)}" fill="none" stroke="${second}" stroke-width="6"/></g>`,
  // A half disc resting on a bar.
  ({ accent, second, size, x, y }) =>
    `<path d="M${n(x - size)} ${n(y + size * 0.3)} A${n(size)} ${n(size)} 0 0 1 ${n(x + size)} ${n(y + size * 0.3)} Z" fill="${accent}"/><rect x="${n(x - size * 1.2)}" y="${n(y + size * 0.42)}" width="${n(size * 2.4)}" height="18" fill="${second}"/>`,
];

/**
 * Modern: Swiss typographic poster. A huge tight grotesque headline (Space Grotesk) set flush left at
 * the foot, the date as a big numeral block at the head, a thin grid, and one bold geometric motif in
 * the open corner.
 */
export const modern: PosterDesign = async ({ width, height, content, random }) => {
  const palette = random.pick(PALETTES);
  const shape = orientationOf(width, height);
  const margin = shape === "landscape" ? 96 : 84;
  const innerWidth = width - margin * 2;

  const day = content.date ? await fitText(content.date.day.padStart(2, "0"), { font: FONTS.spaceGroteskBold, color: palette.ink, tracking: -0.04 }, { width: 260, height: 150 }, { max: 150, min: 60 }) : null;
  const dateDetail = content.date
    ? await fitText(`${content.date.month} ${content.date.year}\n${content.date.weekday} · ${content.date.time}`, { font: FONTS.spaceGroteskMedium, color: palette.ink, uppercase: true, tracking: 0.06, leading: 1.15 }, { width: 380, height: 90 }, { max: 28, min: 18 })
    : null;

  const titleWidth = innerWidth * (shape === "landscape" ? 0.86 : 1);
  const titleMaxHeight = height * (shape === "portrait" ? 0.42 : shape === "square" ? 0.4 : 0.44);
  const title = await fitText(content.title, { font: FONTS.spaceGroteskBold, color: palette.ink, leading: 0.9, tracking: -0.035 }, { width: titleWidth, height: titleMaxHeight }, { max: 340, min: 48 });
  const location = content.location
    ? await fitText(content.location, { font: FONTS.spaceGroteskMedium, color: palette.muted, uppercase: true, tracking: 0.08 }, { width: innerWidth - 40, height: 44 }, { max: 28, min: 16 })
    : null;

  // From the foot up: location row, rule, title.
  const footRow = location ? location.height : 0;
  const locationTop = height - margin - footRow;
  const ruleY = location ? locationTop - 30 : height - margin;
  const titleTop = ruleY - 40 - title.height;

  // The motif sits in the open top-right area, above the title.
  const open = { top: margin, bottom: titleTop - 40, left: day ? margin + 460 : margin, right: width - margin };
  const motifSize = Math.max(90, Math.min((open.bottom - open.top) * 0.46, (open.right - open.left) * 0.38, 340));
  const motifX = open.right - motifSize * random.range(0.95, 1.15);
  const motifY = open.top + (open.bottom - open.top) / 2 + random.range(-20, 20);
  const motif = random.pick(MOTIFS)({ width, height, accent: palette.accent, second: palette.second, ground: palette.ground, size: motifSize, x: motifX, y: motifY });

  const columns = 12;
  const grid = Array.from({ length: columns - 1 }, (_, i) => {
    const x = margin + ((i + 1) * innerWidth) / columns;
    return `<line x1="${n(x)}" y1="0" x2="${n(x)}" y2="${height}"/>`;
  }).join("");

  const background = svgDocument(
    width,
    height,
    `<rect width="100%" height="100%" fill="${palette.ground}"/>
    <g stroke="${palette.ink}" stroke-opacity="0.06" stroke-width="1">${grid}</g>
    ${motif}
    ${location ? `<rect x="${margin}" y="${ruleY}" width="${innerWidth}" height="3" fill="${palette.ink}"/><rect x="${margin}" y="${n(locationTop + location.height / 2 - 9)}" width="18" height="18" fill="${palette.accent}"/>` : ""}
    ${day ? `<rect x="${margin}" y="${margin}" width="56" height="8" fill="${palette.accent}"/>` : ""}`,
  );

  const dayTop = margin + 36;
  const layers = [
    ...(day ? [{ input: day.input, left: margin - 4, top: dayTop }] : []),
    ...(day && dateDetail ? [{ input: dateDetail.input, left: margin + day.width + 28, top: Math.round(dayTop + (day.height - dateDetail.height) / 2) }] : []),
    { input: title.input, left: margin - Math.round(title.size * 0.04), top: Math.round(titleTop) },
    ...(location ? [{ input: location.input, left: margin + 36, top: Math.round(locationTop) }] : []),
  ];
  return { background, layers };
};
