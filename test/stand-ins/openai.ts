import sharp from "sharp";
import { isObject, jsonBody, startStandInServer, type RecordedRequest, type Reply, type StandInServer } from "./server";

/**
 * A stand-in for OpenAI's REST API (chat completions, speech, transcriptions, image generation) that
 * refuses what OpenAI refuses for every parameter we send, with OpenAI's error shape and status.
 *
 * Sources (each rule below names its own):
 * - [API] OpenAI API reference, https://platform.openai.com/docs/api-reference (Chat: /chat/create,
 *   Audio: /audio/createSpeech and /audio/createTranscription, Images: /images/create); the same text is
 *   in the openai-node SDK's types, node_modules/openai/resources/{chat/completions/completions,audio/speech,
 *   audio/transcriptions,images}.d.ts (openai 6.x), cited below as [SDK file].
 * - [ERR] Error codes, https://platform.openai.com/docs/guides/error-codes: `{ error: { message, type,
 *   param, code } }`, 401 for a missing or wrong key, 400 `invalid_request_error` for a bad parameter,
 *   404 for an unknown model.
 * - [TTS] Text-to-speech guide, https://platform.openai.com/docs/guides/text-to-speech#voice-options:
 *   `tts-1` and `tts-1-hd` have 9 of the 13 voices.
 */

export interface OpenAiError {
  error: { message: string; type: string; param: string | null; code: string | null };
}

const refuse = (message: string, param: string | null, code: string | null = "invalid_value", status = 400): Reply => ({
  status,
  json: { error: { message, type: "invalid_request_error", param, code } } satisfies OpenAiError,
});
const list = (values: readonly string[]) => values.map((value) => `'${value}'`).join(", ");
const invalidValue = (param: string, value: unknown, allowed: readonly string[]) =>
  refuse(`Invalid value: '${String(value)}'. Supported values are: ${list(allowed)}.`, param, "invalid_value");
const missing = (param: string) => refuse(`Missing required parameter: '${param}'.`, param, "missing_required_parameter");
const unknownParameter = (param: string) => refuse(`Unknown parameter: '${param}'.`, param, "unknown_parameter");
const tooLong = (param: string, max: number, length: number) =>
  refuse(`Invalid '${param}': string too long. Expected a string with maximum length ${max}, but got a string with length ${length} instead.`, param, "string_above_max_length");
const modelNotFound = (model: string) => refuse(`The model \`${model}\` does not exist or you do not have access to it.`, null, "model_not_found", 404);
const isNumberIn = (value: unknown, min: number, max: number) => typeof value === "number" && Number.isFinite(value) && value >= min && value <= max;
const isIntegerIn = (value: unknown, min: number, max: number) => Number.isInteger(value) && (value as number) >= min && (value as number) <= max;

// ---------------------------------------------------------------------------------------------------
// Images: POST /v1/images/generations

/** [SDK images.d.ts ImageModel] the GPT image models; [API Images] the rules that differ from DALL·E. */
const GPT_IMAGE_MODELS = ["gpt-image-1", "gpt-image-1-mini", "gpt-image-1.5"] as const;

interface ImageModelRules {
  /** [SDK images.d.ts ImageGenerateParamsBase.size] */
  sizes: readonly string[];
  /** [SDK images.d.ts ImageGenerateParamsBase.prompt] "32000 characters for the GPT image models, 1000 for dall-e-2 and 4000 for dall-e-3". */
  promptMax: number;
  /** [SDK images.d.ts ImageGenerateParamsBase.n] "between 1 and 10. For dall-e-3, only n=1 is supported". */
  nMax: number;
  /** [SDK images.d.ts ImageGenerateParamsBase.quality] */
  qualities: readonly string[];
  /** [SDK images.d.ts ImageGenerateParamsBase.response_format] "isn't supported for the GPT image models, which always return base64". */
  responseFormat: boolean;
  /** [SDK images.d.ts ImageGenerateParamsBase.style] "only supported for dall-e-3. Must be one of vivid or natural". */
  style: boolean;
  /** [SDK images.d.ts background, moderation, output_format, output_compression] "only supported for the GPT image models". */
  gptOnlyParameters: boolean;
}

const GPT_IMAGE_RULES: ImageModelRules = {
  sizes: ["1024x1024", "1536x1024", "1024x1536", "auto"],
  promptMax: 32000,
  nMax: 10,
  qualities: ["low", "medium", "high", "auto"],
  responseFormat: false,
  style: false,
  gptOnlyParameters: true,
};

export const IMAGE_MODEL_RULES: Record<string, ImageModelRules> = {
  "dall-e-2": { sizes: ["256x256", "512x512", "1024x1024"], promptMax: 1000, nMax: 10, qualities: ["standard", "auto"], responseFormat: true, style: false, gptOnlyParameters: false },
  "dall-e-3": { sizes: ["1024x1024", "1792x1024", "1024x1792"], promptMax: 4000, nMax: 1, qualities: ["standard", "hd", "auto"], responseFormat: true, style: true, gptOnlyParameters: false },
  ...Object.fromEntries(GPT_IMAGE_MODELS.map((model) => [model, GPT_IMAGE_RULES])),
};

function checkImageRequest(body: Record<string, unknown>): Reply | null {
  // [SDK images.d.ts model] "Defaults to dall-e-2 unless a parameter specific to the GPT image models is used".
  const model = body.model ?? "dall-e-2";
  if (typeof model !== "string") return invalidValue("model", model, Object.keys(IMAGE_MODEL_RULES));
  const rules = IMAGE_MODEL_RULES[model];
  if (!rules) return modelNotFound(model);
  // [API Images] prompt: required string.
  if (body.prompt === undefined) return missing("prompt");
  if (typeof body.prompt !== "string" || !body.prompt.length) return refuse("Invalid 'prompt': expected a non-empty string.", "prompt", "invalid_type");
  if (body.prompt.length > rules.promptMax) return tooLong("prompt", rules.promptMax, body.prompt.length);
  if (body.n !== undefined && body.n !== null && !isIntegerIn(body.n, 1, rules.nMax)) {
    return refuse(
      rules.nMax === 1 ? "Invalid 'n': only n=1 is supported for this model." : `Invalid 'n': must be an integer between 1 and ${rules.nMax}.`,
      "n",
      "invalid_value",
    );
  }
  if (body.size !== undefined && body.size !== null && !rules.sizes.includes(body.size as string)) return invalidValue("size", body.size, rules.sizes);
  if (body.quality !== undefined && body.quality !== null && !rules.qualities.includes(body.quality as string)) return invalidValue("quality", body.quality, rules.qualities);
  if (body.response_format !== undefined && body.response_format !== null) {
    if (!rules.responseFormat) return unknownParameter("response_format");
    if (!["url", "b64_json"].includes(body.response_format as string)) return invalidValue("response_format", body.response_format, ["url", "b64_json"]);
  }
  if (body.style !== undefined && body.style !== null) {
    if (!rules.style) return unknownParameter("style");
    if (!["vivid", "natural"].includes(body.style as string)) return invalidValue("style", body.style, ["vivid", "natural"]);
  }
  if (!rules.gptOnlyParameters) {
    for (const param of ["background", "moderation", "output_format", "output_compression", "partial_images", "stream"]) {
      if (body[param] !== undefined && body[param] !== null) return unknownParameter(param);
    }
  }
  return null;
}

async function imageReply(body: Record<string, unknown>, image: Buffer | null): Promise<Reply> {
  const model = (body.model as string | undefined) ?? "dall-e-2";
  const size = typeof body.size === "string" && body.size !== "auto" ? body.size : "1024x1024";
  const [width, height] = size.split("x").map(Number) as [number, number];
  const png = image ?? (await sharp({ create: { width, height, channels: 3, background: "#6326f2" } }).png().toBuffer());
  const n = (body.n as number | undefined) ?? 1;
  // [API Images, The image generation response] DALL·E answers a URL unless b64_json is asked for; GPT image models always b64_json.
  const base64 = IMAGE_MODEL_RULES[model]!.responseFormat ? body.response_format === "b64_json" : true;
  const item = base64 ? { b64_json: png.toString("base64") } : { url: "https://oaidalleapiprodscus.blob.core.windows.net/private/stand-in.png" };
  return { status: 200, json: { created: Math.floor(Date.now() / 1000), data: Array.from({ length: n }, () => item) } };
}

// ---------------------------------------------------------------------------------------------------
// Chat: POST /v1/chat/completions

/** [SDK chat/completions/completions.d.ts ChatCompletionMessageParam] the message roles. */
const CHAT_ROLES = ["developer", "system", "user", "assistant", "tool", "function"];

function checkChatRequest(body: Record<string, unknown>): Reply | null {
  // [API Chat] model and messages are required.
  if (body.model === undefined) return refuse("you must provide a model parameter", null, null);
  if (typeof body.model !== "string" || !/^(gpt-|o\d|chatgpt-)/.test(body.model)) return modelNotFound(String(body.model));
  if (body.messages === undefined) return missing("messages");
  if (!Array.isArray(body.messages) || !body.messages.length) return refuse("Invalid 'messages': empty array. Expected an array with minimum length 1, but got an empty array instead.", "messages", "empty_array");
  for (const [index, message] of body.messages.entries()) {
    if (!isObject(message) || !CHAT_ROLES.includes(message.role as string)) return invalidValue(`messages[${index}].role`, isObject(message) ? message.role : message, CHAT_ROLES);
    const content = message.content;
    const hasContent = typeof content === "string" || Array.isArray(content);
    // [API Chat] content is required on every message but an assistant message with tool calls.
    if (!hasContent && !(message.role === "assistant" && message.tool_calls)) return missing(`messages[${index}].content`);
  }
  // [SDK completions.d.ts temperature] "between 0 and 2".
  if (body.temperature !== undefined && body.temperature !== null && !isNumberIn(body.temperature, 0, 2)) {
    const below = typeof body.temperature === "number" && body.temperature < 0;
    return refuse(
      `Invalid 'temperature': decimal ${below ? "below minimum" : "above maximum"} value. Expected a value ${below ? ">= 0" : "<= 2"}, but got ${String(body.temperature)} instead.`,
      "temperature",
      below ? "decimal_below_min_value" : "decimal_above_max_value",
    );
  }
  // [SDK completions.d.ts top_p] a probability mass, 0 to 1.
  if (body.top_p !== undefined && body.top_p !== null && !isNumberIn(body.top_p, 0, 1)) return refuse("Invalid 'top_p': expected a number between 0 and 1.", "top_p", "invalid_value");
  // [SDK completions.d.ts max_tokens, max_completion_tokens] a positive integer; max_tokens is refused by the o-series models.
  for (const param of ["max_tokens", "max_completion_tokens"]) {
    if (body[param] !== undefined && body[param] !== null && !isIntegerIn(body[param], 1, Number.MAX_SAFE_INTEGER)) {
      return refuse(`Invalid '${param}': integer below minimum value. Expected a value >= 1.`, param, "integer_below_min_value");
    }
  }
  if (body.max_tokens !== undefined && body.max_completion_tokens !== undefined) return refuse("max_tokens and max_completion_tokens cannot both be set.", "max_tokens", "invalid_value");
  // [SDK completions.d.ts n] 1 to 128.
  if (body.n !== undefined && body.n !== null && !isIntegerIn(body.n, 1, 128)) return refuse("Invalid 'n': must be between 1 and 128.", "n", "invalid_value");
  return null;
}

// ---------------------------------------------------------------------------------------------------
// Speech: POST /v1/audio/speech

/** [SDK audio/speech.d.ts SpeechModel] */
const SPEECH_MODELS = ["tts-1", "tts-1-hd", "gpt-4o-mini-tts", "gpt-4o-mini-tts-2025-12-15"];
/** [SDK audio/speech.d.ts voice] the built-in voices. */
const ALL_VOICES = ["alloy", "ash", "ballad", "coral", "echo", "fable", "onyx", "nova", "sage", "shimmer", "verse", "marin", "cedar"];
/** [TTS] "tts-1 and tts-1-hd support alloy, ash, coral, echo, fable, onyx, nova, sage and shimmer". */
const TTS_1_VOICES = ["alloy", "ash", "coral", "echo", "fable", "onyx", "nova", "sage", "shimmer"];
export const SPEECH_VOICES: Record<string, readonly string[]> = { "tts-1": TTS_1_VOICES, "tts-1-hd": TTS_1_VOICES };
/** [SDK audio/speech.d.ts response_format] */
const SPEECH_FORMATS = ["mp3", "opus", "aac", "flac", "wav", "pcm"];
/** [SDK audio/speech.d.ts input] "The maximum length is 4096 characters." */
export const SPEECH_INPUT_MAX = 4096;

function checkSpeechRequest(body: Record<string, unknown>): Reply | null {
  if (body.model === undefined) return missing("model");
  if (typeof body.model !== "string" || !SPEECH_MODELS.includes(body.model)) return modelNotFound(String(body.model));
  if (body.input === undefined) return missing("input");
  if (typeof body.input !== "string") return refuse("Invalid 'input': expected a string.", "input", "invalid_type");
  // Characters, not UTF-16 code units.
  const length = [...body.input].length;
  if (length > SPEECH_INPUT_MAX) return tooLong("input", SPEECH_INPUT_MAX, length);
  if (body.voice === undefined) return missing("voice");
  const voices = SPEECH_VOICES[body.model] ?? ALL_VOICES;
  const customVoice = isObject(body.voice) && typeof body.voice.id === "string";
  if (!customVoice && !voices.includes(body.voice as string)) return invalidValue("voice", body.voice, voices);
  if (body.response_format !== undefined && !SPEECH_FORMATS.includes(body.response_format as string)) return invalidValue("response_format", body.response_format, SPEECH_FORMATS);
  // [SDK audio/speech.d.ts speed] "from 0.25 to 4.0".
  if (body.speed !== undefined && !isNumberIn(body.speed, 0.25, 4)) return refuse(`Invalid 'speed': expected a value between 0.25 and 4.0, but got ${String(body.speed)} instead.`, "speed", "invalid_value");
  // [SDK audio/speech.d.ts instructions] "Does not work with tts-1 or tts-1-hd."
  if (body.instructions !== undefined && SPEECH_VOICES[body.model]) return unknownParameter("instructions");
  return null;
}

// ---------------------------------------------------------------------------------------------------
// Transcriptions: POST /v1/audio/transcriptions (multipart/form-data)

/** [SDK audio/transcriptions.d.ts model] */
const TRANSCRIBE_MODELS = ["whisper-1", "gpt-4o-transcribe", "gpt-4o-mini-transcribe", "gpt-4o-mini-transcribe-2025-12-15", "gpt-4o-transcribe-diarize"];
/** [SDK audio/transcriptions.d.ts file] "in one of these formats: flac, mp3, mp4, mpeg, mpga, m4a, ogg, wav, or webm". */
const AUDIO_FORMATS = ["flac", "m4a", "mp3", "mp4", "mpeg", "mpga", "oga", "ogg", "wav", "webm"];
/** [API Audio, Speech to text guide] "File uploads are currently limited to 25 MB". */
export const TRANSCRIPTION_MAX_BYTES = 25 * 1024 * 1024;
/** [SDK audio/audio.d.ts AudioResponseFormat] */
const TRANSCRIPTION_FORMATS = ["json", "text", "srt", "verbose_json", "vtt", "diarized_json"];

async function checkTranscriptionRequest(request: RecordedRequest): Promise<Reply | null> {
  const type = request.headers["content-type"] ?? "";
  if (!type.startsWith("multipart/form-data")) return refuse("Invalid Content-Type header: expected multipart/form-data.", null, null);
  if (request.body.length > TRANSCRIPTION_MAX_BYTES) return refuse(`Maximum content size limit (${TRANSCRIPTION_MAX_BYTES}) exceeded (${request.body.length} bytes read)`, null, null, 413);
  let form: FormData;
  try {
    form = await new Request("http://stand-in/", { method: "POST", headers: { "content-type": type }, body: new Uint8Array(request.body) }).formData();
  } catch {
    return refuse("Could not parse multipart form", null, null);
  }
  const model = form.get("model");
  if (model === null) return missing("model");
  if (typeof model !== "string" || !TRANSCRIBE_MODELS.includes(model)) return modelNotFound(String(model));
  const file = form.get("file");
  if (file === null) return missing("file");
  if (typeof file === "string") return refuse("Invalid 'file': expected a file upload.", "file", "invalid_type");
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase();
  if (!extension || !AUDIO_FORMATS.includes(extension)) return refuse(`Invalid file format. Supported formats: ${JSON.stringify(AUDIO_FORMATS)}`, "file", "invalid_value");
  const format = form.get("response_format");
  if (format !== null && !TRANSCRIPTION_FORMATS.includes(format as string)) return invalidValue("response_format", format, TRANSCRIPTION_FORMATS);
  // [SDK audio/transcriptions.d.ts language] ISO-639-1, two letters.
  const language = form.get("language");
  if (language !== null && !/^[a-z]{2}$/.test(language as string)) return invalidValue("language", language, ["an ISO-639-1 code"]);
  const temperature = form.get("temperature");
  if (temperature !== null && !isNumberIn(Number(temperature), 0, 1)) return refuse("Invalid 'temperature': expected a value between 0 and 1.", "temperature", "invalid_value");
  return null;
}

// ---------------------------------------------------------------------------------------------------

export interface OpenAiStandIn extends StandInServer {
  /** The base URL for the SDK and OPENAI_BASE_URL, with its version path. */
  readonly baseURL: string;
  readonly apiKey: string;
  /** What the stand-in answers to valid requests; tests change them. */
  replies: { chat: string; transcript: string; speech: Buffer; image: Buffer | null };
  /** Every valid request is answered with this status and an OpenAI error instead (a provider outage). */
  failWith: number | null;
}

export const STAND_IN_MP3 = Buffer.concat([Buffer.from("ID3"), Buffer.from([4, 0, 0, 0, 0, 0, 0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(32, 7)]);

/** Starts the stand-in; only requests bearing `apiKey` are served ([ERR] 401). */
export async function startOpenAiStandIn({ apiKey = "sk-test-stand-in" }: { apiKey?: string } = {}): Promise<OpenAiStandIn> {
  const state: Pick<OpenAiStandIn, "replies" | "failWith"> = {
    replies: { chat: "Hello from the stand-in.", transcript: "hello", speech: STAND_IN_MP3, image: null },
    failWith: null,
  };

  const handle = async (request: RecordedRequest): Promise<Reply> => {
    // [ERR] 401 Invalid Authentication: the key travels as `Authorization: Bearer {key}`.
    const authorization = request.headers.authorization;
    if (!authorization?.startsWith("Bearer ")) {
      return refuse("You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).", null, "invalid_api_key", 401);
    }
    if (authorization.slice("Bearer ".length) !== apiKey) return refuse("Incorrect API key provided.", null, "invalid_api_key", 401);
    const path = request.path.split("?")[0];
    if (request.method !== "POST") return refuse(`Invalid URL (${request.method} ${path})`, null, null, 404);

    let refusal: Reply | null;
    if (path === "/v1/audio/transcriptions") {
      refusal = await checkTranscriptionRequest(request);
    } else {
      const body = jsonBody(request);
      // [ERR] a body that is not JSON is a 400.
      if (!isObject(body)) return refuse("We could not parse the JSON body of your request.", null, null);
      if (path === "/v1/chat/completions") refusal = checkChatRequest(body);
      else if (path === "/v1/audio/speech") refusal = checkSpeechRequest(body);
      else if (path === "/v1/images/generations") refusal = checkImageRequest(body);
      else return refuse(`Invalid URL (POST ${path})`, null, null, 404);
      if (!refusal && state.failWith) return failure(state.failWith);
      if (refusal) return refusal;
      if (path === "/v1/chat/completions") {
        return {
          status: 200,
          json: {
            id: "chatcmpl-stand-in",
            object: "chat.completion",
            created: Math.floor(Date.now() / 1000),
            model: body.model,
            choices: [{ index: 0, finish_reason: "stop", logprobs: null, message: { role: "assistant", content: state.replies.chat, refusal: null } }],
          },
        };
      }
      if (path === "/v1/audio/speech") return { status: 200, headers: { "content-type": "audio/mpeg" }, body: state.replies.speech };
      return imageReply(body, state.replies.image);
    }
    if (refusal) return refusal;
    if (state.failWith) return failure(state.failWith);
    return { status: 200, json: { text: state.replies.transcript } };
  };

  const server = await startStandInServer(handle);
  // The handler reads `state`, so tests change the replies and failures on the object returned.
  return Object.assign(state, server, { baseURL: `${server.url}/v1`, apiKey });
}

/** [ERR] an outage or rate limit, as OpenAI answers it; retry-after-ms keeps the SDK's one retry quick. */
function failure(status: number): Reply {
  const type = status === 429 ? "requests" : status === 401 ? "invalid_request_error" : "server_error";
  const message = status === 429 ? "Rate limit reached for requests" : status === 401 ? "Incorrect API key provided." : "The server had an error while processing your request. Sorry about that!";
  const code = status === 429 ? "rate_limit_exceeded" : status === 401 ? "invalid_api_key" : null;
  return { status, headers: { "retry-after-ms": "1" }, json: { error: { message, type, param: null, code } } satisfies OpenAiError };
}
