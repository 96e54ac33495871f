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
import { AiServiceError } from "../../providers/ai/ai";
import { answerChat, speechToText, textToSpeech } from "./assistant.service";

/** spec §8 Assistant: the details of 'Processing Error' and 'Audio Processing Error'. */
const CHAT_FAILED = "Failed to process message. Please try again.";
const AUDIO_FAILED = "Failed to process audio. Please try again.";

/** Base64 of the largest recording, plus room for the JSON around it. */
const SPEECH_BODY_LIMIT = Math.ceil(MAX_RECORDING_BYTES / 3) * 4 + 64 * 1024;

/** The assistant's server functions (spec §7) at POST /api/functions/{name}, and what voice support there is. */
export const assistantRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, session, config, ai }) => {
  const askerOf = async (request: FastifyRequest) => ({ clientIp: request.ip, userId: (await session.actor(request))?.userId });

  /** An AI failure as the spec's message; the adapter's own reason goes to the log only. */
  function aiFailure(request: FastifyRequest, error: unknown, message: string): never {
    if (!(error instanceof AiServiceError)) throw error;
    request.log.warn({ err: error, upstreamStatus: error.status }, "AI service call failed");
    if (error.status === 429) throw new AppError("RATE_LIMITED", message);
    throw new AppError("AI_SERVICE_ERROR", message);
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
      try {
        return await answerChat({ db, ai, asker: await askerOf(request), message: request.body.message, supportEmail: config.SUPPORT_EMAIL });
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
      try {
        return await speechToText({ db, ai, asker: await askerOf(request), audio: request.body.audio, log: request.log });
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
      try {
        return await textToSpeech({ db, ai, asker: await askerOf(request), text: request.body.text, voice: request.body.voice, log: request.log });
      } catch (error) {
        aiFailure(request, error, AUDIO_FAILED);
      }
    },
  );
};
