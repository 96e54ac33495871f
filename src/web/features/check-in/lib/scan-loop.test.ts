// @vitest-environment happy-dom
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { startScanLoop } from "./scan-loop";

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "requestAnimationFrame", "cancelAnimationFrame", "performance"] });
});

afterEach(() => {
  vi.useRealTimers();
});

/** A video with a picture (HAVE_ENOUGH_DATA) unless told otherwise. */
function fakeVideo(readyState = 4) {
  const video = document.createElement("video");
  Object.defineProperty(video, "readyState", { get: () => readyState, configurable: true });
  return { video, setReadyState: (state: number) => (readyState = state) };
}

/** A detector that answers each read with the next of `frames` (then nothing), noting when it was asked. */
function fakeDetector(frames: string[][] = []) {
  const readAt: number[] = [];
  const detector = {
    detect: async () => {
      readAt.push(performance.now());
      return (frames.shift() ?? []).map((rawValue) => ({ rawValue }));
    },
  };
  return { detector, readAt };
}

test("reads a frame at most every 500 ms, the first 500 ms after the start", async () => {
  const { detector, readAt } = fakeDetector();
  const started = performance.now();
  const stop = startScanLoop({ video: fakeVideo().video, detector, onScan: () => {}, onError: () => {} });
  await vi.advanceTimersByTimeAsync(490);
  expect(readAt).toEqual([]);
  await vi.advanceTimersByTimeAsync(2600 - 490);
  stop();
  expect(readAt.length).toBe(5);
  expect(readAt[0]! - started).toBeGreaterThanOrEqual(500);
  for (let index = 1; index < readAt.length; index += 1) expect(readAt[index]! - readAt[index - 1]!).toBeGreaterThanOrEqual(500);
});

test("reports a code once while it stays in view, and again only after another code was seen", async () => {
  const { detector } = fakeDetector([["A"], ["A"], [], ["A"], ["B"], ["A", "B"], [""]]);
  const scans: string[] = [];
  const stop = startScanLoop({ video: fakeVideo().video, detector, onScan: (text) => scans.push(text), onError: () => {} });
  await vi.advanceTimersByTimeAsync(4000);
  stop();
  expect(scans).toEqual(["A", "B", "A"]);
});

test("waits for the video to have a picture before reading it", async () => {
  const { detector, readAt } = fakeDetector();
  const { video, setReadyState } = fakeVideo(1);
  const stop = startScanLoop({ video, detector, onScan: () => {}, onError: () => {} });
  await vi.advanceTimersByTimeAsync(2000);
  expect(readAt).toEqual([]);
  setReadyState(2);
  await vi.advanceTimersByTimeAsync(100);
  expect(readAt.length).toBe(1);
  stop();
});

test("a failed read is reported and ends the loop", async () => {
  const failure = new DOMException("Barcode detection service unavailable.", "NotSupportedError");
  let reads = 0;
  const errors: unknown[] = [];
  const detector = {
    detect: async () => {
      reads += 1;
      throw failure;
    },
  };
  startScanLoop({ video: fakeVideo().video, detector, onScan: () => {}, onError: (error) => errors.push(error) });
  await vi.advanceTimersByTimeAsync(3000);
  expect(errors).toEqual([failure]);
  expect(reads).toBe(1);
});

test("stopped, it reads no more, and a read under way reports nothing", async () => {
  let answer!: (codes: { rawValue: string }[]) => void;
  let reads = 0;
  const detector = {
    detect: () => {
      reads += 1;
      return new Promise<{ rawValue: string }[]>((resolve) => (answer = resolve));
    },
  };
  const scans: string[] = [];
  const stop = startScanLoop({ video: fakeVideo().video, detector, onScan: (text) => scans.push(text), onError: () => {} });
  await vi.advanceTimersByTimeAsync(600);
  expect(reads).toBe(1);
  stop();
  answer([{ rawValue: "A" }]);
  await vi.advanceTimersByTimeAsync(3000);
  expect(scans).toEqual([]);
  expect(reads).toBe(1);
});
