import { useCallback, useEffect, useRef } from "react";
import { SPEECH_TEXT_MAX_LENGTH } from "@domain";
import { base64ToBytes } from "../lib/audio-base64";
import { speakableText } from "../lib/message-markup";
import { canSynthesiseSpeech } from "./speech-apis";
import type { TextToSpeechInput, TextToSpeechResult } from "@domain";
import { apiRequest } from "~/lib/api-request";

/** POST /api/functions/text-to-speech (spec §7): base64 MP3; 501 when no speech service is configured. */
export function textToSpeech(input: TextToSpeechInput, signal?: AbortSignal): Promise<TextToSpeechResult> {
  return apiRequest("/api/functions/text-to-speech", { method: "POST", json: input, signal });
}

/**
 * Reads a reply aloud at the end of a voice turn (spec §4 Assistant): the site's speech service in the
 * 'alloy' voice, else the browser's speech synthesis. A blocked autoplay is only logged (spec §8).
 */
export function useReplySpeaker(voice: "service" | "browser") {
  const audio = useRef<HTMLAudioElement | null>(null);

  const stop = useCallback(() => {
    audio.current?.pause();
    audio.current = null;
    if (canSynthesiseSpeech()) window.speechSynthesis.cancel();
  }, []);

  useEffect(() => stop, [stop]);

  const speakInBrowser = useCallback((text: string) => {
    if (!canSynthesiseSpeech()) {
      console.info("This browser cannot read replies aloud; the reply is shown as text.");
      return;
    }
    window.speechSynthesis.cancel();
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = "en-GB";
    window.speechSynthesis.speak(utterance);
  }, []);

  return {
    stop,
    speak: useCallback(
      async (reply: string) => {
        stop();
        const text = speakableText(reply).slice(0, SPEECH_TEXT_MAX_LENGTH);
        if (!text) return;
        if (voice === "browser") return speakInBrowser(text);
        try {
          const { audioContent } = await textToSpeech({ text, voice: "alloy" });
          // A blob: URL, as the page's content security policy allows media from blob: but not data:.
          const url = URL.createObjectURL(new Blob([base64ToBytes(audioContent)], { type: "audio/mpeg" }));
          const player = new Audio(url);
          player.addEventListener("ended", () => URL.revokeObjectURL(url));
          audio.current = player;
          await player.play().catch((error: unknown) => console.warn("The reply could not be played (autoplay blocked); it stays on screen as text.", error));
        } catch (error) {
          console.warn("The speech service could not read the reply; using the browser's voice.", error);
          speakInBrowser(text);
        }
      },
      [voice, stop, speakInBrowser],
    ),
  };
}
