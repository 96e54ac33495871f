import type { ResultLook } from "./result-view";

interface Tone {
  /** Hz. */
  frequency: number;
  /** Seconds after the first tone starts. */
  at: number;
  /** Seconds. */
  length: number;
  wave: OscillatorType;
}

export interface Feedback {
  tones: Tone[];
  /** navigator.vibrate's pattern: on, off, on… in milliseconds. */
  vibration: number[];
}

/**
 * A sound and a vibration per state, told apart without looking (issue 17): one high beep lets in, two
 * low beeps say 'already used', a long buzz refuses, a falling pair scans out (issue 38). Made with an oscillator: no sound file to download.
 */
export const FEEDBACK: Record<ResultLook | "scan", Feedback> = {
  go: { tones: [{ frequency: 1320, at: 0, length: 0.18, wave: "sine" }], vibration: [120] },
  already: {
    tones: [
      { frequency: 440, at: 0, length: 0.16, wave: "square" },
      { frequency: 440, at: 0.26, length: 0.16, wave: "square" },
    ],
    vibration: [220, 120, 220],
  },
  refused: { tones: [{ frequency: 140, at: 0, length: 0.6, wave: "sawtooth" }], vibration: [650] },
  /** A scan out: a falling pair, never the single high beep of someone let in. */
  out: {
    tones: [
      { frequency: 988, at: 0, length: 0.12, wave: "sine" },
      { frequency: 659, at: 0.16, length: 0.16, wave: "sine" },
    ],
    vibration: [60, 80, 60],
  },
  /** A scan whose check could not be made (spec §2: a sound plays on a new scan). */
  scan: { tones: [{ frequency: 1046, at: 0, length: 0.16, wave: "sine" }], vibration: [] },
};

let context: AudioContext | null = null;

/**
 * Plays a state's sound and vibration where the browser offers them. Browsers allow either only after
 * the user has interacted with the page; before that, and where unsupported, it stays silent and still.
 */
export function playFeedback(which: ResultLook | "scan"): void {
  if (typeof window === "undefined") return;
  if (navigator.userActivation && !navigator.userActivation.hasBeenActive) return;
  const { tones, vibration } = FEEDBACK[which];
  if (vibration.length > 0 && typeof navigator.vibrate === "function") {
    try {
      navigator.vibrate(vibration);
    } catch {
      // No vibration is no reason to stop scanning.
    }
  }
  if (!window.AudioContext) return;
  try {
    context ??= new AudioContext();
    void context.resume().catch(() => undefined);
    const start = context.currentTime;
    for (const tone of tones) {
      const oscillator = context.createOscillator();
      const volume = context.createGain();
      const from = start + tone.at;
      oscillator.type = tone.wave;
      oscillator.frequency.value = tone.frequency;
      volume.gain.setValueAtTime(0.0001, from);
      volume.gain.exponentialRampToValueAtTime(0.3, from + 0.01);
      volume.gain.setValueAtTime(0.3, from + tone.length - 0.04);
      volume.gain.exponentialRampToValueAtTime(0.0001, from + tone.length);
      oscillator.connect(volume).connect(context.destination);
      oscillator.start(from);
      oscillator.stop(from + tone.length + 0.02);
    }
  } catch {
    // No sound is no reason to stop scanning.
  }
}
