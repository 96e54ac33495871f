import type { BarcodeDetectorOptions, BarcodeFormat, DetectedBarcode } from "barcode-detector/pure";

/**
 * The scanner's BarcodeDetector: the browser's own where it has one (Chrome on Android and macOS), else
 * the ZXing WebAssembly reader of `barcode-detector`, whose JavaScript and .wasm load only then (the
 * `barcode-decoder` chunk, issue 35).
 */
export type Ponyfill = typeof import("barcode-detector/pure");
type ModuleOptions = Parameters<Ponyfill["prepareZXingModule"]>[0];

type ImageSource = Parameters<InstanceType<Ponyfill["BarcodeDetector"]>["detect"]>[0];

interface Detector {
  detect(source: ImageSource): Promise<DetectedBarcode[]>;
}
interface DetectorClass {
  new (options?: BarcodeDetectorOptions): Detector;
  getSupportedFormats(): Promise<readonly BarcodeFormat[]>;
}

function nativeDetector(): DetectorClass | undefined {
  return typeof window !== "undefined" && "BarcodeDetector" in window ? (window as unknown as { BarcodeDetector: DetectorClass }).BarcodeDetector : undefined;
}

/** The module's exports over a given way to load the reader (the tests count the loads). */
export function barcodeDetection(loadPonyfill: () => Promise<Ponyfill>) {
  let loading: Promise<Ponyfill> | undefined;
  // Calls made before the reader loaded, replayed in order when it does (the .wasm address, D14).
  const configuration: ((ponyfill: Ponyfill) => void)[] = [];
  let loaded: Ponyfill | undefined;

  function load(): Promise<Ponyfill> {
    loading ??= loadPonyfill().then(
      (ponyfill) => {
        for (const configure of configuration.splice(0)) configure(ponyfill);
        loaded = ponyfill;
        return ponyfill;
      },
      (error: unknown) => {
        // A chunk that did not arrive (the connection dropped) is asked for again at the next detect(),
        // when the camera is turned off and on: the scanner stops at a failed frame.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  }

  function configure<T>(call: (ponyfill: Ponyfill) => T, start: boolean): T | Promise<T> | undefined {
    if (loaded) return call(loaded);
    if (start) return load().then(call);
    configuration.push(call);
    return undefined;
  }

  function prepareZXingModule(options?: ModuleOptions) {
    // `fireImmediately` asks for the reader now; otherwise the options wait for it.
    return configure((ponyfill) => ponyfill.prepareZXingModule(options), options?.fireImmediately === true);
  }

  class BarcodeDetector {
    readonly #options: BarcodeDetectorOptions | undefined;
    #detector: Detector | undefined;

    constructor(options?: BarcodeDetectorOptions) {
      this.#options = options;
      const Native = nativeDetector();
      if (Native) {
        this.#detector = new Native(options);
        return;
      }
      // Start loading now, as the reader itself would; a failure shows at detect(), which tries again.
      this.#ready().catch(() => {});
    }

    static async getSupportedFormats(): Promise<readonly BarcodeFormat[]> {
      return (nativeDetector() ?? (await load()).BarcodeDetector).getSupportedFormats();
    }

    async #ready(): Promise<Detector> {
      if (this.#detector) return this.#detector;
      const { BarcodeDetector: Reader } = await load();
      return (this.#detector ??= new Reader(this.#options));
    }

    async detect(source: ImageSource): Promise<DetectedBarcode[]> {
      return (await this.#ready()).detect(source);
    }
  }

  return { BarcodeDetector, prepareZXingModule };
}

export const { BarcodeDetector, prepareZXingModule } = barcodeDetection(() => import("barcode-detector/pure"));
