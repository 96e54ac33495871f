import {
  Briefcase,
  Camera,
  Clapperboard,
  GraduationCap,
  HeartPulse,
  Laptop,
  LayoutGrid,
  Music,
  Palette,
  Plane,
  Trophy,
  UtensilsCrossed,
  type LucideIcon,
} from "lucide-react";
import { categoryLabel } from "@domain";

export interface CategoryInfo {
  label: string;
  description: string;
  icon: LucideIcon;
  /** Tailwind classes for the icon tile. */
  tone: string;
}

/** Known categories have their own icon and description (spec §2 Categories page). */
const KNOWN: Record<string, Omit<CategoryInfo, "label">> = {
  music: { icon: Music, description: "Concerts, gigs, festivals and club nights", tone: "from-fuchsia-500 to-purple-700" },
  technology: { icon: Laptop, description: "Conferences, meetups, hackathons and workshops", tone: "from-sky-500 to-blue-700" },
  business: { icon: Briefcase, description: "Networking, seminars and professional events", tone: "from-slate-500 to-slate-800" },
  sports: { icon: Trophy, description: "Matches, races, fitness sessions and fan zones", tone: "from-emerald-500 to-green-700" },
  food: { icon: UtensilsCrossed, description: "Restaurants, street food, markets and tastings", tone: "from-orange-400 to-red-600" },
  arts: { icon: Palette, description: "Theatre, exhibitions, galleries and culture", tone: "from-pink-500 to-rose-700" },
  education: { icon: GraduationCap, description: "Classes, courses and hands-on learning", tone: "from-amber-400 to-orange-600" },
  entertainment: { icon: Clapperboard, description: "Shows, comedy, cabaret and family fun", tone: "from-violet-500 to-indigo-700" },
  health: { icon: HeartPulse, description: "Wellbeing, yoga, mindfulness and fitness", tone: "from-teal-400 to-cyan-700" },
  travel: { icon: Plane, description: "Tours, trips and days out across the UK", tone: "from-cyan-500 to-sky-700" },
  photography: { icon: Camera, description: "Photo walks, workshops and exhibitions", tone: "from-neutral-500 to-neutral-800" },
};

const OTHER: Omit<CategoryInfo, "label"> = {
  icon: LayoutGrid,
  description: "Various events and activities",
  tone: "from-brand-500 to-brand-800",
};

export function categoryInfo(category: string): CategoryInfo {
  const known = KNOWN[category.toLowerCase()] ?? OTHER;
  return { label: categoryLabel(category), ...known };
}
