let context: AudioContext | null = null;

/**
 * A short beep for a new scan (spec §2 Check-in scanner), made with WebAudio so no sound file is
 * downloaded. Browsers only allow sound after the user has interacted with the page; before that it
 * stays silent rather than logging a warning.
 */
export function playScanBeep(): void {
  if (typeof window === "undefined" || !window.AudioContext) return;
  if (navigator.userActivation && !navigator.userActivation.hasBeenActive) return;
  try {
    context ??= new AudioContext();
    void context.resume().catch(() => undefined);
    const start = context.currentTime;
    const tone = context.createOscillator();
    const volume = context.createGain();
    tone.type = "sine";
    tone.frequency.value = 1046;
    volume.gain.setValueAtTime(0.0001, start);
    volume.gain.exponentialRampToValueAtTime(0.3, start + 0.01);
    volume.gain.exponentialRampToValueAtTime(0.0001, start + 0.16);
    tone.connect(volume).connect(context.destination);
    tone.start(start);
    tone.stop(start + 0.18);
  } catch {
    // No sound is no reason to stop scanning.
  }
}
