// @vitest-environment happy-dom
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { CameraError, openCamera } from "./camera";
import { cameraErrorMessage } from "./camera-error";

/** A camera as getUserMedia hands it over: one video track, which records being stopped. */
function fakeStream() {
  const track = { kind: "video", stopped: false, stop() { this.stopped = true; } };
  const stream = Object.assign(Object.create(MediaStream.prototype) as MediaStream, { getTracks: () => [track], getVideoTracks: () => [track] });
  return { track, stream };
}

function fakeCamera() {
  const { track, stream } = fakeStream();
  const asked: MediaStreamConstraints[] = [];
  const getUserMedia = async (constraints: MediaStreamConstraints) => {
    asked.push(constraints);
    return stream;
  };
  vi.stubGlobal("navigator", { ...navigator, mediaDevices: { getUserMedia } });
  return { track, stream, asked };
}

/** A video whose play() settles when the test says. */
function fakeVideo() {
  const video = document.createElement("video");
  let started!: () => void;
  video.play = () => new Promise<void>((resolve) => (started = resolve));
  return { video, start: () => started() };
}

/** Where a promise stands after the timers so far. */
function watch<T>(promise: Promise<T>) {
  const state: { settled: "pending" | "resolved" | "rejected"; value?: T; error?: unknown } = { settled: "pending" };
  promise.then(
    (value) => Object.assign(state, { settled: "resolved", value }),
    (error: unknown) => Object.assign(state, { settled: "rejected", error }),
  );
  return state;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  Object.defineProperty(window, "isSecureContext", { value: true, configurable: true });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

test("asks for the rear camera at the spec's sizes, and resolves 500 ms after its picture plays", async () => {
  const { asked, track } = fakeCamera();
  const { video, start } = fakeVideo();
  const opening = watch(openCamera(video));
  await vi.advanceTimersByTimeAsync(0);
  expect(asked).toEqual([
    { audio: false, video: { facingMode: "environment", width: { min: 640, ideal: 720, max: 1920 }, height: { min: 640, ideal: 720, max: 1080 } } },
  ]);

  start();
  await vi.advanceTimersByTimeAsync(499);
  expect(opening.settled).toBe("pending");
  await vi.advanceTimersByTimeAsync(1);
  expect(opening.settled).toBe("resolved");
  expect(opening.value?.track).toBe(track);
  expect(track.stopped).toBe(false);
});

test("a picture that does not play within 3 s fails with the spec's time-out, and the camera is stopped", async () => {
  const { track } = fakeCamera();
  const { video } = fakeVideo();
  const opening = watch(openCamera(video));
  await vi.advanceTimersByTimeAsync(2999);
  expect(opening.settled).toBe("pending");
  await vi.advanceTimersByTimeAsync(1);
  expect(opening.settled).toBe("rejected");
  expect(cameraErrorMessage(opening.error)).toBe("The camera did not start within 3 seconds. Turn the camera off and on again.");
  expect(track.stopped).toBe(true);
  expect(video.srcObject).toBeNull();
});

test("a picture that plays in time leaves no time-out behind", async () => {
  const { track } = fakeCamera();
  const { video, start } = fakeVideo();
  const opening = watch(openCamera(video));
  await vi.advanceTimersByTimeAsync(1000);
  start();
  await vi.advanceTimersByTimeAsync(500);
  expect(opening.settled).toBe("resolved");
  expect(vi.getTimerCount()).toBe(0);
  expect(track.stopped).toBe(false);
});

test("without a secure context or a stream API it fails before asking for the camera", async () => {
  const { asked } = fakeCamera();
  Object.defineProperty(window, "isSecureContext", { value: false, configurable: true });
  const insecure = await openCamera(fakeVideo().video).catch((error: unknown) => error);
  expect(insecure).toBeInstanceOf(CameraError);
  expect(cameraErrorMessage(insecure)).toBe("The camera only works on a secure connection. Open this page over https.");
  expect(asked).toEqual([]);

  Object.defineProperty(window, "isSecureContext", { value: true, configurable: true });
  vi.stubGlobal("navigator", { ...navigator, mediaDevices: undefined });
  const unsupported = await openCamera(fakeVideo().video).catch((error: unknown) => error);
  expect(cameraErrorMessage(unsupported)).toBe("This browser cannot stream video from a camera. Try a current version of Chrome, Safari or Firefox.");
});

test("the browser's refusal comes through as the browser gave it", async () => {
  const refused = new DOMException("Permission denied", "NotAllowedError");
  vi.stubGlobal("navigator", { ...navigator, mediaDevices: { getUserMedia: () => Promise.reject(refused) } });
  await expect(openCamera(fakeVideo().video)).rejects.toBe(refused);
});
