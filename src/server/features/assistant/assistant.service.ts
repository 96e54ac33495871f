import type { FastifyBaseLogger } from "fastify";
import { AppError, BRAND, MAX_RECORDING_BYTES, cardPriceRule, categoryLabel, formatEventDate, formatEventTime, isBusinessListing } from "../../../domain";
import type { Db } from "../../db/client";
import { enforceRateLimit, type RateLimitRule } from "../../lib/rate-limiter";
import type { AiService } from "../../providers/ai/ai";
import { sniffAudioType } from "./audio-type";
import { knownPlaces, searchCatalogue, type CatalogueFilters, type MatchedEvent } from "./catalogue-search";
import { helpFactsText, matchHelpTopics, type HelpFacts } from "../../../domain";
import { categoryWord, normaliseQuestion, parseQuestion, type QuestionIntent } from "./question-intent";

/** spec §2 Assistant overlay: a reply lists at most this many events, with a link to the rest. */
export const MAX_LISTED_EVENTS = 5;

export interface AssistantParams {
  db: Db;
  message: string;
  facts: HelpFacts;
  now?: Date;
}

/**
 * chat-completion (spec §7): with an AI service, its reply grounded by the help facts and the events
 * matching the question; without one, the built-in assistant's own answer (decisions D19).
 */
export async function chatCompletion({ ai, ...params }: AssistantParams & { ai: AiService | null }): Promise<string> {
  if (!ai) return answerQuestion(params);
  const context = await groundingContext(params);
  return ai.chat({ message: params.message, context });
}

const GREETING = /^(hi|hello|hey|hiya|good (morning|afternoon|evening)|yo|howdy)\b[\s!.,]*(there)?[\s!.,]*$/;
const ABOUT_ME = /\b(what can you do|what do you do|who are you|what are you|how can you help|what can i ask)\b/;
const THANKS = /^(thanks|thank you|cheers|ta|great|perfect|ok|okay)\b.{0,20}$/;

const WHAT_I_DO =
  "I can find events for you (try 'comedy in London this weekend' or 'free events this month') and answer questions about tickets, refunds and fees.";

/** The built-in assistant's answer: help topics, the live catalogue, or a pointer to where to look. */
export async function answerQuestion({ db, message, facts, now = new Date() }: AssistantParams): Promise<string> {
  const text = normaliseQuestion(message);
  if (GREETING.test(text)) return `Hello! I'm the ${BRAND.name} assistant. ${WHAT_I_DO}`;
  if (ABOUT_ME.test(text)) return `I'm the ${BRAND.name} assistant. ${WHAT_I_DO}`;
  if (THANKS.test(text)) return "You're welcome! Ask me anything else about events or tickets.";

  const topics = matchHelpTopics(text);
  const intent = parseQuestion({ message, now, knownPlaces: await knownPlaces({ db, now }) });
  const hasFilters = intent.categories.length > 0 || intent.places.length > 0 || intent.window !== null || intent.price !== null;
  const helpAnswers = topics.map((topic) => topic.answer(facts));

  if (hasFilters || (intent.wantsEvents && topics.length === 0)) {
    const events = await describeMatches({ db, intent, now });
    return [...helpAnswers, events].join("\n\n");
  }
  if (helpAnswers.length) return helpAnswers.join("\n\n");

  if (intent.keywords.length) {
    const found = await searchCatalogue({ db, filters: { ...NO_FILTERS, keywords: intent.keywords }, now, limit: MAX_LISTED_EVENTS });
    if (found.events.length) {
      const query = intent.keywords.join(" ");
      return [
        `Here ${found.total === 1 ? "is the upcoming event" : "are upcoming events"} matching “${query}”:`,
        ...found.events.map(eventLine),
        ...(found.total > found.events.length ? [`[See all ${found.total} matches](${eventsPath({ q: query })})`] : []),
      ].join("\n");
    }
    return `I couldn't find anything about “${intent.keywords.join(" ")}” — try [searching all events](${eventsPath({ q: intent.keywords.join(" ") })}). ${WHAT_I_DO}`;
  }
  return `I'm not sure I understood that. ${WHAT_I_DO} You can also browse [all events](/events) or [contact us](/contact).`;
}

const NO_FILTERS: CatalogueFilters = { categories: [], places: [], window: null, price: null, keywords: [] };

async function describeMatches({ db, intent, now }: { db: Db; intent: QuestionIntent; now: Date }): Promise<string> {
  let description = describeRequest(intent);
  const browse = browseLink(intent);
  if (intent.window && intent.window.end <= now) {
    return `${capitalise(intent.window.label)} has already passed, and I only look up upcoming events — try [browsing what's on](${browse.path}).`;
  }
  // Leftover words ("salsa classes in Bristol") narrow the search when anything still matches.
  let found = intent.keywords.length ? await searchCatalogue({ db, filters: intent, now, limit: MAX_LISTED_EVENTS }) : null;
  if (found?.events.length) description += ` matching “${intent.keywords.join(" ")}”`;
  else found = await searchCatalogue({ db, filters: { ...intent, keywords: [] }, now, limit: MAX_LISTED_EVENTS });
  if (!found.events.length) return (await offerNextMatches({ db, intent, now })) ?? `I couldn't find any upcoming ${description} — try [${browse.label}](${browse.path}).`;
  const intro =
    found.total === 1
      ? `I found 1 upcoming ${singular(description)}:`
      : found.total > found.events.length
        ? `I found ${found.total} upcoming ${description}. Here are the first ${found.events.length}:`
        : `I found ${found.total} upcoming ${description}:`;
  const more = found.total > found.events.length ? [`[See more on the Events page](${browse.path})`] : [];
  return [intro, ...found.events.map(eventLine), ...more].join("\n");
}

/**
 * Nothing in the asked window or place: say so, and offer the next events of the same kind, first in
 * the same place on later dates, else the next of that category anywhere. Null when there are none either.
 */
async function offerNextMatches({ db, intent, now }: { db: Db; intent: QuestionIntent; now: Date }): Promise<string | null> {
  const asked = intent.window ? describeRequest(intent) : `upcoming ${describeRequest(intent)}`;
  const relaxations: { filters: CatalogueFilters; lead: string }[] = [];
  if (intent.window) relaxations.push({ filters: { ...intent, window: null, keywords: [] }, lead: "" });
  if (intent.places.length && intent.categories.length) {
    relaxations.push({ filters: { ...intent, window: null, places: [], keywords: [] }, lead: intent.window ? `, nor later in ${intent.places.join(" or ")}` : "" });
  }
  for (const { filters, lead } of relaxations) {
    const found = await searchCatalogue({ db, filters, now, limit: MAX_LISTED_EVENTS });
    if (!found.events.length) continue;
    const offered = describeRequest(filters);
    const anywhere = intent.places.length && !filters.places.length ? " anywhere" : "";
    const browse = browseLink({ ...intent, ...filters });
    return [
      `There are no ${asked}${lead}. Here ${found.total === 1 ? `is the next ${singular(offered)}` : `are the next ${offered}`}${anywhere}:`,
      ...found.events.map(eventLine),
      ...(found.total > found.events.length ? [`[See more on the Events page](${browse.path})`] : []),
    ].join("\n");
  }
  return null;
}

/** "free comedy events in London this weekend (Sat 6 – Sun 7 Dec)" */
export function describeRequest(intent: Pick<QuestionIntent, "categories" | "places" | "window" | "price">): string {
  const words: string[] = [];
  if (intent.price?.kind === "free") words.push("free");
  if (intent.categories.length) words.push(intent.categories.map(categoryWord).join(" or "));
  words.push("events");
  if (intent.places.length) words.push(`in ${intent.places.join(" or ")}`);
  if (intent.window) words.push(intent.window.label);
  if (intent.price?.kind === "max") words.push(intent.price.label);
  return words.join(" ");
}

function singular(description: string): string {
  return description.replace(/\bevents\b/, "event");
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A path on /events that shows the same kind of events (spec §2 All Events query). */
function browseLink(intent: QuestionIntent): { label: string; path: string } {
  const category = intent.categories.length === 1 ? intent.categories[0] : undefined;
  const q = intent.places[0];
  if (!category && !q) return { label: "browsing all events", path: "/events" };
  const label = q ? `searching events for “${q}”` : `all ${categoryWord(category!)} events`;
  return { label, path: eventsPath({ category, q }) };
}

function eventsPath(params: { category?: string; q?: string }): string {
  const search = new URLSearchParams();
  if (params.category) search.set("category", params.category);
  if (params.q) search.set("q", params.q);
  const query = search.toString().replace(/\(/g, "%28").replace(/\)/g, "%29");
  return query ? `/events?${query}` : "/events";
}

/** Link text may not hold the brackets that delimit it. */
function linkText(title: string): string {
  return title.replace(/\[/g, "(").replace(/\]/g, ")").replace(/\s+/g, " ").trim();
}

function placeOf(event: MatchedEvent): string {
  const venue = event.venue?.trim();
  if (!venue || event.location.toLowerCase().includes(venue.toLowerCase())) return event.location;
  return `${venue}, ${event.location}`;
}

/** "- [Title](/events/id) — Sat, 6 Dec 2026 at 19:30 · The Venue, Town · £12.50" (decisions D16 formats). */
export function eventLine(event: MatchedEvent): string {
  const parts = [placeOf(event)];
  const kind = { category: event.category, businessType: event.businessType, pricePence: event.pricePence, severalPrices: event.severalPrices };
  // Restaurants and ongoing businesses have no date or ticket price, only a place.
  if (isBusinessListing(kind)) {
    parts.push(`${categoryLabel(event.category, "Business")} listing`);
  } else {
    parts.unshift(`${formatEventDate(event.dateTime)} at ${formatEventTime(event.dateTime)}`);
    // The all-in price a card shows (D21).
    parts.push(cardPriceRule({ ...kind, absorbsBookingFee: event.absorbsBookingFee }).priceText);
  }
  return `- [${linkText(event.title)}](/events/${event.id}) — ${parts.join(" · ")}`;
}

/** What the AI service is told: today's date, every help fact, and the live events that fit the question. */
export async function groundingContext({ db, message, facts, now = new Date() }: AssistantParams): Promise<string> {
  const intent = parseQuestion({ message, now, knownPlaces: await knownPlaces({ db, now }) });
  const hasFilters = intent.categories.length > 0 || intent.places.length > 0 || intent.window !== null || intent.price !== null;
  let heading = `Upcoming events matching the question (${describeRequest(intent)})`;
  let found = hasFilters ? await searchCatalogue({ db, filters: { ...intent, keywords: [] }, now, limit: 8 }) : null;
  if (!hasFilters && intent.keywords.length) {
    found = await searchCatalogue({ db, filters: { ...NO_FILTERS, keywords: intent.keywords }, now, limit: 8 });
    heading = `Upcoming events mentioning “${intent.keywords.join(" ")}”`;
  }
  if (!found || (!found.events.length && !hasFilters)) {
    found = await searchCatalogue({ db, filters: NO_FILTERS, now, limit: 8 });
    heading = "The next upcoming events";
  }
  const eventsText = found.events.length ? found.events.map(eventLine).join("\n") : "- None: no upcoming event matches.";
  return [
    `Today is ${formatEventDate(now)}, ${formatEventTime(now)} UK time.`,
    "",
    "Help facts:",
    helpFactsText(facts),
    "",
    `${heading}; ${found.total} in all:`,
    eventsText,
  ].join("\n");
}

/** Per minute, per signed-in user and per address: a conversation, and the costlier audio calls. */
const CHAT_LIMIT: RateLimitRule = { limit: 30, windowSeconds: 60 };
const AUDIO_LIMIT: RateLimitRule = { limit: 10, windowSeconds: 60 };

const NO_SPEECH_SERVICE = "No speech service is configured on this site: the assistant uses your browser's own speech recognition and speech synthesis instead.";

/** Who is asking: the address always, and the user when signed in. */
interface Asker {
  clientIp: string;
  userId: string | undefined;
}

async function limitAsker(db: Db, name: string, rule: RateLimitRule, { clientIp, userId }: Asker) {
  const message = (seconds: number) => `Too many requests to the assistant. Please wait ${seconds} seconds and try again.`;
  await enforceRateLimit(db, [
    { key: `${name}:ip:${clientIp}`, rule, message, detailsInBody: true },
    ...(userId ? [{ key: `${name}:user:${userId}`, rule, message, detailsInBody: true }] : []),
  ]);
}

function requireAi(ai: AiService | null, log: FastifyBaseLogger): AiService {
  if (ai) return ai;
  log.debug("speech function called without an AI service");
  throw new AppError("AI_UNAVAILABLE", NO_SPEECH_SERVICE);
}

/** POST /api/functions/chat-completion: the assistant's reply, within the asker's limit. */
export async function answerChat({ db, ai, asker, message, supportEmail }: { db: Db; ai: AiService | null; asker: Asker; message: string; supportEmail: string }) {
  await limitAsker(db, "chat-completion", CHAT_LIMIT, asker);
  return { reply: await chatCompletion({ db, ai, message, facts: { supportEmail } }) };
}

/** POST /api/functions/speech-to-text: the text of a recording (base64), through the AI service only. */
export async function speechToText({ db, ai, asker, audio: base64, log }: { db: Db; ai: AiService | null; asker: Asker; audio: string; log: FastifyBaseLogger }) {
  await limitAsker(db, "assistant-audio", AUDIO_LIMIT, asker);
  const service = requireAi(ai, log);
  const audio = Buffer.from(base64, "base64");
  if (audio.length > MAX_RECORDING_BYTES) {
    throw new AppError("RECORDING_TOO_LARGE", "The recording is too long (5 MB at most). Please record a shorter message.");
  }
  const mimeType = sniffAudioType(audio);
  if (!mimeType) throw new AppError("VALIDATION_FAILED", "Invalid body field 'audio': not a recording in a known audio format (webm, ogg, mp4, mp3 or wav)");
  return { text: await service.transcribe({ audio, mimeType }) };
}

/** POST /api/functions/text-to-speech: MP3 (base64) of the text in the given voice, through the AI service only. */
export async function textToSpeech({
  db,
  ai,
  asker,
  text,
  voice,
  log,
}: {
  db: Db;
  ai: AiService | null;
  asker: Asker;
  text: string;
  voice: Parameters<AiService["speak"]>[0]["voice"];
  log: FastifyBaseLogger;
}) {
  await limitAsker(db, "assistant-audio", AUDIO_LIMIT, asker);
  const service = requireAi(ai, log);
  const audio = await service.speak({ text, voice });
  return { audioContent: audio.toString("base64") };
}
