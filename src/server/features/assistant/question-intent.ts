import { EVENT_CATEGORIES, formatEventDate, formatPounds, formatShortDay, type EventCategory } from "../../../domain";
import { addDays, isValidDay, ukDayOf, ukInstant, weekdayOf, type UkDay } from "./uk-calendar";

/**
 * What a visitor's question asks of the catalogue: categories, places, a time window and a price
 * limit, read with plain word rules (the built-in assistant of decisions D19 has no language model).
 */
export interface QuestionIntent {
  categories: EventCategory[];
  /** Place names as the catalogue writes them (or as typed, for a place it does not know). */
  places: string[];
  window: TimeWindow | null;
  price: PriceFilter | null;
  /** Remaining words worth searching titles and descriptions for. */
  keywords: string[];
  /** The question asks for events in general ("what's on?"). */
  wantsEvents: boolean;
}

export interface TimeWindow {
  /** "this weekend (Sat 6 – Sun 7 Dec)", "today", "in December 2026" */
  label: string;
  start: Date;
  end: Date;
}

export type PriceFilter = { kind: "free" } | { kind: "max"; maxPence: number; label: string };

/** Words that name each category (spec §3 categories); a word may name only one. */
const CATEGORY_WORDS: Record<EventCategory, string[]> = {
  music: ["music", "musical", "gig", "gigs", "concert", "concerts", "band", "bands", "dj", "djs", "jazz", "rock", "pop", "folk", "classical", "orchestra", "opera", "choir", "open mic", "live music", "rave", "club night"],
  comedy: ["comedy", "comedies", "comedian", "comedians", "stand-up", "standup", "stand up", "funny", "improv", "laughs"],
  arts: ["art", "arts", "exhibition", "exhibitions", "gallery", "galleries", "theatre", "theater", "theatres", "plays", "dance", "ballet", "poetry", "craft", "crafts", "painting", "museum"],
  technology: ["tech", "technology", "coding", "developer", "developers", "hackathon", "hackathons", "software", "startup", "startups", "programming"],
  business: ["business", "networking", "conference", "conferences", "entrepreneur", "entrepreneurs", "marketing", "finance", "summit"],
  entertainment: ["entertainment", "family", "kids", "children", "quiz", "quizzes", "magic", "circus", "cinema", "film", "films", "movie", "movies", "party", "parties", "festival", "festivals"],
  sports: ["sport", "sports", "football", "rugby", "cricket", "tennis", "running", "race", "races", "marathon", "cycling", "boxing", "golf", "matches"],
  education: ["education", "workshop", "workshops", "course", "courses", "class", "classes", "lecture", "lectures", "talks", "seminar", "seminars", "learning"],
  health: ["health", "wellness", "wellbeing", "yoga", "fitness", "meditation", "pilates", "mindfulness", "retreat"],
  food: ["food", "foodie", "restaurant", "restaurants", "dining", "dinner", "lunch", "brunch", "breakfast", "eating", "drinks", "wine", "beer", "cocktails", "tasting", "street food", "supper club", "cafe", "cafes"],
  "ongoing-business": ["ongoing business", "ongoing businesses", "shop", "shops", "local business", "local businesses"],
  other: [],
};

const ALL_CATEGORY_WORDS = new Set(Object.values(CATEGORY_WORDS).flatMap((words) => words.filter((word) => !word.includes(" "))));

const EVENT_WORDS = /\b(events?|gigs?|shows?|what'?s on|whats on|on tonight|happening|going on|things to do|something to do|anything on|nights? out|days? out|activities|listings?|recommend|suggest|tickets? for)\b/;

const MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];
const MONTH_ABBREVIATIONS: Record<string, number> = { jan: 1, feb: 2, mar: 3, apr: 4, jun: 6, jul: 7, aug: 8, sep: 9, sept: 9, oct: 10, nov: 11, dec: 12 };
const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];

function monthNumber(word: string): number | null {
  const index = MONTHS.indexOf(word);
  if (index >= 0) return index + 1;
  return MONTH_ABBREVIATIONS[word] ?? null;
}

const MONTH_PATTERN = `(${MONTHS.join("|")}|${Object.keys(MONTH_ABBREVIATIONS).join("|")})`;

/** Words that carry no search meaning (question words, filler, and words the rules above consume). */
const STOP_WORDS = new Set(
  (
    "a about above after again all also am an and any anything anywhere are around as at be been being best book booking buy can cheap cheaper could day days do does doing find for " +
    "free from get go going good great have help here hi hello hey how i i'd i'm id im in interested is it its it's know let like list looking me more most my near nearby need next " +
    "night nights of on or our out please price prices recommend see show shows some something soon suggest tell than that the their them there these things this those to today " +
    "tomorrow tonight under up upcoming us want was we week weekend weekends what what's whats when where which who will with within would you your month months year cost costs " +
    "pounds pound quid gbp below less max maximum most least budget affordable inexpensive cheapest event events ticket tickets gig happening anyone anybody place places local " +
    "time times date dates fun nice new any"
  ).split(" "),
);

const NOT_PLACES = new Set(["the evening", "the morning", "the afternoon", "the day", "town", "the city", "the area", "person", "advance", "total", "general", "particular", "mind", "my area", "the uk", "uk", "england", "britain"]);

export interface ParseOptions {
  message: string;
  now: Date;
  /** Place names the live catalogue knows (locations and their parts, venues). */
  knownPlaces: readonly string[];
}

export function normaliseQuestion(message: string): string {
  return message
    .toLowerCase()
    .replace(/[‘’`]/g, "'")
    .replace(/[–—]/g, "-")
    .replace(/\s+/g, " ")
    .trim();
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function wordPattern(phrase: string): RegExp {
  return new RegExp(`(^|[^a-z0-9])${escapeRegExp(phrase)}(?=$|[^a-z0-9])`);
}

export function parseQuestion({ message, now, knownPlaces }: ParseOptions): QuestionIntent {
  const text = normaliseQuestion(message);
  const consumed: string[] = [];

  const categories = (Object.keys(CATEGORY_WORDS) as EventCategory[]).filter((category) =>
    CATEGORY_WORDS[category].some((word) => {
      if (!wordPattern(word).test(text)) return false;
      consumed.push(...word.split(" "));
      return true;
    }),
  );

  const places = findPlaces(text, knownPlaces, consumed);
  const window = parseTimeWindow(text, now);
  const price = parsePrice(text);

  const keywords = [
    ...new Set(
      text
        .replace(/£?\d+(\.\d+)?/g, " ")
        .split(/[^a-z'-]+/)
        .map((word) => word.replace(/^['-]+|['-]+$/g, ""))
        .filter((word) => word.length >= 3 && !STOP_WORDS.has(word) && !consumed.includes(word) && !MONTHS.includes(word) && !WEEKDAYS.includes(word)),
    ),
  ].slice(0, 4);

  return { categories, places, window, price, keywords, wantsEvents: EVENT_WORDS.test(text) };
}

/** Known places named anywhere in the text, and a place after "in"/"near" even when unknown. */
function findPlaces(text: string, knownPlaces: readonly string[], consumed: string[]): string[] {
  const found: string[] = [];
  const byLength = [...new Set(knownPlaces.map((place) => place.trim()).filter((place) => place.length >= 3))].sort((a, b) => b.length - a.length);
  let remaining = text;
  for (const place of byLength) {
    const pattern = wordPattern(place.toLowerCase());
    if (!pattern.test(remaining)) continue;
    if (!found.some((known) => known.toLowerCase() === place.toLowerCase())) found.push(place);
    remaining = remaining.replace(pattern, "$1 ");
    consumed.push(...place.toLowerCase().split(/\s+/));
  }

  const stop = "this|next|today|tonight|tomorrow|on|for|under|below|over|at|with|and|or|during|from|before|after|around|near|that|which|please|in";
  const named = new RegExp(`\\b(?:in|near|around)\\s+((?:the\\s+)?[a-z][a-z'-]*(?:\\s+(?!(?:${stop})\\b)[a-z][a-z'-]*){0,2})`).exec(remaining);
  if (named) {
    const candidate = named[1]!.trim();
    const words = candidate.split(" ");
    const isTimeOrFilter =
      monthNumber(words[0]!) !== null ||
      WEEKDAYS.includes(words[0]!) ||
      NOT_PLACES.has(candidate) ||
      words.every((word) => STOP_WORDS.has(word)) ||
      words.some((word) => ALL_CATEGORY_WORDS.has(word));
    if (!isTimeOrFilter && !found.length) {
      found.push(candidate.replace(/(^|\s)([a-z])/g, (_, space: string, letter: string) => space + letter.toUpperCase()));
      consumed.push(...words);
    }
  }
  return found;
}

function parsePrice(text: string): PriceFilter | null {
  const cap = /\b(under|below|less than|cheaper than|up to|max(?:imum)?|no more than|at most|within)\s*(?:of\s*)?£\s*(\d+(?:\.\d{1,2})?)|\b(under|below|less than|cheaper than|up to|max(?:imum)?|no more than|at most)\s*(\d+(?:\.\d{1,2})?)\s*(?:pounds?|quid|gbp)\b/.exec(text);
  if (cap) {
    const word = cap[1] ?? cap[3]!;
    const pence = Math.round(Number(cap[2] ?? cap[4]) * 100);
    const strict = ["under", "below", "less than", "cheaper than"].includes(word);
    return strict
      ? { kind: "max", maxPence: pence - 1, label: `under ${formatPounds(pence)}` }
      : { kind: "max", maxPence: pence, label: `at ${formatPounds(pence)} or less` };
  }
  if (/\bfree\b/.test(text) && !/\bfeel free\b/.test(text)) return { kind: "free" };
  if (/\b(cheap|cheaper|cheapest|budget|affordable|inexpensive|low[- ]cost)\b/.test(text)) return { kind: "max", maxPence: 2000, label: `at ${formatPounds(2000)} or less` };
  return null;
}

function dayLabel(day: UkDay): string {
  // Noon UTC falls on the same UK day whatever the season.
  return formatShortDay(new Date(Date.UTC(day.year, day.month - 1, day.day, 12))) ?? "";
}

function span(start: UkDay, endExclusive: UkDay) {
  return { start: ukInstant(start), end: ukInstant(endExclusive) };
}

/** The first time window named in the text, in UK time; windows already begun start now. */
export function parseTimeWindow(text: string, now: Date): TimeWindow | null {
  const today = ukDayOf(now);
  const weekday = weekdayOf(today);
  const clip = (window: TimeWindow): TimeWindow => ({ ...window, start: window.start < now ? now : window.start });

  const date = parseDate(text, today);
  if (date) {
    const onDay = formatEventDate(ukInstant(date.day, 12));
    return clip({ label: `on ${onDay}`, ...span(date.day, addDays(date.day, 1)) });
  }

  // Past windows are recognised so the answer can say they have passed rather than ignore them.
  if (/\byesterday\b|\blast night\b/.test(text)) return { label: "yesterday", ...span(addDays(today, -1), today) };
  if (/\blast weekend\b/.test(text)) return { label: "last weekend", ...span(addDays(today, -weekday - 2), addDays(today, -weekday)) };
  if (/\blast week\b/.test(text)) return { label: "last week", ...span(addDays(today, -weekday - 7), addDays(today, -weekday)) };
  if (/\blast month\b/.test(text)) {
    const first: UkDay = today.month === 1 ? { year: today.year - 1, month: 12, day: 1 } : { year: today.year, month: today.month - 1, day: 1 };
    return { label: "last month", ...span(first, { ...today, day: 1 }) };
  }
  if (/\btonight\b|\bthis evening\b/.test(text)) {
    return clip({ label: "tonight", start: ukInstant(today, 17), end: ukInstant(addDays(today, 1)) });
  }
  if (/\btoday\b/.test(text)) return clip({ label: "today", ...span(today, addDays(today, 1)) });
  if (/\btomorrow\b/.test(text)) {
    const tomorrow = addDays(today, 1);
    return { label: "tomorrow", ...span(tomorrow, addDays(tomorrow, 1)) };
  }
  const weekend = /\b(this|next|the|coming)?\s*weekend\b/.exec(text);
  if (weekend) {
    // On a Saturday or Sunday, "this weekend" is the one under way.
    let saturday = addDays(today, 5 - weekday);
    if (weekend[1] === "next") saturday = addDays(saturday, 7);
    const label = `${weekend[1] === "next" ? "next weekend" : "this weekend"} (${dayLabel(saturday)} – ${dayLabel(addDays(saturday, 1))})`;
    return clip({ label, ...span(saturday, addDays(saturday, 2)) });
  }
  const monday = addDays(today, -weekday);
  if (/\bnext week\b/.test(text)) return { label: "next week", ...span(addDays(monday, 7), addDays(monday, 14)) };
  if (/\bthis week\b|\bthe week\b/.test(text)) return clip({ label: "this week", ...span(monday, addDays(monday, 7)) });
  const firstOfMonth: UkDay = { ...today, day: 1 };
  const nextMonth = monthAfter(firstOfMonth);
  if (/\bnext month\b/.test(text)) return { label: "next month", ...span(nextMonth, monthAfter(nextMonth)) };
  if (/\bthis month\b/.test(text)) return clip({ label: "this month", ...span(firstOfMonth, nextMonth) });

  const named = new RegExp(`\\b(?:on\\s+)?(?:this\\s+|next\\s+)?(${WEEKDAYS.join("|")})\\b`).exec(text);
  if (named) {
    const target = WEEKDAYS.indexOf(named[1]!);
    let day = addDays(today, (target - weekday + 7) % 7);
    if (/\bnext\s+\w+day\b/.test(named[0]) && day.day === today.day && day.month === today.month) day = addDays(day, 7);
    return clip({ label: `on ${formatEventDate(ukInstant(day, 12))}`, ...span(day, addDays(day, 1)) });
  }

  // "in December", "during March", "for May", "this June" (a bare "may" or "march" is too often a verb).
  const month = new RegExp(`\\b(in|during|for|this|next|throughout)\\s+${MONTH_PATTERN}\\b|\\b(january|february|april|june|july|august|september|october|november|december)\\b`).exec(text);
  if (month) {
    const number = monthNumber(month[2] ?? month[3]!)!;
    let first: UkDay = { year: today.year, month: number, day: 1 };
    if (number < today.month) first = { ...first, year: today.year + 1 };
    const label = `in ${MONTHS[number - 1]!.charAt(0).toUpperCase()}${MONTHS[number - 1]!.slice(1)} ${first.year}`;
    return clip({ label, ...span(first, monthAfter(first)) });
  }
  return null;
}

function monthAfter(first: UkDay): UkDay {
  return first.month === 12 ? { year: first.year + 1, month: 1, day: 1 } : { year: first.year, month: first.month + 1, day: 1 };
}

/** "12 December", "12th of Dec 2026", "December 12", "12/12", "12/12/2026" (UK order: day first). */
function parseDate(text: string, today: UkDay): { day: UkDay } | null {
  let day: number | null = null;
  let month: number | null = null;
  let year: number | null = null;
  const numeric = /\b(\d{1,2})\/(\d{1,2})(?:\/(\d{2}|\d{4}))?\b/.exec(text);
  const dayFirst = new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH_PATTERN}\\b(?:,?\\s+(\\d{4}))?`).exec(text);
  const monthFirst = new RegExp(`\\b${MONTH_PATTERN}\\s+(\\d{1,2})(?:st|nd|rd|th)?\\b(?:,?\\s+(\\d{4}))?`).exec(text);
  if (numeric) {
    day = Number(numeric[1]);
    month = Number(numeric[2]);
    if (numeric[3]) year = numeric[3].length === 2 ? 2000 + Number(numeric[3]) : Number(numeric[3]);
  } else if (dayFirst) {
    day = Number(dayFirst[1]);
    month = monthNumber(dayFirst[2]!);
    if (dayFirst[3]) year = Number(dayFirst[3]);
  } else if (monthFirst) {
    month = monthNumber(monthFirst[1]!);
    day = Number(monthFirst[2]);
    if (monthFirst[3]) year = Number(monthFirst[3]);
  }
  if (day === null || month === null) return null;
  let candidate: UkDay = { year: year ?? today.year, month, day };
  if (!isValidDay(candidate)) return null;
  // Without a year, a date already gone this year means next year's.
  const isPast = candidate.month < today.month || (candidate.month === today.month && candidate.day < today.day);
  if (year === null && isPast) candidate = { ...candidate, year: today.year + 1 };
  return { day: candidate };
}

/** The category list as words a visitor would read ("comedy", "food"). */
export function categoryWord(category: EventCategory): string {
  if (category === "ongoing-business") return "ongoing business";
  return EVENT_CATEGORIES.find((entry) => entry.value === category)!.value;
}
