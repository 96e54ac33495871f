import type { AppContext } from "../../app-context";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  AppError,
  AssistantCapabilities,
  ChatCompletionInput,
  ChatCompletionResult,
  MAX_RECORDING_BYTES,
  SpeechToTextInput,
  SpeechToTextResult,
  TextToSpeechInput,
  TextToSpeechResult,
} from "../../../domain";
import { hitRateLimit, type RateLimitRule } from "../../lib/rate-limiter";
import { AiServiceError } from "../../providers/ai/ai";
import { chatCompletion } from "./assistant.service";
import { sniffAudioType } from "./audio-type";

/** Per minute, per signed-in user and per address: a conversation, and the costlier audio calls. */
const CHAT_LIMIT: RateLimitRule = { limit: 30, windowSeconds: 60 };
const AUDIO_LIMIT: RateLimitRule = { limit: 10, windowSeconds: 60 };

/** spec §8 Assistant: the details of 'Processing Error' and 'Audio Processing Error'. */
const CHAT_FAILED = "Failed to process message. Please try again.";
const AUDIO_FAILED = "Failed to process audio. Please try again.";

const NO_SPEECH_SERVICE = "No speech service is configured on this site: the assistant uses your browser's own speech recognition and speech synthesis instead.";

/** Base64 of the largest recording, plus room for the JSON around it. */
const SPEECH_BODY_LIMIT = Math.ceil(MAX_RECORDING_BYTES / 3) * 4 + 64 * 1024;

/** The assistant's server functions (spec §7) at POST /api/functions/{name}, and what voice support there is. */
export const assistantRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, session, config, ai }) => {
  async function limit(request: FastifyRequest, name: string, rule: RateLimitRule) {
    const userId = (await session.actor(request))?.userId;
    const checks = [hitRateLimit(db, `${name}:ip:${request.ip}`, rule)];
    if (userId) checks.push(hitRateLimit(db, `${name}:user:${userId}`, rule));
    const states = await Promise.all(checks);
    const refused = states.find((state) => !state.allowed);
    if (refused) {
      throw new AppError("RATE_LIMITED", `Too many requests to the assistant. Please wait ${refused.retryAfterSeconds} seconds and try again.`, {
        retryAfterSeconds: refused.retryAfterSeconds,
      });
    }
  }

  /** An AI failure as the spec's message; the adapter's own reason goes to the log only. */
  function aiFailure(request: FastifyRequest, error: unknown, message: string): never {
    if (!(error instanceof AiServiceError)) throw error;
    request.log.warn({ err: error, upstreamStatus: error.status }, "AI service call failed");
    if (error.status === 429) throw new AppError("RATE_LIMITED", message);
    throw new AppError("AI_SERVICE_ERROR", message);
  }

  function requireAi(request: FastifyRequest) {
    if (ai) return ai;
    request.log.debug("speech function called without an AI service");
    throw new AppError("AI_UNAVAILABLE", NO_SPEECH_SERVICE);
  }

  app.get(
    "/assistant",
    {
      schema: {
        tags: ["functions"],
        summary: "Whether the assistant uses an AI service, and so whether voice goes through it or the browser",
        response: { 200: AssistantCapabilities },
      },
    },
    async () => ({ aiService: ai !== null, voice: ai ? ("service" as const) : ("browser" as const) }),
  );

  app.post(
    "/functions/chat-completion",
    {
      schema: {
        tags: ["functions"],
        summary: "The assistant's reply to a message; links are written [Title](/events/{id})",
        body: ChatCompletionInput,
        response: { 200: ChatCompletionResult },
      },
    },
    async (request) => {
      await limit(request, "chat-completion", CHAT_LIMIT);
      try {
        const reply = await chatCompletion({ db, ai, message: request.body.message, facts: { supportEmail: config.SUPPORT_EMAIL } });
        return { reply };
      } catch (error) {
        aiFailure(request, error, CHAT_FAILED);
      }
    },
  );

  app.post(
    "/functions/speech-to-text",
    {
      bodyLimit: SPEECH_BODY_LIMIT,
      schema: {
        tags: ["functions"],
        summary: "Text of a recording (base64 webm, at most 5 MB); 501 when no AI service is configured",
        body: SpeechToTextInput,
        response: { 200: SpeechToTextResult },
      },
    },
    async (request) => {
      await limit(request, "assistant-audio", AUDIO_LIMIT);
      const service = requireAi(request);
      const audio = Buffer.from(request.body.audio, "base64");
      if (audio.length > MAX_RECORDING_BYTES) {
        throw new AppError("RECORDING_TOO_LARGE", "The recording is too long (5 MB at most). Please record a shorter message.");
      }
      const mimeType = sniffAudioType(audio);
      if (!mimeType) throw new AppError("VALIDATION_FAILED", "Invalid body field 'audio': not a recording in a known audio format (webm, ogg, mp4, mp3 or wav)");
      try {
        return { text: await service.transcribe({ audio, mimeType }) };
      } catch (error) {
        aiFailure(request, error, AUDIO_FAILED);
      }
    },
  );

  app.post(
    "/functions/text-to-speech",
    {
      schema: {
        tags: ["functions"],
        summary: "MP3 (base64) of the text read out in the given voice; 501 when no AI service is configured",
        body: TextToSpeechInput,
        response: { 200: TextToSpeechResult },
      },
    },
    async (request) => {
      await limit(request, "assistant-audio", AUDIO_LIMIT);
      const service = requireAi(request);
      try {
        const audio = await service.speak({ text: request.body.text, voice: request.body.voice });
        return { audioContent: audio.toString("base64") };
      } catch (error) {
        aiFailure(request, error, AUDIO_FAILED);
      }
    },
  );
};
