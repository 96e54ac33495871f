import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startOpenAiStandIn, type OpenAiError, type OpenAiStandIn } from "./openai";

let openai: OpenAiStandIn;
beforeAll(async () => {
  openai = await startOpenAiStandIn();
});
afterAll(async () => openai.close());

const post = (path: string, body: unknown, headers: Record<string, string> = { authorization: `Bearer ${openai.apiKey}` }) =>
  fetch(`${openai.baseURL}${path}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });

async function expectRefusal(response: Response, status: number, param: string | null, code: string | null) {
  expect(response.status).toBe(status);
  const body = (await response.json()) as OpenAiError;
  expect(body).toEqual({ error: { message: expect.any(String), type: "invalid_request_error", param, code } });
  return body.error.message;
}

describe("the OpenAI stand-in's authentication", () => {
  it("answers 401 invalid_api_key without a bearer key or with a wrong one", async () => {
    await expectRefusal(await post("/images/generations", { model: "gpt-image-1", prompt: "x" }, {}), 401, null, "invalid_api_key");
    await expectRefusal(await post("/images/generations", { model: "gpt-image-1", prompt: "x" }, { authorization: "Bearer sk-wrong" }), 401, null, "invalid_api_key");
  });
});

describe("the OpenAI stand-in's image generation rules", () => {
  const image = (body: object) => post("/images/generations", body);

  it("accepts each model's documented sizes and answers base64 or a URL as the model does", async () => {
    const gpt = await image({ model: "gpt-image-1", prompt: "A poster", size: "1536x1024", n: 1 });
    expect(gpt.status).toBe(200);
    expect(((await gpt.json()) as { data: { b64_json: string }[] }).data[0]!.b64_json).toBeTruthy();
    const dallE = await image({ model: "dall-e-3", prompt: "A poster", size: "1792x1024" });
    expect(((await dallE.json()) as { data: { url: string }[] }).data[0]!.url).toMatch(/^https:/);
  });

  it.each([
    ["dall-e-2", "1536x1024"],
    ["dall-e-2", "1792x1024"],
    ["dall-e-3", "1536x1024"],
    ["dall-e-3", "512x512"],
    ["gpt-image-1", "1792x1024"],
    ["gpt-image-1", "800x600"],
  ])("refuses %s at %s (size)", async (model, size) => {
    const message = await expectRefusal(await image({ model, prompt: "A poster", size }), 400, "size", "invalid_value");
    expect(message).toContain(`'${size}'`);
  });

  it("refuses response_format for the GPT image models and values outside url/b64_json for DALL·E", async () => {
    await expectRefusal(await image({ model: "gpt-image-1", prompt: "A poster", response_format: "b64_json" }), 400, "response_format", "unknown_parameter");
    await expectRefusal(await image({ model: "dall-e-3", prompt: "A poster", response_format: "png" }), 400, "response_format", "invalid_value");
  });

  it("refuses n above each model's limit (dall-e-3 makes one image at a time)", async () => {
    await expectRefusal(await image({ model: "dall-e-3", prompt: "A poster", n: 2 }), 400, "n", "invalid_value");
    await expectRefusal(await image({ model: "gpt-image-1", prompt: "A poster", n: 11 }), 400, "n", "invalid_value");
    await expectRefusal(await image({ model: "dall-e-2", prompt: "A poster", n: 0 }), 400, "n", "invalid_value");
  });

  it.each([
    ["dall-e-2", 1000],
    ["dall-e-3", 4000],
    ["gpt-image-1", 32000],
  ])("refuses a %s prompt over %i characters, and a missing prompt", async (model, max) => {
    expect((await image({ model, prompt: "p".repeat(max) })).status).toBe(200);
    await expectRefusal(await image({ model, prompt: "p".repeat(max + 1) }), 400, "prompt", "string_above_max_length");
    await expectRefusal(await image({ model }), 400, "prompt", "missing_required_parameter");
  });

  it("refuses quality and style values a model does not have", async () => {
    await expectRefusal(await image({ model: "dall-e-3", prompt: "A poster", quality: "high" }), 400, "quality", "invalid_value");
    await expectRefusal(await image({ model: "gpt-image-1", prompt: "A poster", quality: "hd" }), 400, "quality", "invalid_value");
    await expectRefusal(await image({ model: "dall-e-2", prompt: "A poster", quality: "hd" }), 400, "quality", "invalid_value");
    await expectRefusal(await image({ model: "dall-e-3", prompt: "A poster", style: "gothic" }), 400, "style", "invalid_value");
    await expectRefusal(await image({ model: "gpt-image-1", prompt: "A poster", style: "vivid" }), 400, "style", "unknown_parameter");
    await expectRefusal(await image({ model: "dall-e-3", prompt: "A poster", output_format: "png" }), 400, "output_format", "unknown_parameter");
  });

  it("answers 404 model_not_found for a model it does not have", async () => {
    await expectRefusal(await image({ model: "dall-e-4", prompt: "A poster" }), 404, null, "model_not_found");
  });
});

describe("the OpenAI stand-in's chat completion rules", () => {
  const chat = (body: object) => post("/chat/completions", body);
  const messages = [{ role: "user", content: "Hi" }];

  it("answers a chat.completion for a valid request", async () => {
    const response = await chat({ model: "gpt-4o-mini", messages, temperature: 2, max_completion_tokens: 100 });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ object: "chat.completion", choices: [{ message: { role: "assistant", content: expect.any(String) } }] });
  });

  it("needs a model and at least one message, each with a known role and content", async () => {
    await expectRefusal(await chat({ messages }), 400, null, null);
    await expectRefusal(await chat({ model: "gpt-4o-mini" }), 400, "messages", "missing_required_parameter");
    await expectRefusal(await chat({ model: "gpt-4o-mini", messages: [] }), 400, "messages", "empty_array");
    await expectRefusal(await chat({ model: "gpt-4o-mini", messages: [{ role: "robot", content: "Hi" }] }), 400, "messages[0].role", "invalid_value");
    await expectRefusal(await chat({ model: "gpt-4o-mini", messages: [{ role: "user" }] }), 400, "messages[0].content", "missing_required_parameter");
    await expectRefusal(await chat({ model: "not-a-model", messages }), 404, null, "model_not_found");
  });

  it("keeps temperature within 0..2 and token limits positive", async () => {
    await expectRefusal(await chat({ model: "gpt-4o-mini", messages, temperature: 2.1 }), 400, "temperature", "decimal_above_max_value");
    await expectRefusal(await chat({ model: "gpt-4o-mini", messages, temperature: -0.1 }), 400, "temperature", "decimal_below_min_value");
    await expectRefusal(await chat({ model: "gpt-4o-mini", messages, max_tokens: 0 }), 400, "max_tokens", "integer_below_min_value");
    await expectRefusal(await chat({ model: "gpt-4o-mini", messages, max_completion_tokens: 1.5 }), 400, "max_completion_tokens", "integer_below_min_value");
  });
});

describe("the OpenAI stand-in's speech rules", () => {
  const speech = (body: object) => post("/audio/speech", body);
  const good = { model: "tts-1", input: "Hello", voice: "alloy" };

  it("answers audio for a valid request", async () => {
    const response = await speech({ ...good, response_format: "mp3", speed: 4 });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("audio/mpeg");
  });

  it("refuses input over 4096 characters, a voice the model lacks, an unknown format and a speed outside 0.25–4", async () => {
    expect((await speech({ ...good, input: "é".repeat(4096) })).status).toBe(200);
    await expectRefusal(await speech({ ...good, input: "a".repeat(4097) }), 400, "input", "string_above_max_length");
    await expectRefusal(await speech({ ...good, voice: "robot" }), 400, "voice", "invalid_value");
    await expectRefusal(await speech({ ...good, voice: "ballad" }), 400, "voice", "invalid_value");
    expect((await speech({ ...good, model: "gpt-4o-mini-tts", voice: "ballad" })).status).toBe(200);
    await expectRefusal(await speech({ ...good, response_format: "ogg" }), 400, "response_format", "invalid_value");
    await expectRefusal(await speech({ ...good, speed: 0.2 }), 400, "speed", "invalid_value");
    await expectRefusal(await speech({ ...good, speed: 4.5 }), 400, "speed", "invalid_value");
    await expectRefusal(await speech({ model: "tts-1", voice: "alloy" }), 400, "input", "missing_required_parameter");
    await expectRefusal(await speech({ model: "tts-1", input: "Hi" }), 400, "voice", "missing_required_parameter");
    await expectRefusal(await speech({ input: "Hi", voice: "alloy" }), 400, "model", "missing_required_parameter");
  });
});

describe("the OpenAI stand-in's transcription rules", () => {
  const transcribe = (fields: Record<string, string | File>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    return fetch(`${openai.baseURL}/audio/transcriptions`, { method: "POST", headers: { authorization: `Bearer ${openai.apiKey}` }, body: form });
  };
  const audio = (name: string, bytes = 100) => new File([new Uint8Array(bytes)], name, { type: "audio/webm" });

  it("answers the text for a valid upload", async () => {
    const response = await transcribe({ model: "whisper-1", file: audio("recording.webm") });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ text: expect.any(String) });
  });

  it("needs multipart with a file and a model, in an allowed format, within 25 MB", async () => {
    await expectRefusal(await post("/audio/transcriptions", { model: "whisper-1" }), 400, null, null);
    await expectRefusal(await transcribe({ model: "whisper-1" }), 400, "file", "missing_required_parameter");
    await expectRefusal(await transcribe({ file: audio("recording.webm") }), 400, "model", "missing_required_parameter");
    await expectRefusal(await transcribe({ model: "whisper-1", file: audio("recording.aiff") }), 400, "file", "invalid_value");
    await expectRefusal(await transcribe({ model: "whisper-1", file: audio("recording.webm", 25 * 1024 * 1024 + 1) }), 413, null, null);
  });
});
