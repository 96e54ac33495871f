/** Small helpers for the posters' SVG backgrounds. */

export const svgDocument = (width: number, height: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;

/** Rounds coordinates so the SVG stays short and stable. */
export const n = (value: number) => Math.round(value * 10) / 10;

export const linearGradient = (id: string, stops: [offset: number, color: string, opacity?: number][], angle = 135) => {
  const radians = (angle * Math.PI) / 180;
  const x = Math.cos(radians) / 2;
  const y = Math.sin(radians) / 2;
  const stopTags = stops.map(([offset, color, opacity = 1]) => `<stop offset="${offset}" stop-color="${color}" stop-opacity="${opacity}"/>`).join("");
  return `<linearGradient id="${id}" x1="${n(0.5 - x)}" y1="${n(0.5 - y)}" x2="${n(0.5 + x)}" y2="${n(0.5 + y)}">${stopTags}</linearGradient>`;
};

export const radialGradient = (id: string, stops: [offset: number, color: string, opacity?: number][]) =>
  `<radialGradient id="${id}">${stops.map(([offset, color, opacity = 1]) => `<stop offset="${offset}" stop-color="${color}" stop-opacity="${opacity}"/>`).join("")}</radialGradient>`;
