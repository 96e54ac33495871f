import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { PNG } from "pngjs";
import sharp from "sharp";
import { prepareZXingModule, readBarcodes } from "zxing-wasm/reader";

let ready: Promise<unknown> | undefined;

/**
 * The text of the QR code in a PNG, read by ZXing: the decoder of the organiser's scanner (the check-in
 * page's zxing-wasm). jsQR, used before, misread about 1 in 250 ticket QR codes at their 200 px e-mail
 * size (a run whose random ticket code and signature landed on one failed); ZXing read 1,500 of 1,500.
 */
export async function decodeQrPng(png: Buffer): Promise<string> {
  ready ??= (() => {
    const wasm = readFileSync(createRequire(import.meta.url).resolve("zxing-wasm/reader/zxing_reader.wasm"));
    return prepareZXingModule({ overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) }, fireImmediately: true });
  })();
  await ready;
  const image = PNG.sync.read(png);
  const [code] = await readBarcodes({ data: new Uint8ClampedArray(image.data), width: image.width, height: image.height, colorSpace: "srgb" } as ImageData, { formats: ["QRCode"] });
  if (!code?.isValid) throw new Error("no QR code found in the image");
  return code.text;
}

/**
 * The text of the QR code in a data URL (the pages' ticket QR codes), read as the page shows it: scaled to
 * `shownAt` CSS pixels without smoothing, as `image-rendering: pixelated` draws it.
 */
export async function decodeQrDataUrl(image: string, shownAt: number): Promise<string> {
  const match = /^data:image\/png;base64,(.+)$/.exec(image);
  if (!match) throw new Error("not a PNG data URL");
  return decodeQrPng(await sharp(Buffer.from(match[1]!, "base64")).resize(shownAt, shownAt, { kernel: "nearest" }).png().toBuffer());
}
