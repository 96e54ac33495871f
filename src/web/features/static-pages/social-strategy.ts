import { AFFILIATE_COMMISSION_PERCENT, BRAND } from "@domain";

/** spec §2 Marketing strategy page: three networks, three posts a day each. */
export const POSTS_PER_DAY = 3;

export interface SocialPlatform {
  name: string;
  handle: string;
  audience: string;
  focus: string;
  formats: string[];
  /** UK time, one per daily post. */
  postingTimes: { time: string; why: string }[];
  hashtags: string[];
}

const handle = `@${BRAND.name.toLowerCase()}uk`;

export const SOCIAL_PLATFORMS: SocialPlatform[] = [
  {
    name: "Instagram",
    handle,
    audience: "18-34 year olds planning nights out, weekends away and things to do with friends.",
    focus: "Polished visuals that make an event look unmissable, with a clear route to tickets.",
    formats: ["Reels of last weekend's best moments", "Carousel: this weekend's top picks", "Stories with countdown and link stickers"],
    postingTimes: [
      { time: "08:00", why: "the commute scroll" },
      { time: "12:30", why: "lunch break planning" },
      { time: "19:00", why: "evening, when plans get made" },
    ],
    hashtags: [`#${BRAND.name}`, "#UKEvents", "#WhatsOnLondon", "#ThingsToDoUK", "#LiveMusicUK", "#WeekendPlans"],
  },
  {
    name: "TikTok",
    handle,
    audience: "16-30 year olds who discover gigs, comedy and food spots through short video.",
    focus: "Fast, authentic clips from real events: the crowd, the room, the first bite.",
    formats: ["15-30 second event highlights", "'POV: you got tickets' trends", "Organisers introducing their own events"],
    postingTimes: [
      { time: "07:30", why: "before school and work" },
      { time: "16:00", why: "after school and the afternoon slump" },
      { time: "21:00", why: "the late-evening peak" },
    ],
    hashtags: [`#${BRAND.name}`, "#UKTikTok", "#GigTok", "#ComedyTok", "#FoodTokUK", "#NightOut"],
  },
  {
    name: "Facebook",
    handle: `${BRAND.name} UK`,
    audience: "25-55 year olds, families and local groups booking theatre, food, sport and community events.",
    focus: "Local, practical posts: dates, prices and venues people share in their groups.",
    formats: ["Event posts with price and date up front", "Local community group shares", "Weekly 'What's on near you' round-ups"],
    postingTimes: [
      { time: "09:00", why: "morning check-in" },
      { time: "13:00", why: "lunchtime browsing" },
      { time: "20:00", why: "evening, on the sofa" },
    ],
    hashtags: [`#${BRAND.name}`, "#WhatsOn", "#FamilyDaysOut", "#LocalEvents", "#SupportLocal", "#UKTheatre"],
  },
];

export interface CalendarDay {
  day: string;
  posts: [string, string, string];
}

/** One week, three posts a day, used across all three networks in each one's own format. */
export const CONTENT_CALENDAR: CalendarDay[] = [
  { day: "Monday", posts: ["The week ahead: what's on", "Organiser spotlight", "Poll: what are you up to this week?"] },
  { day: "Tuesday", posts: ["Behind the scenes at a venue", "Tips for first-time event-goers", "Just announced: new events"] },
  { day: "Wednesday", posts: ["Midweek picks: free and under £25", "Venue spotlight", "Community shout-outs"] },
  { day: "Thursday", posts: ["Weekend preview", "Meet the performer", "Countdown stories for sell-out shows"] },
  { day: "Friday", posts: ["Weekend plans: our top picks", "Last-chance tickets", "Live from tonight's events"] },
  { day: "Saturday", posts: ["Happening today near you", "Your photos from last night (with permission)", "Tonight's highlights"] },
  { day: "Sunday", posts: ["Weekend recap reel", "Sunday markets, food and family days", "Next week's must-sees"] },
];

export const CALENDAR_SLOTS = ["Morning", "Midday", "Evening"] as const;

export interface Campaign {
  name: string;
  when: string;
  goal: string;
  steps: string[];
}

export const CAMPAIGNS: Campaign[] = [
  {
    name: "Weekend Plans",
    when: "Every Thursday and Friday",
    goal: "Turn weekend browsing into bookings.",
    steps: ["Carousel of five picks across price ranges, free included", "Stories with a link sticker to each event", "Friday evening reminder for anything still available"],
  },
  {
    name: "Early Bird Countdown",
    when: "The first two weeks after an event is announced",
    goal: "Sell the first tickets fast, when interest is highest.",
    steps: ["Announcement post with the date, venue and price", "Countdown sticker to the event", "Organiser video: why you'll love it"],
  },
  {
    name: "Last-Chance Tickets",
    when: "The final 72 hours before an event",
    goal: "Fill the remaining places.",
    steps: ["'Only a few left' post when real remaining tickets are low", "Stories showing the venue getting ready", "Reminder that tickets arrive instantly by e-mail"],
  },
  {
    name: "Share & Earn",
    when: "Monthly",
    goal: "Grow reach through the affiliate programme.",
    steps: [
      `Explain that affiliates earn ${AFFILIATE_COMMISSION_PERCENT}% of booking fees on paid tickets`,
      "Feature a top affiliate's favourite events (with their permission)",
      "Link to the affiliate page to sign up",
    ],
  },
];

export interface KpiTarget {
  metric: string;
  target: string;
  measure: string;
}

export const KPI_TARGETS: KpiTarget[] = [
  { metric: "Posting consistency", target: `${POSTS_PER_DAY} posts a day on each network`, measure: "Scheduled against published, weekly" },
  { metric: "Engagement rate", target: "4% or more per post", measure: "Likes, comments, shares and saves divided by reach" },
  { metric: "Follower growth", target: "5% a month", measure: "New followers divided by followers at the start of the month" },
  { metric: "Link click-through rate", target: "1.5% or more", measure: "Clicks to event pages divided by impressions" },
  { metric: "Video completion", target: "30% watch to the end", measure: "Reels and TikTok analytics" },
  { metric: "Bookings from social", target: "1 in 10 bookings", measure: "Bookings arriving through tagged social links" },
  { metric: "Response time", target: "Under 2 hours in support hours", measure: "Comments and direct messages answered" },
];
