import { FONTS } from "../fonts";
import type { PosterDesign } from "../design";
import { alignedLeft, orientationOf, stackHeight, stackTops } from "../layout";
import { n, radialGradient, svgDocument } from "../svg";
import { fitText, type TextLayer } from "../text";

/** Dark jewel tones or ivory, always with gold; ivory text on dark, ink on ivory. */
const PALETTES = [
  { ground: "#0D0C0B", glow: "#2A241B", gold: "#D9B46A", title: "#F6EFE0", soft: "#CDBF9F" },
  { ground: "#0A1226", glow: "#1C2A4D", gold: "#E3CB92", title: "#F5F1E6", soft: "#C3C8D8" },
  { ground: "#062420", glow: "#0F3F37", gold: "#D8B26E", title: "#F3EEE2", soft: "#B9CFC5" },
  { ground: "#240911", glow: "#4A1423", gold: "#E0BC7A", title: "#F8EFE6", soft: "#DCC1C6" },
  { ground: "#F6F0E4", glow: "#FFFFFF", gold: "#8A6A2C", title: "#1C1917", soft: "#4A4540" },
];

/** A line, a diamond, a line: the classic invitation divider. */
function divider(cx: number, y: number, halfWidth: number, color: string): string {
  const d = 7;
  return `<g stroke="${color}" stroke-width="1.5" fill="none"><line x1="${n(cx - halfWidth)}" y1="${n(y)}" x2="${n(cx - d * 2.2)}" y2="${n(y)}"/><line x1="${n(cx + d * 2.2)}" y1="${n(y)}" x2="${n(cx + halfWidth)}" y2="${n(y)}"/></g><path d="M${n(cx)} ${n(y - d)} L${n(cx + d)} ${n(y)} L${n(cx)} ${n(y + d)} L${n(cx - d)} ${n(y)} Z" fill="${color}"/>`;
}

/** Art-deco fans in the corners of the inner frame. */
function cornerFans(width: number, height: number, inset: number, color: string): string {
  const corners: [number, number, number][] = [
    [inset, inset, 0],
    [width - inset, inset, 90],
    [width - inset, height - inset, 180],
    [inset, height - inset, 270],
  ];
  return corners
    .map(([x, y, rotation]) => {
      const lines = Array.from({ length: 6 }, (_, i) => {
        const angle = ((i * 18) * Math.PI) / 180;
        const length = i === 0 || i === 5 ? 70 : 54;
        return `<line x1="0" y1="0" x2="${n(Math.cos(angle) * length)}" y2="${n(Math.sin(angle) * length)}"/>`;
      }).join("");
      return `<g transform="translate(${x} ${y}) rotate(${rotation})" stroke="${color}" stroke-width="1.2" stroke-opacity="0.8">${lines}<path d="M28 0 A28 28 0 0 1 0 28" fill="none"/></g>`;
    })
    .join("");
}

/**
 * Elegant: an invitation. Centred Playfair Display between diamond dividers, the place in tracked
 * small capitals, the date in italic, all inside a double gold frame with deco corners and a faint
 * sunburst.
 */
export const elegant: PosterDesign = async ({ width, height, content, random }) => {
  const palette = random.pick(PALETTES);
  const shape = orientationOf(width, height);
  const frame = 48;
  const textWidth = width - (shape === "landscape" ? 360 : 220);

  const kicker = content.location
    ? await fitText(content.location, { font: FONTS.interMedium, color: palette.gold, uppercase: true, tracking: 0.32, align: "centre" }, { width: textWidth, height: 70 }, { max: 24, min: 16 })
    : null;
  const title = await fitText(
    content.title,
    { font: random.chance(0.5) ? FONTS.playfairBold : FONTS.playfairItalic, color: palette.title, align: "centre", leading: 0.98 },
    { width: textWidth, height: height * (shape === "portrait" ? 0.4 : 0.42) },
    { max: 200, min: 44 },
  );
  const date = content.date
    ? await fitText(`${content.date.weekday} ${content.date.day} ${content.date.month} ${content.date.year}`, { font: FONTS.playfairItalic, color: palette.gold, align: "centre" }, { width: textWidth, height: 70 }, { max: 44, min: 26 })
    : null;
  const time = content.date
    ? await fitText(`from ${content.date.time}`, { font: FONTS.interMedium, color: palette.soft, uppercase: true, tracking: 0.28, align: "centre" }, { width: textWidth, height: 40 }, { max: 22, min: 16 })
    : null;

  const dividerBlock = { width: 1, height: 14, input: Buffer.alloc(0), size: 0 };
  const lowerDivider = { ...dividerBlock };
  const items = [kicker, dividerBlock, title, date || time ? lowerDivider : null, date, time].filter((item): item is TextLayer => item !== null);
  const heights = items.map((item) => item.height);
  const gaps = items.map((item) => (item === dividerBlock ? 34 : item === title ? 40 : item === lowerDivider ? 44 : item === date ? 38 : item === time ? 22 : 0));
  const total = stackHeight(heights, gaps);
  const tops = stackTops(heights, gaps, Math.round((height - total) / 2));
  const box = { left: 0, width };

  const cx = width / 2;
  const rays = Array.from({ length: 36 }, (_, i) => {
    const angle = (i * 10 * Math.PI) / 180;
    const r = Math.hypot(width, height);
    return `<line x1="${n(cx)}" y1="${n(height / 2)}" x2="${n(cx + Math.cos(angle) * r)}" y2="${n(height / 2 + Math.sin(angle) * r)}"/>`;
  }).join("");
  const dividerY = (item: TextLayer) => tops[items.indexOf(item)]! + item.height / 2;
  const half = Math.min(textWidth * 0.2, 160);

  const background = svgDocument(
    width,
    height,
    `<defs>${radialGradient("glow", [[0, palette.glow, 1], [1, palette.ground, 1]])}</defs>
    <rect width="100%" height="100%" fill="${palette.ground}"/>
    <ellipse cx="${n(cx)}" cy="${n(height / 2)}" rx="${n(width * 0.62)}" ry="${n(height * 0.62)}" fill="url(#glow)"/>
    <g stroke="${palette.gold}" stroke-opacity="0.07" stroke-width="2">${rays}</g>
    <rect x="${frame}" y="${frame}" width="${width - frame * 2}" height="${height - frame * 2}" fill="none" stroke="${palette.gold}" stroke-width="2.5"/>
    <rect x="${frame + 14}" y="${frame + 14}" width="${width - frame * 2 - 28}" height="${height - frame * 2 - 28}" fill="none" stroke="${palette.gold}" stroke-opacity="0.6" stroke-width="1"/>
    ${cornerFans(width, height, frame + 14, palette.gold)}
    ${divider(cx, dividerY(dividerBlock), half, palette.gold)}
    ${items.includes(lowerDivider) ? divider(cx, dividerY(lowerDivider), half, palette.gold) : ""}`,
  );

  const layers = items
    .filter((item) => item.size !== 0)
    .map((item) => ({ input: item.input, left: alignedLeft(item.width, box, "centre"), top: tops[items.indexOf(item)]! }));
  return { background, layers };
};
