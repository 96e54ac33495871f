import { describe, expect, it } from "vitest";
import { ASSISTANT_TOASTS, MICROPHONE_HELP, chatFailureToast, helpSectionFor, classifyMicrophoneFailure, classifyRecognitionError, toastForRecognition } from "./assistant-messages";

describe("the assistant's messages (spec §8 Assistant and image creator)", () => {
  it("keeps the spec's exact texts", () => {
    expect(ASSISTANT_TOASTS.microphoneBlocked).toEqual({ title: "Microphone Access Blocked", description: "Click the help guide below to enable microphone access." });
    expect(ASSISTANT_TOASTS.microphoneError).toEqual({ title: "Microphone Error", description: "Could not access microphone. Please check permissions." });
    expect(ASSISTANT_TOASTS.audioProcessingError).toEqual({ title: "Audio Processing Error", description: "Failed to process audio. Please try again." });
    expect(ASSISTANT_TOASTS.processingError).toEqual({ title: "Processing Error", description: "Failed to process message. Please try again." });
    expect(ASSISTANT_TOASTS.noSpeech).toEqual({ title: "No Speech Detected", description: "Please try speaking more clearly." });
  });

  it("a refused microphone is 'blocked' (help panel); any other failure is a microphone error", () => {
    expect(classifyMicrophoneFailure(new DOMException("denied", "NotAllowedError"))).toBe("blocked");
    expect(classifyMicrophoneFailure(new DOMException("insecure", "SecurityError"))).toBe("blocked");
    expect(classifyMicrophoneFailure(new DOMException("no device", "NotFoundError"))).toBe("error");
    expect(classifyMicrophoneFailure(new DOMException("busy", "NotReadableError"))).toBe("error");
    expect(classifyMicrophoneFailure(null)).toBe("error");
  });

  it("maps speech recognition errors to the same messages", () => {
    expect(toastForRecognition(classifyRecognitionError("not-allowed") as "blocked")).toBe(ASSISTANT_TOASTS.microphoneBlocked);
    expect(toastForRecognition(classifyRecognitionError("no-speech") as "no-speech")).toBe(ASSISTANT_TOASTS.noSpeech);
    expect(toastForRecognition(classifyRecognitionError("audio-capture") as "error")).toBe(ASSISTANT_TOASTS.microphoneError);
    expect(classifyRecognitionError("network")).toBe("unreachable");
    expect(classifyRecognitionError("aborted")).toBe("ignored");
  });

  it("a chat failure shows the spec's text, or how long to wait when rate limited", () => {
    expect(chatFailureToast(new Error("boom"))).toBe(ASSISTANT_TOASTS.processingError);
    expect(chatFailureToast({ status: 429, message: "Too many requests to the assistant. Please wait 12 seconds and try again." })).toEqual({
      title: "Processing Error",
      description: "Too many requests to the assistant. Please wait 12 seconds and try again.",
    });
  });

  it("has help steps for iPhone, desktop, Chrome/Edge and Firefox", () => {
    expect(MICROPHONE_HELP.map((section) => section.title)).toEqual(["iPhone and iPad", "Desktop", "Chrome and Edge", "Firefox"]);
  });

  it("opens the section for the visitor's own device first", () => {
    expect(helpSectionFor("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0 Mobile/15E148 Safari/604.1")).toBe("iphone");
    expect(helpSectionFor("Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0")).toBe("firefox");
    expect(helpSectionFor("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0")).toBe("chrome-edge");
    expect(helpSectionFor("Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15")).toBe("desktop");
  });
});
