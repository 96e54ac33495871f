// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { ScannerCamera } from "./scanner-camera";

/**
 * A phone's rear camera as the browser hands it over (getUserMedia), with the capabilities given, and
 * the browser's own BarcodeDetector reading `shown` in every frame: each stream records being stopped.
 */
function phone({ capabilities = {}, refuse }: { capabilities?: Record<string, unknown>; refuse?: DOMException } = {}) {
  const streams: { stopped: boolean }[] = [];
  const applied: unknown[] = [];
  const getUserMedia = async () => {
    if (refuse) throw refuse;
    const track = {
      kind: "video",
      readyState: "live",
      stopped: false,
      stop() {
        this.stopped = true;
      },
      getCapabilities: () => capabilities,
      getSettings: () => ({}),
      applyConstraints: async (constraints: unknown) => void applied.push(constraints),
    };
    streams.push(track);
    return Object.assign(Object.create(MediaStream.prototype) as MediaStream, { getTracks: () => [track], getVideoTracks: () => [track] });
  };
  const shown = { text: "" };
  class NativeBarcodeDetector {
    static async getSupportedFormats() {
      return ["qr_code"];
    }
    async detect() {
      return shown.text ? [{ rawValue: shown.text, format: "qr_code" }] : [];
    }
  }
  vi.stubGlobal("navigator", { ...navigator, mediaDevices: { getUserMedia } });
  vi.stubGlobal("BarcodeDetector", NativeBarcodeDetector);
  return { streams, applied, shown };
}

beforeEach(() => {
  Object.defineProperty(window, "isSecureContext", { value: true, configurable: true });
  vi.spyOn(HTMLMediaElement.prototype, "play").mockResolvedValue();
  // A picture to read (HAVE_ENOUGH_DATA).
  vi.spyOn(HTMLMediaElement.prototype, "readyState", "get").mockReturnValue(4);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

test("reads the ticket in front of the camera once, and the camera off stops it", async () => {
  const { streams, shown } = phone();
  const scans: string[] = [];
  render(<ScannerCamera onScan={(text) => scans.push(text)} />);
  shown.text = "TCKT-2090-0000AAAA";
  await waitFor(() => expect(scans).toEqual(["TCKT-2090-0000AAAA"]), { timeout: 3000 });
  await new Promise((resolve) => setTimeout(resolve, 1200));
  expect(scans).toEqual(["TCKT-2090-0000AAAA"]);

  await userEvent.click(screen.getByRole("button", { name: "Turn camera off" }));
  expect(streams.map((stream) => stream.stopped)).toEqual([true]);
  expect(screen.getByText("Camera off. Press the camera button to scan again.")).toBeTruthy();
  // The button waits a second before it can be pressed again (spec §9).
  expect((screen.getByRole("button", { name: "Turn camera on" }) as HTMLButtonElement).disabled).toBe(true);
  await waitFor(() => expect((screen.getByRole("button", { name: "Turn camera on" }) as HTMLButtonElement).disabled).toBe(false), { timeout: 2000 });
  await userEvent.click(screen.getByRole("button", { name: "Turn camera on" }));
  await waitFor(() => expect(streams).toHaveLength(2));
  expect(streams[1]!.stopped).toBe(false);
});

test("offers zoom and the flashlight only when the camera reports them, and only while it runs", async () => {
  const { applied } = phone({ capabilities: { zoom: { min: 1, max: 4 }, torch: true } });
  render(<ScannerCamera onScan={() => {}} />);
  const zoomIn = await screen.findByRole("button", { name: "Zoom in" }, { timeout: 3000 });
  expect((screen.getByRole("button", { name: "Zoom out" }) as HTMLButtonElement).disabled).toBe(true);
  await userEvent.click(zoomIn);
  expect(applied).toEqual([{ advanced: [{ zoom: 2 }] }]);
  await userEvent.click(screen.getByRole("button", { name: "Turn flashlight on" }));
  expect(applied.at(-1)).toEqual({ advanced: [{ torch: true }] });
  expect(screen.getByRole("button", { name: "Turn flashlight off" })).toBeTruthy();

  await userEvent.click(screen.getByRole("button", { name: "Turn camera off" }));
  expect(screen.queryByRole("button", { name: "Zoom in" })).toBeNull();
  expect(screen.queryByRole("button", { name: /flashlight/ })).toBeNull();
});

test("a camera without zoom or torch shows neither", async () => {
  const { streams } = phone();
  render(<ScannerCamera onScan={() => {}} />);
  await act(() => new Promise((resolve) => setTimeout(resolve, 800)));
  expect(streams).toEqual([expect.objectContaining({ stopped: false })]);
  expect(screen.queryByRole("button", { name: "Zoom in" })).toBeNull();
  expect(screen.queryByRole("button", { name: /flashlight/ })).toBeNull();
});

test("a refused camera says so in plain words", async () => {
  phone({ refuse: new DOMException("Permission denied", "NotAllowedError") });
  render(<ScannerCamera onScan={() => {}} />);
  expect((await screen.findByRole("alert")).textContent).toBe(
    "Camera access was blocked. Allow the camera for this site in your browser settings, then turn the camera on again.",
  );
});
