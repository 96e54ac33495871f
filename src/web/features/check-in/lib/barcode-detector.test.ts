// @vitest-environment happy-dom
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { PNG } from "pngjs";
import QRCode from "qrcode";
import { afterEach, expect, test, vi } from "vitest";
import { barcodeDetection, type Ponyfill } from "./barcode-detector";

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The real reader (`barcode-detector/pure`), counting how often the shim asks for it. */
function countedReader() {
  const loads = { count: 0 };
  const load = () => {
    loads.count += 1;
    return import("barcode-detector/pure") as Promise<Ponyfill>;
  };
  return { loads, ...barcodeDetection(load) };
}

/** The reader's WebAssembly from node_modules, through a `locateFile` that records what it was asked for. */
function readerOverrides() {
  const wasm = readFileSync(createRequire(import.meta.url).resolve("zxing-wasm/reader/zxing_reader.wasm"));
  const located: string[] = [];
  const overrides = {
    wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength),
    locateFile: (path: string) => {
      located.push(path);
      return `/assets/${path}`;
    },
  };
  return { located, overrides };
}

async function qrImage(text: string): Promise<ImageData> {
  const png = PNG.sync.read(await QRCode.toBuffer(text, { margin: 4, scale: 4 }));
  return new ImageData(new Uint8ClampedArray(png.data), png.width, png.height);
}

/** A browser's own BarcodeDetector, recording what the page asks of it. */
function nativeDetector() {
  const constructed: unknown[] = [];
  const detected: unknown[] = [];
  class NativeBarcodeDetector {
    constructor(options?: unknown) {
      constructed.push(options);
    }
    static async getSupportedFormats() {
      return ["qr_code"];
    }
    async detect(source: unknown) {
      detected.push(source);
      return [{ rawValue: "from the browser", format: "qr_code" }];
    }
  }
  return { NativeBarcodeDetector, constructed, detected };
}

test("with a native BarcodeDetector the browser's own is used and the WebAssembly reader never loads", async () => {
  const native = nativeDetector();
  vi.stubGlobal("BarcodeDetector", native.NativeBarcodeDetector);
  const { loads, BarcodeDetector, prepareZXingModule } = countedReader();
  const { located, overrides } = readerOverrides();

  prepareZXingModule({ overrides });
  const detector = new BarcodeDetector({ formats: ["qr_code"] });
  const frame = await qrImage("a ticket");
  expect(await detector.detect(frame)).toEqual([{ rawValue: "from the browser", format: "qr_code" }]);
  expect(await BarcodeDetector.getSupportedFormats()).toEqual(["qr_code"]);

  expect(native.constructed).toEqual([{ formats: ["qr_code"] }]);
  expect(native.detected).toEqual([frame]);
  expect(loads.count).toBe(0);
  expect(located).toEqual([]);
});

test("without one it loads the reader once, however many detectors and frames, with the options given before", async () => {
  expect("BarcodeDetector" in window).toBe(false);
  const { loads, BarcodeDetector, prepareZXingModule } = countedReader();
  const { located, overrides } = readerOverrides();
  // As use-camera-scan.ts does when its module loads, long before a detector exists.
  prepareZXingModule({ overrides });
  expect(loads.count).toBe(0);

  const frame = await qrImage("TCKT-2090-0000AAAA");
  const detectors = [new BarcodeDetector({ formats: ["qr_code"] }), new BarcodeDetector({ formats: ["qr_code"] })];
  for (const detector of detectors) {
    for (let scan = 0; scan < 2; scan += 1) {
      const [code] = await detector.detect(frame);
      expect(code?.rawValue).toBe("TCKT-2090-0000AAAA");
      expect(code?.format).toBe("qr_code");
    }
  }

  expect(loads.count).toBe(1);
  // The .wasm address came from the overrides given before the reader loaded (D14: never a CDN).
  expect(located).toEqual(["zxing_reader.wasm"]);
  expect(await BarcodeDetector.getSupportedFormats()).toContain("qr_code");
  expect(loads.count).toBe(1);
});

test("without one, a detached image rejects detect() as the reader's own does", async () => {
  const { BarcodeDetector } = countedReader();
  const reader = (await import("barcode-detector/pure")) as Ponyfill;
  const image = await qrImage("TCKT-2090-0000AAAA");
  structuredClone(image.data.buffer, { transfer: [image.data.buffer] });
  const ours = await new BarcodeDetector({ formats: ["qr_code"] }).detect(image).catch((error: unknown) => error);
  const theirs = await new reader.BarcodeDetector({ formats: ["qr_code"] }).detect(image).catch((error: unknown) => error);
  expect(ours).toBeInstanceOf(DOMException);
  expect((ours as DOMException).name).toBe("InvalidStateError");
  expect((ours as DOMException).name).toBe((theirs as DOMException).name);
  expect((ours as DOMException).message).toBe((theirs as DOMException).message);
});

test("without one, a reader that did not arrive fails that detect() and is asked for again at the next", async () => {
  let loads = 0;
  const offline = new TypeError("Failed to fetch dynamically imported module");
  const { BarcodeDetector } = barcodeDetection(() => {
    loads += 1;
    return loads === 1 ? Promise.reject(offline) : (import("barcode-detector/pure") as Promise<Ponyfill>);
  });
  const frame = await qrImage("TCKT-2090-0000BBBB");
  const detector = new BarcodeDetector({ formats: ["qr_code"] });
  await expect(detector.detect(frame)).rejects.toBe(offline);
  const [code] = await detector.detect(frame);
  expect(code?.rawValue).toBe("TCKT-2090-0000BBBB");
  expect(loads).toBe(2);
});
