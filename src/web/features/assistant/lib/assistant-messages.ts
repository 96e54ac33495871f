/** A 'Title / Detail' toast (spec §8). */
export interface ToastText {
  title: string;
  description: string;
}

/** spec §8 Assistant and image creator, §5 Chat, and the plain words for missing voice support (decisions D19). */
export const ASSISTANT_TOASTS = {
  microphoneBlocked: { title: "Microphone Access Blocked", description: "Click the help guide below to enable microphone access." },
  microphoneError: { title: "Microphone Error", description: "Could not access microphone. Please check permissions." },
  audioProcessingError: { title: "Audio Processing Error", description: "Failed to process audio. Please try again." },
  processingError: { title: "Processing Error", description: "Failed to process message. Please try again." },
  noSpeech: { title: "No Speech Detected", description: "Please try speaking more clearly." },
  voiceUnavailable: {
    title: "Voice input isn't available",
    description: "This browser has no speech recognition and no speech service is set up here, so please type your question instead.",
  },
  recognitionUnreachable: {
    title: "Voice input isn't available",
    description: "Your browser's speech recognition service could not be reached. Please type your question instead.",
  },
  switchedToBrowserVoice: {
    title: "Using your browser's speech recognition",
    description: "No speech service is set up here. Press the microphone again and speak after the tone.",
  },
} satisfies Record<string, ToastText>;

export type MicrophoneFailure = "blocked" | "error";

/** getUserMedia's failures: a refusal (by the person, a policy or an insecure page) shows the help panel. */
export function classifyMicrophoneFailure(error: unknown): MicrophoneFailure {
  const name = (error as { name?: unknown } | null)?.name;
  return name === "NotAllowedError" || name === "SecurityError" || name === "PermissionDeniedError" ? "blocked" : "error";
}

export type RecognitionOutcome = "blocked" | "no-speech" | "unreachable" | "ignored" | "error";

/** The Web Speech API's error codes (SpeechRecognitionErrorEvent.error) as what the overlay says. */
export function classifyRecognitionError(code: string): RecognitionOutcome {
  switch (code) {
    case "not-allowed":
    case "service-not-allowed":
      return "blocked";
    case "no-speech":
      return "no-speech";
    case "network":
    case "language-not-supported":
      return "unreachable";
    case "aborted":
      return "ignored";
    default:
      return "error";
  }
}

export function toastForRecognition(outcome: Exclude<RecognitionOutcome, "ignored">): ToastText {
  switch (outcome) {
    case "blocked":
      return ASSISTANT_TOASTS.microphoneBlocked;
    case "no-speech":
      return ASSISTANT_TOASTS.noSpeech;
    case "unreachable":
      return ASSISTANT_TOASTS.recognitionUnreachable;
    default:
      return ASSISTANT_TOASTS.microphoneError;
  }
}

/** A failed chat reply: our own rate limit says how long to wait; anything else is the spec's text. */
export function chatFailureToast(error: unknown): ToastText {
  const failure = error as { status?: unknown; message?: unknown } | null;
  if (failure?.status === 429 && typeof failure.message === "string" && failure.message) {
    return { title: ASSISTANT_TOASTS.processingError.title, description: failure.message };
  }
  return ASSISTANT_TOASTS.processingError;
}

/** spec §8: the help panel's steps to allow the microphone again, per device and browser. */
export const MICROPHONE_HELP = [
  {
    id: "iphone",
    title: "iPhone and iPad",
    steps: [
      "Open Settings, scroll to Safari (or your browser) and tap Microphone.",
      "Choose Allow or Ask, then come back and reload this page.",
      "In Safari you can also tap aA in the address bar, then Website Settings, and set Microphone to Allow.",
    ],
  },
  {
    id: "desktop",
    title: "Desktop",
    steps: [
      "Click the lock or settings icon at the left of the address bar.",
      "Set Microphone to Allow for this site, then reload the page.",
      "Check that your computer's own privacy settings let the browser use the microphone.",
    ],
  },
  {
    id: "chrome-edge",
    title: "Chrome and Edge",
    steps: [
      "Click the microphone or lock icon in the address bar and choose Always allow.",
      "Or open Settings, Privacy and security, Site settings, Microphone, and remove this site from Not allowed.",
      "Reload the page and press the microphone again.",
    ],
  },
  {
    id: "firefox",
    title: "Firefox",
    steps: [
      "Click the permissions icon (the crossed-out microphone) in the address bar and clear the block.",
      "Or open Settings, Privacy & Security, Permissions, Microphone, Settings, and remove this site.",
      "Reload the page and press the microphone again.",
    ],
  },
] as const;

export type MicrophoneHelpId = (typeof MICROPHONE_HELP)[number]["id"];

/** The help section for the visitor's own device and browser, opened first in the panel. */
export function helpSectionFor(userAgent: string): MicrophoneHelpId {
  if (/iPhone|iPad|iPod/.test(userAgent)) return "iphone";
  if (/Firefox\//.test(userAgent)) return "firefox";
  if (/Edg\/|Chrome\/|Chromium\//.test(userAgent)) return "chrome-edge";
  return "desktop";
}
