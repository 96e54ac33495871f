import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AssistantCapabilities, ChatCompletionResult, ErrorBody, SpeechToTextResult, TextToSpeechResult } from "../../../domain";
import { createTestApp } from "../../../../test/app";
import { createEvent, createUser, FUTURE } from "../../../../test/fixtures";
import { AiServiceError } from "../../providers/ai/ai";
import { createOpenAiService } from "../../providers/ai/openai";

/**
 * A local stand-in for an OpenAI-compatible service (CONVENTIONS rule 6): it records each request and
 * answers like the real endpoints, or fails with the status a test asks for.
 */
interface Recorded {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

let standIn: Server;
let standInUrl: string;
let recorded: Recorded[] = [];
let failWith: number | null = null;
const MP3 = Buffer.concat([Buffer.from("ID3"), Buffer.from([4, 0, 0, 0, 0, 0, 0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(32, 7)]);
let png: Buffer;

async function startStandIn() {
  png = await sharp({ create: { width: 3, height: 2, channels: 3, background: "#6326f2" } }).png().toBuffer();
  standIn = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks);
      const path = request.url ?? "";
      recorded.push({ path, headers: request.headers, body });
      const json = (status: number, value: unknown) => {
        // retry-after-ms keeps the SDK's one retry quick.
        response.writeHead(status, { "content-type": "application/json", "retry-after-ms": "1" });
        response.end(JSON.stringify(value));
      };
      if (failWith) return json(failWith, { error: { message: "stand-in failure", type: "server_error" } });
      if (path === "/v1/chat/completions") {
        const { model } = JSON.parse(body.toString()) as { model: string };
        return json(200, {
          id: "chatcmpl-1",
          object: "chat.completion",
          created: 1,
          model,
          choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content: "Try [Stand-in Comedy Night](/events/abc) on Saturday." } }],
        });
      }
      if (path === "/v1/audio/transcriptions") return json(200, { text: " comedy in London this weekend " });
      if (path === "/v1/audio/speech") {
        response.writeHead(200, { "content-type": "audio/mpeg" });
        return response.end(MP3);
      }
      if (path === "/v1/images/generations") return json(200, { created: 1, data: [{ b64_json: png.toString("base64") }] });
      json(404, { error: { message: `no route ${path}` } });
    });
  });
  await new Promise<void>((resolve) => standIn.listen(0, "127.0.0.1", resolve));
  standInUrl = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}/v1`;
}

const MODELS = { chat: "stand-in-chat", transcribe: "stand-in-whisper", speech: "stand-in-tts", image: "stand-in-image" };

let t: Awaited<ReturnType<typeof createTestApp>>;
let eventId: string;
let ipCounter = 0;

beforeAll(async () => {
  await startStandIn();
  t = await createTestApp(
    {
      OPENAI_API_KEY: "sk-test-stand-in",
      OPENAI_BASE_URL: standInUrl,
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
  await new Promise((resolve) => standIn?.close(resolve));
});
beforeEach(() => {
  recorded = [];
  failWith = null;
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

    expect(recorded).toHaveLength(1);
    const [call] = recorded;
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

    const [call] = recorded;
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

    const [call] = recorded;
    expect(call!.path).toBe("/v1/audio/speech");
    expect(JSON.parse(call!.body.toString())).toEqual({ model: MODELS.speech, voice: "alloy", input: "Hello there", response_format: "mp3" });
  });

  it("the adapter's generateImage asks for the size given and returns the PNG", async () => {
    const service = createOpenAiService({ apiKey: "sk-test-stand-in", baseURL: standInUrl, models: MODELS });
    const image = await service.generateImage({ prompt: "A jazz poster", size: "1024x1536" });
    expect(image.equals(png)).toBe(true);
    expect(JSON.parse(recorded[0]!.body.toString())).toEqual({ model: MODELS.image, prompt: "A jazz poster", size: "1024x1536", n: 1 });

    // DALL·E models answer with a URL unless asked for base64.
    const dallE = createOpenAiService({ apiKey: "sk-test-stand-in", baseURL: standInUrl, models: { ...MODELS, image: "dall-e-3" } });
    await dallE.generateImage({ prompt: "A jazz poster", size: "1024x1024" });
    expect(JSON.parse(recorded[1]!.body.toString())).toMatchObject({ model: "dall-e-3", response_format: "b64_json" });
  });
});

describe("AI service failures become the spec's messages (spec §8 Assistant)", () => {
  it("a 500 from the chat model: 502 'Failed to process message. Please try again.'", async () => {
    failWith = 500;
    const response = await post("/api/functions/chat-completion", { message: "comedy in London" });
    expect(response.statusCode).toBe(502);
    expect(response.json<ErrorBody>().error).toEqual({ code: "AI_SERVICE_ERROR", message: "Failed to process message. Please try again." });
    expect(recorded.length).toBeGreaterThanOrEqual(1);
  });

  it("a 429 from the chat model: 429 with the same message", async () => {
    failWith = 429;
    const response = await post("/api/functions/chat-completion", { message: "hello" });
    expect(response.statusCode).toBe(429);
    expect(response.json<ErrorBody>().error).toEqual({ code: "RATE_LIMITED", message: "Failed to process message. Please try again." });
  });

  it("failures of transcription and speech: 'Failed to process audio. Please try again.'", async () => {
    failWith = 500;
    const transcription = await post("/api/functions/speech-to-text", { audio: webm().toString("base64") });
    expect(transcription.statusCode).toBe(502);
    expect(transcription.json<ErrorBody>().error).toEqual({ code: "AI_SERVICE_ERROR", message: "Failed to process audio. Please try again." });
    failWith = 429;
    const speech = await post("/api/functions/text-to-speech", { text: "Hello", voice: "alloy" });
    expect(speech.statusCode).toBe(429);
    expect(speech.json<ErrorBody>().error.message).toBe("Failed to process audio. Please try again.");
  });

  it("the adapter maps each failure to a short AiServiceError", async () => {
    const service = createOpenAiService({ apiKey: "sk-test-stand-in", baseURL: standInUrl, models: MODELS, maxRetries: 0 });
    failWith = 401;
    await expect(service.chat({ message: "hi", context: "" })).rejects.toEqual(new AiServiceError("The AI service refused our credentials.", 401));
    failWith = 503;
    await expect(service.speak({ text: "hi", voice: "alloy" })).rejects.toMatchObject({ message: "The AI service failed (HTTP 503).", status: 503 });
    const unreachable = createOpenAiService({ apiKey: "sk-test", baseURL: "http://127.0.0.1:9/v1", models: MODELS, maxRetries: 0 });
    await expect(unreachable.transcribe({ audio: webm(), mimeType: "audio/webm" })).rejects.toMatchObject({ message: "The AI service could not be reached.", status: null });
  });
});

describe("speech input is checked before it reaches the service", () => {
  it("a recording over 5 MB is refused with 413, and so is a body far over it", async () => {
    const tooLong = await post("/api/functions/speech-to-text", { audio: webm(5 * 1024 * 1024 + 1).toString("base64") });
    expect(tooLong.statusCode).toBe(413);
    expect(tooLong.json<ErrorBody>().error.code).toBe("RECORDING_TOO_LARGE");
    const huge = await post("/api/functions/speech-to-text", { audio: "A".repeat(9 * 1024 * 1024) });
    expect(huge.statusCode).toBe(413);
    expect(recorded).toHaveLength(0);
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
    expect(recorded).toHaveLength(0);
  });

  it("audio calls are limited to 10 a minute per address", async () => {
    const ip = "192.0.2.240";
    for (let i = 0; i < 10; i++) expect((await post("/api/functions/text-to-speech", { text: "Hi", voice: "alloy" }, ip)).statusCode).toBe(200);
    const refused = await post("/api/functions/speech-to-text", { audio: webm().toString("base64") }, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json<ErrorBody>().error.message).toMatch(/^Too many requests to the assistant/);
  });
});
