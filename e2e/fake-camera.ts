import { writeFileSync } from "node:fs";
import { PNG } from "pngjs";
import QRCode from "qrcode";
import { chromium, type Browser } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../test/chromium";

const WIDTH = 1280;
const HEIGHT = 720;
const FRAMES = 2;

/** Chromium with a fake camera that plays `y4mPath` in a loop (re-read whenever the camera starts). */
export function launchBrowserWithCamera(y4mPath: string): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS, "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream", `--use-file-for-fake-video-capture=${y4mPath}`],
  });
}

/** The largest whole factor that keeps `png` within a 600 px square: QR modules stay sharp-edged. */
function scaleFor(png: PNG): number {
  return Math.max(1, Math.floor(600 / Math.max(png.width, png.height)));
}

/**
 * A 1280×720 white RGB frame with `png` in the middle, enlarged by a whole factor (nearest neighbour)
 * to about 600 px, as a phone held over a printed or on-screen ticket sees it; blank for null.
 */
function frameWithImage(png: PNG | null): Uint8Array {
  const rgb = new Uint8Array(WIDTH * HEIGHT * 3).fill(255);
  if (png === null) return rgb;
  const scale = scaleFor(png);
  const left = Math.floor((WIDTH - png.width * scale) / 2);
  const top = Math.floor((HEIGHT - png.height * scale) / 2);
  for (let y = 0; y < png.height * scale; y += 1) {
    for (let x = 0; x < png.width * scale; x += 1) {
      const from = (Math.floor(y / scale) * png.width + Math.floor(x / scale)) * 4;
      const to = ((top + y) * WIDTH + left + x) * 3;
      // Transparent pixels show the white page behind them.
      const alpha = png.data[from + 3]! / 255;
      for (let channel = 0; channel < 3; channel += 1) rgb[to + channel] = Math.round(png.data[from + channel]! * alpha + 255 * (1 - alpha));
    }
  }
  return rgb;
}

/** RGB to planar YUV 4:2:0 (BT.601 full range, as C420jpeg means): Y per pixel, U and V per 2×2 block. */
function toYuv420(rgb: Uint8Array): Buffer {
  const ySize = WIDTH * HEIGHT;
  const cSize = (WIDTH / 2) * (HEIGHT / 2);
  const out = Buffer.alloc(ySize + 2 * cSize);
  for (let i = 0; i < ySize; i += 1) {
    const [r, g, b] = [rgb[i * 3]!, rgb[i * 3 + 1]!, rgb[i * 3 + 2]!];
    out[i] = Math.round(0.299 * r + 0.587 * g + 0.114 * b);
  }
  for (let y = 0; y < HEIGHT / 2; y += 1) {
    for (let x = 0; x < WIDTH / 2; x += 1) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (const [dx, dy] of [[0, 0], [1, 0], [0, 1], [1, 1]] as const) {
        const p = ((y * 2 + dy) * WIDTH + x * 2 + dx) * 3;
        r += rgb[p]!;
        g += rgb[p + 1]!;
        b += rgb[p + 2]!;
      }
      [r, g, b] = [r / 4, g / 4, b / 4];
      const c = y * (WIDTH / 2) + x;
      out[ySize + c] = Math.max(0, Math.min(255, Math.round(128 - 0.168736 * r - 0.331264 * g + 0.5 * b)));
      out[ySize + cSize + c] = Math.max(0, Math.min(255, Math.round(128 + 0.5 * r - 0.418688 * g - 0.081312 * b)));
    }
  }
  return out;
}

function writeVideo(path: string, rgb: Uint8Array): void {
  const frame = toYuv420(rgb);
  const parts: Buffer[] = [Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F15:1 Ip A1:1 C420jpeg\n`)];
  for (let index = 0; index < FRAMES; index += 1) parts.push(Buffer.from("FRAME\n"), frame);
  writeFileSync(path, Buffer.concat(parts));
}

/**
 * Writes a Y4M video of the QR code of `text` (a white picture for null) for Chromium's fake camera.
 * Every file has the same size, so one can replace another while the browser runs.
 */
export async function writeQrVideo(path: string, text: string | null): Promise<void> {
  const png = text === null ? null : PNG.sync.read(await QRCode.toBuffer(text, { type: "png", errorCorrectionLevel: "M", margin: 4, width: 600 }));
  writeVideo(path, frameWithImage(png));
}

/** Writes a Y4M video showing a PNG image (e.g. the QR code attached to a ticket e-mail), same size as writeQrVideo's. */
export function writeImageVideo(path: string, pngImage: Buffer): void {
  writeVideo(path, frameWithImage(PNG.sync.read(pngImage)));
}
