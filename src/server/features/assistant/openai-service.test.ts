import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { IMAGE_SIZES, imageDimensions, type AssistantCapabilities, type ChatCompletionResult, type ErrorBody, type ImageSize, type SpeechToTextResult, type TextToSpeechResult } from "../../../domain";
import { createTestApp } from "../../../../test/app";
import { createEvent, createUser, FUTURE } from "../../../../test/fixtures";
import { startOpenAiStandIn, STAND_IN_MP3 as MP3, type OpenAiStandIn } from "../../../../test/stand-ins/openai";
import { AiServiceError } from "../../providers/ai/ai";
import { createOpenAiService } from "../../providers/ai/openai";

/** OpenAI's API, strict about every parameter (test/stand-ins/openai.ts). */
let openai: OpenAiStandIn;
let png: Buffer;

const MODELS = { chat: "gpt-4o-mini", transcribe: "whisper-1", speech: "tts-1", image: "gpt-image-1" };

let t: Awaited<ReturnType<typeof createTestApp>>;
let eventId: string;
let ipCounter = 0;

beforeAll(async () => {
  openai = await startOpenAiStandIn({ apiKey: "sk-test-stand-in" });
  png = await sharp({ create: { width: 3, height: 2, channels: 3, background: "#6326f2" } }).png().toBuffer();
  t = await createTestApp(
    {
      OPENAI_API_KEY: "sk-test-stand-in",
      OPENAI_BASE_URL: openai.baseURL,
      OPENAI_CHAT_MODEL: MODELS.chat,
      OPENAI_TRANSCRIBE_MODEL: MODELS.transcribe,
      OPENAI_TTS_MODEL: MODELS.speech,
      OPENAI_IMAGE_MODEL: MODELS.image,
    },
    { workers: false },
  );
  const organiser = await createUser(t.db);
  eventId = (await createEvent(t.db, { userId: organiser.id, title: "Stand-in Comedy Night", category: "comedy", location: "Soho, London", dateTime: FUTURE, pricePence: 1200 })).id;
});
afterAll(async () => {
  await t?.close();
  await openai?.close();
});
beforeEach(() => {
  openai.requests.length = 0;
  openai.failWith = null;
  openai.replies = { chat: "Try [Stand-in Comedy Night](/events/abc) on Saturday.", transcript: " comedy in London this weekend ", speech: MP3, image: png };
});

const post = (url: string, payload: object, ip = `192.0.2.${++ipCounter}`) => t.app.inject({ method: "POST", url, headers: { "x-forwarded-for": ip }, payload });
const webm = (bytes = 200) => Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(bytes - 4, 1)]);

describe("with an AI service configured, the functions go through it (decisions D19)", () => {
  it("GET /api/assistant says voice goes through the service", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/assistant" })).json<AssistantCapabilities>()).toEqual({ aiService: true, voice: "service" });
  });

  it("chat-completion sends the chat model a system prompt grounded in the help facts and the matching live events, and passes the reply through", async () => {
    const response = await post("/api/functions/chat-completion", { message: "comedy in London" });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ChatCompletionResult>()).toEqual({ reply: "Try [Stand-in Comedy Night](/events/abc) on Saturday." });

    expect(openai.requests).toHaveLength(1);
    const [call] = openai.requests;
    expect(call!.path).toBe("/v1/chat/completions");
    expect(call!.headers.authorization).toBe("Bearer sk-test-stand-in");
    const body = JSON.parse(call!.body.toString()) as { model: string; messages: { role: string; content: string }[] };
    expect(body.model).toBe(MODELS.chat);
    expect(body.messages.map((message) => message.role)).toEqual(["system", "user"]);
    expect(body.messages[1]!.content).toBe("comedy in London");
    const system = body.messages[0]!.content;
    expect(system).toContain("48 hours");
    expect(system).toContain("£2.30");
    expect(system).toContain(`[Stand-in Comedy Night](/events/${eventId})`);
  });

  it("speech-to-text sends the recording as a webm file to the transcription model and answers its text", async () => {
    const audio = webm();
    const response = await post("/api/functions/speech-to-text", { audio: audio.toString("base64") });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<SpeechToTextResult>()).toEqual({ text: "comedy in London this weekend" });

    const [call] = openai.requests;
    expect(call!.path).toBe("/v1/audio/transcriptions");
    const form = await new Request("http://stand-in/", { method: "POST", headers: { "content-type": call!.headers["content-type"]! }, body: new Uint8Array(call!.body) }).formData();
    expect(form.get("model")).toBe(MODELS.transcribe);
    const file = form.get("file") as File;
    expect(file.name).toBe("recording.webm");
    expect(file.type).toBe("audio/webm");
    expect(Buffer.from(await file.arrayBuffer()).equals(audio)).toBe(true);
  });

  it("text-to-speech asks the speech model for mp3 in the 'alloy' voice and answers it base64-encoded", async () => {
    const response = await post("/api/functions/text-to-speech", { text: "Hello there", voice: "alloy" });
    expect(response.statusCode, response.body).toBe(200);
    expect(Buffer.from(response.json<TextToSpeechResult>().audioContent, "base64").equals(MP3)).toBe(true);

    const [call] = openai.requests;
    expect(call!.path).toBe("/v1/audio/speech");
    expect(JSON.parse(call!.body.toString())).toEqual({ model: MODELS.speech, voice: "alloy", input: "Hello there", response_format: "mp3" });
  });

  it("the adapter's generateImage asks for the size given and returns the PNG", async () => {
    const service = createOpenAiService({ apiKey: "sk-test-stand-in", baseURL: openai.baseURL, models: MODELS });
    openai.replies.image = await sharp({ create: { width: 1024, height: 1536, channels: 3, background: "#6326f2" } }).png().toBuffer();
    const image = await service.generateImage({ prompt: "A jazz poster", size: "1024x1536" });
    expect(image.equals(openai.replies.image)).toBe(true);
    expect(JSON.parse(openai.requests[0]!.body.toString())).toEqual({ model: MODELS.image, prompt: "A jazz poster", size: "1024x1536", n: 1 });

    // DALL·E models answer with a URL unless asked for base64.
    const dallE = createOpenAiService({ apiKey: "sk-test-stand-in", baseURL: openai.baseURL, models: { ...MODELS, image: "dall-e-3" } });
    await dallE.generateImage({ prompt: "A jazz poster", size: "1024x1024" });
    expect(JSON.parse(openai.requests[1]!.body.toString())).toMatchObject({ model: "dall-e-3", response_format: "b64_json" });
  });
});

describe("the adapter sends each model only what OpenAI accepts from it (test/stand-ins/openai.ts)", () => {
  // What each model is asked for, for each of the product's sizes (spec §3): its own size nearest in shape.
  const ASKED: Record<string, Record<ImageSize, string>> = {
    "gpt-image-1": { "1536x1024": "1536x1024", "1024x1024": "1024x1024", "1024x1536": "1024x1536" },
    "dall-e-3": { "1536x1024": "1792x1024", "1024x1024": "1024x1024", "1024x1536": "1024x1792" },
    "dall-e-2": { "1536x1024": "1024x1024", "1024x1024": "1024x1024", "1024x1536": "1024x1024" },
  };

  it.each(Object.keys(ASKED))("%s is asked for a size it has, and the PNG comes back at the size the product asked for", async (model) => {
    openai.replies.image = null;
    const service = createOpenAiService({ apiKey: "sk-test-stand-in", baseURL: openai.baseURL, models: { ...MODELS, image: model }, maxRetries: 0 });
    for (const size of IMAGE_SIZES) {
      const image = await service.generateImage({ prompt: "A jazz poster", size });
      const sent = JSON.parse(openai.requests.at(-1)!.body.toString()) as { size: string };
      expect(sent.size, `${model} ${size}`).toBe(ASKED[model]![size]);
      const meta = await sharp(image).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height }, `${model} ${size}`).toEqual({ format: "png", ...imageDimensions(size) });
    }
  });

  it("a prompt longer than the image model takes is cut to its limit (dall-e-2: 1000 characters)", async () => {
    const service = createOpenAiService({ apiKey: "sk-test-stand-in", baseURL: openai.baseURL, models: { ...MODELS, image: "dall-e-2" }, maxRetries: 0 });
    await service.generateImage({ prompt: "p".repeat(1500), size: "1024x1024" });
    expect((JSON.parse(openai.requests[0]!.body.toString()) as { prompt: string }).prompt).toHaveLength(1000);
  });

  it("text-to-speech in a voice tts-1 does not have ('ballad') is read in the spec's 'alloy'", async () => {
    const response = await post("/api/functions/text-to-speech", { text: "Hello there", voice: "ballad" });
    expect(response.statusCode, response.body).toBe(200);
    expect(JSON.parse(openai.requests[0]!.body.toString())).toMatchObject({ model: "tts-1", voice: "alloy" });
    // A model that has the voice gets it.
    const mini = createOpenAiService({ apiKey: "sk-test-stand-in", baseURL: openai.baseURL, models: { ...MODELS, speech: "gpt-4o-mini-tts" }, maxRetries: 0 });
    await mini.speak({ text: "Hello there", voice: "ballad" });
    expect(JSON.parse(openai.requests[1]!.body.toString())).toMatchObject({ model: "gpt-4o-mini-tts", voice: "ballad" });
  });

  it("speech input over OpenAI's 4096 characters is cut to 4096 (counted as characters, not UTF-16 units)", async () => {
    const service = createOpenAiService({ apiKey: "sk-test-stand-in", baseURL: openai.baseURL, models: MODELS, maxRetries: 0 });
    await service.speak({ text: "🎉".repeat(5000), voice: "alloy" });
    expect([...(JSON.parse(openai.requests[0]!.body.toString()) as { input: string }).input]).toHaveLength(4096);
  });
});

describe("AI service failures become the spec's messages (spec §8 Assistant)", () => {
  it("a 500 from the chat model: 502 'Failed to process message. Please try again.'", async () => {
    openai.failWith = 500;
    const response = await post("/api/functions/chat-completion", { message: "comedy in London" });
    expect(response.statusCode).toBe(502);
    expect(response.json<ErrorBody>().error).toEqual({ code: "AI_SERVICE_ERROR", message: "Failed to process message. Please try again." });
    expect(openai.requests.length).toBeGreaterThanOrEqual(1);
  });

  it("a 429 from the chat model: 429 with the same message", async () => {
    openai.failWith = 429;
    const response = await post("/api/functions/chat-completion", { message: "hello" });
    expect(response.statusCode).toBe(429);
    expect(response.json<ErrorBody>().error).toEqual({ code: "RATE_LIMITED", message: "Failed to process message. Please try again." });
  });

  it("failures of transcription and speech: 'Failed to process audio. Please try again.'", async () => {
    openai.failWith = 500;
    const transcription = await post("/api/functions/speech-to-text", { audio: webm().toString("base64") });
    expect(transcription.statusCode).toBe(502);
    expect(transcription.json<ErrorBody>().error).toEqual({ code: "AI_SERVICE_ERROR", message: "Failed to process audio. Please try again." });
    openai.failWith = 429;
    const speech = await post("/api/functions/text-to-speech", { text: "Hello", voice: "alloy" });
    expect(speech.statusCode).toBe(429);
    expect(speech.json<ErrorBody>().error.message).toBe("Failed to process audio. Please try again.");
  });

  it("the adapter maps each failure to a short AiServiceError", async () => {
    const service = createOpenAiService({ apiKey: "sk-test-stand-in", baseURL: openai.baseURL, models: MODELS, maxRetries: 0 });
    openai.failWith = 401;
    await expect(service.chat({ message: "hi", context: "" })).rejects.toEqual(new AiServiceError("The AI service refused our credentials.", 401));
    openai.failWith = 503;
    await expect(service.speak({ text: "hi", voice: "alloy" })).rejects.toMatchObject({ message: "The AI service failed (HTTP 503).", status: 503 });
    const unreachable = createOpenAiService({ apiKey: "sk-test", baseURL: "http://127.0.0.1:9/v1", models: MODELS, maxRetries: 0 });
    await expect(unreachable.transcribe({ audio: webm(), mimeType: "audio/webm" })).rejects.toMatchObject({ message: "The AI service could not be reached.", status: null });
  });
});

describe("speech input is checked before it reaches the service", () => {
  it("a recording over 5 MB is refused with 413, and so is a body far over it", async () => {
    const tooLong = await post("/api/functions/speech-to-text", { audio: webm(5 * 1024 * 1024 + 1).toString("base64") });
    expect(tooLong.statusCode, tooLong.body).toBe(413);
    expect(tooLong.json<ErrorBody>().error.code).toBe("RECORDING_TOO_LARGE");
    const huge = await post("/api/functions/speech-to-text", { audio: "A".repeat(9 * 1024 * 1024) });
    expect(huge.statusCode).toBe(413);
    expect(openai.requests).toHaveLength(0);
  });

  it("non-base64 or non-audio is refused with 400 naming the field", async () => {
    for (const audio of ["not base64!", "", Buffer.from("just some text, not audio").toString("base64")]) {
      const response = await post("/api/functions/speech-to-text", { audio });
      expect(response.statusCode, audio).toBe(400);
      expect(response.json<ErrorBody>().error.message).toContain("'audio'");
    }
    const badVoice = await post("/api/functions/text-to-speech", { text: "Hi", voice: "robot" });
    expect(badVoice.statusCode).toBe(400);
    expect(badVoice.json<ErrorBody>().error.message).toContain("'voice'");
    expect(openai.requests).toHaveLength(0);
  });

  it("audio calls are limited to 10 a minute per address", async () => {
    const ip = "192.0.2.240";
    for (let i = 0; i < 10; i++) expect((await post("/api/functions/text-to-speech", { text: "Hi", voice: "alloy" }, ip)).statusCode).toBe(200);
    const refused = await post("/api/functions/speech-to-text", { audio: webm().toString("base64") }, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json<ErrorBody>().error.message).toMatch(/^Too many requests to the assistant/);
  });
});
