import { Drama, Laugh, Music, Speaker, Trophy, UtensilsCrossed, type LucideIcon } from "lucide-react";
import type { EventSummary } from "@domain";
import { paths } from "~/paths";

export interface CategorySlide {
  id: string;
  title: string;
  description: string;
  /** The /events category filter the slide links to. */
  category: string;
  /** Brand colour of the slide: dots, glow and call to action. */
  colour: string;
  /** CSS gradient art, used alone or behind the poster of an upcoming event in the category. */
  art: string;
  icon: LucideIcon;
  /** The events whose poster may illustrate the slide. */
  matches: (event: EventSummary) => boolean;
}

const text = (event: EventSummary) => `${event.title} ${event.description ?? ""}`.toLowerCase();
const inCategory = (event: EventSummary, ...categories: string[]) => categories.includes((event.category ?? "").toLowerCase());
const isReggae = (event: EventSummary) => /\b(reggae|dub|ska|dancehall|sound ?system)\b/.test(text(event));

/** The six slides of the home page's category carousel (spec §2 Home, item 2), in the spec's order. */
export const CATEGORY_SLIDES: readonly CategorySlide[] = [
  {
    id: "music-events",
    icon: Music,
    title: "Music Events",
    description: "Gigs, club nights and festivals, from intimate basement sets to sold-out arenas.",
    category: "music",
    colour: "#a855f7",
    art: "radial-gradient(circle at 85% 20%, rgba(255,46,136,0.75), transparent 45%), radial-gradient(circle at 10% 90%, rgba(76,201,240,0.45), transparent 40%), linear-gradient(135deg, #1e0743 0%, #4c1d95 55%, #86198f 100%)",
    matches: (event) => inCategory(event, "music") && !isReggae(event),
  },
  {
    id: "theatre-arts",
    icon: Drama,
    title: "Theatre & Arts",
    description: "West End nights, fringe shows, galleries and live performance worth dressing up for.",
    category: "arts",
    colour: "#f43f5e",
    art: "radial-gradient(circle at 80% 25%, rgba(241,143,1,0.6), transparent 45%), radial-gradient(circle at 15% 85%, rgba(46,196,182,0.35), transparent 45%), linear-gradient(135deg, #2a0a1f 0%, #881337 55%, #be123c 100%)",
    matches: (event) => inCategory(event, "arts"),
  },
  {
    id: "reggae-festival",
    icon: Speaker,
    title: "Reggae Festival",
    description: "Sound systems, dub and roots all day long, with the best Caribbean food in town.",
    category: "music",
    colour: "#22c55e",
    art: "radial-gradient(circle at 85% 15%, rgba(250,204,21,0.55), transparent 40%), radial-gradient(circle at 10% 95%, rgba(220,38,38,0.45), transparent 40%), linear-gradient(135deg, #052e16 0%, #14532d 55%, #166534 100%)",
    // Only a poster that really is reggae: another gig's poster here would mislead.
    matches: isReggae,
  },
  {
    id: "comedy-shows",
    icon: Laugh,
    title: "Comedy Shows",
    description: "Stand-up headliners, open-mic newcomers and improv that goes somewhere unexpected.",
    category: "comedy",
    colour: "#f59e0b",
    art: "radial-gradient(circle at 80% 20%, rgba(255,183,3,0.65), transparent 45%), radial-gradient(circle at 10% 90%, rgba(255,0,110,0.35), transparent 40%), linear-gradient(135deg, #3b0a0a 0%, #9a3412 55%, #c2410c 100%)",
    matches: (event) => inCategory(event, "comedy"),
  },
  {
    id: "sports-events",
    icon: Trophy,
    title: "Sports Events",
    description: "Match days, fun runs and fight nights: get closer to the action across the UK.",
    category: "sports",
    colour: "#0ea5e9",
    art: "radial-gradient(circle at 85% 20%, rgba(56,189,248,0.6), transparent 45%), radial-gradient(circle at 10% 90%, rgba(163,230,53,0.35), transparent 40%), linear-gradient(135deg, #071a3a 0%, #1e3a8a 55%, #1d4ed8 100%)",
    matches: (event) => inCategory(event, "sports"),
  },
  {
    id: "food-dining",
    icon: UtensilsCrossed,
    title: "Food & Dining",
    description: "Street food markets, supper clubs and the local restaurants everyone is talking about.",
    category: "food",
    colour: "#f97316",
    art: "radial-gradient(circle at 85% 20%, rgba(242,140,40,0.7), transparent 45%), radial-gradient(circle at 10% 90%, rgba(144,190,109,0.4), transparent 40%), linear-gradient(135deg, #2b0f0a 0%, #7c2d12 55%, #9a3412 100%)",
    matches: (event) => inCategory(event, "food"),
  },
];

export function slideHref(slide: CategorySlide): string {
  return paths.events({ category: slide.category });
}

/**
 * The upcoming event each slide features: its seeded or uploaded poster is the slide's image. No
 * poster is used twice; null when nothing fits (the slide then shows its gradient art alone).
 */
export function slideEvents(slides: readonly CategorySlide[], events: readonly EventSummary[]): (EventSummary | null)[] {
  const used = new Set<string>();
  return slides.map((slide) => {
    const match = events.find((event) => event.imageUrl && !used.has(event.imageUrl) && slide.matches(event));
    if (!match?.imageUrl) return null;
    used.add(match.imageUrl);
    return match;
  });
}
