import sharp from "sharp";
import { FONTS } from "../fonts";
import { shortDateLine } from "../date-parts";
import type { PosterDesign } from "../design";
import { alignedLeft, orientationOf, overlaps, stackHeight, stackTops, type Rect } from "../layout";
import type { Random } from "../random";
import { linearGradient, n, svgDocument } from "../svg";
import { fitText, shadowOf, type TextLayer } from "../text";

/** Saturated party grounds; the title keeps a hard shadow so it reads over anything. */
const PALETTES = [
  { from: "#FF3D77", to: "#FF8A3D", shapes: ["#FFD23F", "#3DDCFF", "#FFFFFF", "#7B2CBF"], title: "#FFFFFF", shadow: "#5A0F3C", kicker: "#FFF3B0", pill: "#FFD23F", pillText: "#3A0B2E" },
  { from: "#6A2CF5", to: "#E83FA8", shapes: ["#FFD23F", "#2EF2C4", "#FF8A3D", "#FFFFFF"], title: "#FFFFFF", shadow: "#25095E", kicker: "#FFE66D", pill: "#2EF2C4", pillText: "#15093D" },
  { from: "#00A6D6", to: "#3A4BFF", shapes: ["#FFD23F", "#FF5D8F", "#FFFFFF", "#7CFF6B"], title: "#FFFFFF", shadow: "#0B1F66", kicker: "#FFE66D", pill: "#FFD23F", pillText: "#0B1F66" },
  { from: "#FFD23F", to: "#FFA62B", shapes: ["#FF3D77", "#3A86FF", "#8338EC", "#06D6A0"], title: "#2B0F54", shadow: "#FF3D77", kicker: "#2B0F54", pill: "#2B0F54", pillText: "#FFD23F" },
  { from: "#06D6A0", to: "#118AB2", shapes: ["#FFD23F", "#EF476F", "#FFFFFF", "#073B4C"], title: "#FFFFFF", shadow: "#073B4C", kicker: "#FFF3B0", pill: "#EF476F", pillText: "#FFFFFF" },
];

type Confetti = (x: number, y: number, size: number, color: string, angle: number) => string;

const CONFETTI: Confetti[] = [
  (x, y, s, c) => `<circle cx="${n(x)}" cy="${n(y)}" r="${n(s * 0.5)}" fill="${c}"/>`,
  (x, y, s, c, a) => `<rect x="${n(x - s * 0.25)}" y="${n(y - s * 0.7)}" width="${n(s * 0.5)}" height="${n(s * 1.4)}" rx="${n(s * 0.2)}" fill="${c}" transform="rotate(${n(a)} ${n(x)} ${n(y)})"/>`,
  (x, y, s, c, a) => `<path d="M${n(x)} ${n(y - s * 0.6)} L${n(x + s * 0.55)} ${n(y + s * 0.45)} L${n(x - s * 0.55)} ${n(y + s * 0.45)} Z" fill="${c}" transform="rotate(${n(a)} ${n(x)} ${n(y)})"/>`,
  (x, y, s, c, a) =>
    `<path d="M${n(x - s)} ${n(y)} q${n(s * 0.25)} ${n(-s * 0.5)} ${n(s * 0.5)} 0 t${n(s * 0.5)} 0 t${n(s * 0.5)} 0 t${n(s * 0.5)} 0" fill="none" stroke="${c}" stroke-width="${n(s * 0.22)}" stroke-linecap="round" transform="rotate(${n(a)} ${n(x)} ${n(y)})"/>`,
  (x, y, s, c) => `<circle cx="${n(x)}" cy="${n(y)}" r="${n(s * 0.42)}" fill="none" stroke="${c}" stroke-width="${n(s * 0.18)}"/>`,
];

function scatterConfetti(random: Random, width: number, height: number, keepClear: Rect, colors: string[]): string {
  const pieces: string[] = [];
  const count = Math.round((width * height) / 26000);
  for (let attempt = 0; pieces.length < count && attempt < count * 12; attempt++) {
    const size = random.range(18, 42);
    const x = random.range(20, width - 20);
    const y = random.range(20, height - 20);
    if (overlaps({ left: x - size, top: y - size, width: size * 2, height: size * 2 }, keepClear, 28)) continue;
    pieces.push(random.pick(CONFETTI)(x, y, size, random.pick(colors), random.range(0, 360)));
  }
  return pieces.join("");
}

/**
 * Fun: a party flyer. A condensed all-caps headline (Bebas Neue) with a hard shadow, tilted a little,
 * the place in a brush script (Pacifico) above and the date in a sticker-like pill; confetti around,
 * never over the words.
 */
export const fun: PosterDesign = async ({ width, height, content, random }) => {
  const palette = random.pick(PALETTES);
  const shape = orientationOf(width, height);
  const textWidth = width * (shape === "landscape" ? 0.74 : 0.8);
  const tilt = random.range(-4, -2);

  const kicker = content.location
    ? await fitText(content.location, { font: FONTS.pacifico, color: palette.kicker, align: "centre" }, { width: textWidth, height: 90 }, { max: 54, min: 28 })
    : null;
  const titleText = await fitText(
    content.title,
    { font: FONTS.bebas, color: palette.title, align: "centre", uppercase: true, leading: 0.86, tracking: 0.01 },
    { width: textWidth, height: height * (shape === "portrait" ? 0.42 : 0.46) },
    { max: 440, min: 64 },
  );
  const tilted = await sharp(titleText.input).rotate(tilt, { background: { r: 0, g: 0, b: 0, alpha: 0 } }).png().toBuffer({ resolveWithObject: true });
  const title: TextLayer = { input: tilted.data, width: tilted.info.width, height: tilted.info.height, size: titleText.size };
  const offset = Math.max(6, Math.round(title.size * 0.06));
  const hardShadow = await shadowOf(title, { color: palette.shadow, blur: 0, opacity: 1, spread: 0 });

  const pillText = content.date
    ? await fitText(shortDateLine(content.date), { font: FONTS.interExtraBold, color: palette.pillText, uppercase: true, tracking: 0.06 }, { width: textWidth - 80, height: 60 }, { max: 36, min: 22 })
    : null;
  const pillPadX = 34;
  const pillPadY = 20;
  const pill = pillText ? { width: pillText.width + pillPadX * 2, height: pillText.height + pillPadY * 2 } : null;

  const items = [kicker, title, pill].filter((item): item is NonNullable<typeof item> => item !== null);
  const heights = items.map((item) => item.height);
  const gaps = items.map((item) => (item === title ? 30 : item === pill ? 44 + offset : 0));
  const total = stackHeight(heights, gaps);
  const top = Math.round((height - total) / 2);
  const tops = stackTops(heights, gaps, top);
  const box = { left: 0, width };
  const placed = items.map((item, index) => ({ left: alignedLeft(item.width, box, "centre"), top: tops[index]!, width: item.width, height: item.height }));
  const titlePlace = placed[items.indexOf(title)]!;
  const pillPlace = pill ? placed[items.indexOf(pill)]! : null;

  const textArea = {
    left: Math.min(...placed.map((p) => p.left)),
    top: placed[0]!.top,
    width: Math.max(...placed.map((p) => p.width)),
    height: total + offset,
  };
  const blobs = Array.from({ length: 3 }, (_, i) => {
    const corner = [
      [0, 0],
      [width, height],
      [random.chance(0.5) ? width : 0, random.chance(0.5) ? 0 : height],
    ][i]!;
    const radius = random.range(0.22, 0.34) * Math.min(width, height);
    return `<circle cx="${n(corner[0]! + random.range(-80, 80))}" cy="${n(corner[1]! + random.range(-80, 80))}" r="${n(radius)}" fill="${palette.shapes[i % palette.shapes.length]}" fill-opacity="0.28"/>`;
  }).join("");
  const rays = Array.from({ length: 18 }, (_, i) => {
    const a1 = (i * 20 * Math.PI) / 180;
    const a2 = ((i * 20 + 9) * Math.PI) / 180;
    const r = Math.hypot(width, height);
    const cx = width / 2;
    const cy = height / 2;
    return `<path d="M${n(cx)} ${n(cy)} L${n(cx + Math.cos(a1) * r)} ${n(cy + Math.sin(a1) * r)} L${n(cx + Math.cos(a2) * r)} ${n(cy + Math.sin(a2) * r)} Z" fill="#FFFFFF" fill-opacity="0.07"/>`;
  }).join("");

  const background = svgDocument(
    width,
    height,
    `<defs>${linearGradient("ground", [[0, palette.from], [1, palette.to]], random.range(30, 70))}</defs>
    <rect width="100%" height="100%" fill="url(#ground)"/>
    ${rays}${blobs}
    ${scatterConfetti(random, width, height, textArea, palette.shapes)}
    ${pill && pillPlace ? `<rect x="${pillPlace.left + 6}" y="${pillPlace.top + 8}" width="${pill.width}" height="${pill.height}" rx="${n(pill.height / 2)}" fill="${palette.shadow}"/><rect x="${pillPlace.left}" y="${pillPlace.top}" width="${pill.width}" height="${pill.height}" rx="${n(pill.height / 2)}" fill="${palette.pill}"/>` : ""}`,
  );

  const layers = [
    ...(kicker ? [{ input: kicker.input, left: placed[0]!.left, top: placed[0]!.top }] : []),
    { input: hardShadow.input, left: titlePlace.left + offset, top: titlePlace.top + offset },
    { input: title.input, left: titlePlace.left, top: titlePlace.top },
    ...(pillText && pillPlace ? [{ input: pillText.input, left: pillPlace.left + pillPadX, top: pillPlace.top + pillPadY }] : []),
  ];
  return { background, layers };
};
