import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "~/lib/toast";
import { bytesToBase64, pickRecordingType } from "../lib/audio-base64";
import { ASSISTANT_TOASTS, classifyMicrophoneFailure, classifyRecognitionError, toastForRecognition, type ToastText } from "../lib/assistant-messages";
import { canRecordAudio, speechRecognitionConstructor, type SpeechRecognitionLike } from "./speech-apis";
import type { VoiceRoute } from "./use-voice-route";
import type { SpeechToTextInput, SpeechToTextResult } from "@domain";
import { apiRequest } from "~/lib/api-request";

/** POST /api/functions/speech-to-text (spec §7): 501 when no speech service is configured. */
export function speechToText(input: SpeechToTextInput, signal?: AbortSignal): Promise<SpeechToTextResult> {
  return apiRequest("/api/functions/speech-to-text", { method: "POST", json: input, signal });
}

/** A recording stops by itself after this, well inside the server's 5 MB limit. */
const MAX_RECORDING_MS = 60_000;

function showError({ title, description }: ToastText) {
  toast.error(title, { description });
}

/**
 * The microphone half of a voice turn (spec §4 Assistant: record, stop, transcribe). With a speech
 * service it records webm and sends it to speech-to-text; without one (decisions D19) it uses the
 * browser's speech recognition. Either way the microphone permission is asked for first, so a refusal
 * always shows the spec's message and help panel.
 */
export function useVoiceInput({
  route,
  onServiceGone,
  onTranscript,
}: {
  route: VoiceRoute | null;
  /** The speech service answered 501: voice carries on with the browser's own APIs. */
  onServiceGone: () => void;
  onTranscript: (text: string) => void;
}) {
  const [recording, setRecording] = useState(false);
  const [transcribing, setTranscribing] = useState(false);
  const [helpVisible, setHelpVisible] = useState(false);
  const stopCurrent = useRef<(() => void) | null>(null);
  const transcriptHandler = useRef(onTranscript);
  useEffect(() => {
    transcriptHandler.current = onTranscript;
  }, [onTranscript]);

  // The overlay only ever renders in the browser, so the APIs can be looked at while rendering.
  const supported = route === null || (route === "service" ? canRecordAudio() : speechRecognitionConstructor() !== null);

  const finish = useCallback((text: string) => {
    const transcript = text.trim();
    if (!transcript) return showError(ASSISTANT_TOASTS.noSpeech);
    transcriptHandler.current(transcript);
  }, []);

  const transcribe = useCallback(
    async (recordingBlob: Blob) => {
      setTranscribing(true);
      try {
        const audio = bytesToBase64(new Uint8Array(await recordingBlob.arrayBuffer()));
        const { text } = await speechToText({ audio });
        finish(text);
      } catch (error) {
        if ((error as { status?: number }).status === 501) {
          // The service went away since the overlay opened: carry on with the browser's recognition.
          onServiceGone();
          showError(speechRecognitionConstructor() ? ASSISTANT_TOASTS.switchedToBrowserVoice : ASSISTANT_TOASTS.voiceUnavailable);
        } else {
          showError(ASSISTANT_TOASTS.audioProcessingError);
        }
      } finally {
        setTranscribing(false);
      }
    },
    [finish, onServiceGone],
  );

  const record = useCallback(
    (stream: MediaStream) => {
      const mimeType = pickRecordingType((type) => MediaRecorder.isTypeSupported(type));
      const recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
      const chunks: Blob[] = [];
      const limit = window.setTimeout(() => recorder.state === "recording" && recorder.stop(), MAX_RECORDING_MS);
      recorder.addEventListener("dataavailable", (event) => event.data.size > 0 && chunks.push(event.data));
      recorder.addEventListener("stop", () => {
        window.clearTimeout(limit);
        for (const track of stream.getTracks()) track.stop();
        setRecording(false);
        stopCurrent.current = null;
        const blob = new Blob(chunks, { type: recorder.mimeType || mimeType || "audio/webm" });
        if (blob.size === 0) return showError(ASSISTANT_TOASTS.noSpeech);
        void transcribe(blob);
      });
      recorder.start();
      stopCurrent.current = () => recorder.state === "recording" && recorder.stop();
      setRecording(true);
    },
    [transcribe],
  );

  const recognise = useCallback(() => {
    const Recognition = speechRecognitionConstructor()!;
    const recognition: SpeechRecognitionLike = new Recognition();
    recognition.lang = "en-GB";
    recognition.continuous = false;
    recognition.interimResults = false;
    recognition.maxAlternatives = 1;
    let transcript = "";
    let failed = false;
    recognition.onresult = (event) => {
      transcript = Array.from(event.results, (result) => result[0]?.transcript ?? "").join(" ");
    };
    recognition.onerror = (event) => {
      const outcome = classifyRecognitionError(event.error);
      if (outcome === "ignored") return;
      failed = true;
      if (outcome === "blocked") setHelpVisible(true);
      showError(toastForRecognition(outcome));
    };
    recognition.onend = () => {
      setRecording(false);
      stopCurrent.current = null;
      if (!failed) finish(transcript);
    };
    recognition.start();
    stopCurrent.current = () => recognition.stop();
    setRecording(true);
  }, [finish]);

  const start = useCallback(async () => {
    if (!route || !supported) return showError(ASSISTANT_TOASTS.voiceUnavailable);
    let stream: MediaStream | null = null;
    if (navigator.mediaDevices?.getUserMedia) {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      } catch (error) {
        if (classifyMicrophoneFailure(error) === "blocked") {
          setHelpVisible(true);
          return showError(ASSISTANT_TOASTS.microphoneBlocked);
        }
        return showError(ASSISTANT_TOASTS.microphoneError);
      }
    }
    if (route === "service" && stream) return record(stream);
    // The browser's recognition opens the microphone itself; the stream was only the permission check.
    for (const track of stream?.getTracks() ?? []) track.stop();
    try {
      recognise();
    } catch {
      showError(ASSISTANT_TOASTS.microphoneError);
    }
  }, [route, supported, record, recognise]);

  const stop = useCallback(() => stopCurrent.current?.(), []);

  useEffect(() => stop, [stop]);

  return {
    supported,
    recording,
    transcribing,
    helpVisible,
    dismissHelp: useCallback(() => setHelpVisible(false), []),
    toggle: useCallback(() => (stopCurrent.current ? stop() : void start()), [start, stop]),
    stop,
  };
}
