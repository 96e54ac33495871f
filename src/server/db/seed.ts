import { randomBytes, randomUUID } from "node:crypto";
import { and, count, eq, inArray, sql } from "drizzle-orm";
import { ONGOING_BUSINESS_DATE, businessTypeForCategory, type EventCategory } from "../../domain/events";
import { formatEventDate, formatEventTime } from "../../domain/format";
import { londonClock } from "../../domain/london-time";
import { londonWallTimeToDate } from "../../domain/london-wall-time";
import { cartTotals } from "../../domain/checkout";
import { affiliateCommission, buyerFeePerTicket } from "../../domain/money";
import { absorbedFeePerTicket } from "../../domain/organiser-fee";
import { refundAmounts, refundIncludesFee } from "../../domain/refunds";
import type { SellerDetails } from "../../domain/sellers";
import { newTicketCode } from "../../domain/tickets";
import { DEFAULT_TICKET_TYPE_NAME } from "../../domain/ticket-types";
import type { Db } from "./client";
import { PUBLISHED_DEMO_PASSWORDS, type DemoPasswords, type DemoRole } from "./demo-passwords";
import { hashPassword, verifyPassword } from "./password-hash";
import { accounts, affiliateCommissions, affiliates, bookings, events, localPaymentRecords, orderLines, orders, profiles, refunds, ticketTypes, users } from "./schema";
import type { CataloguePosterSpec } from "../features/images/poster/catalogue";
import { bookingChargeEntries, recordLedger, refundEntries, type NewLedgerEntry } from "../features/ledger/ledger";
import { captureOrderSellers } from "../features/ledger/order-sellers";
import { DEFAULT_PLATFORM_COMPANY, numberReceipts } from "../features/receipts/receipt-numbers";
import type { PlatformCompany } from "../config";
import { createLocalPayments, newLocalPaymentId, newLocalSessionId } from "../providers/payments/local";
import { ensurePayoutAccount } from "../features/payouts/payout-accounts.service";
import { runDuePayouts } from "../features/payouts/payouts.service";
import { generateSeedPosters } from "./seed-images";

/**
 * Demo catalogue for a fresh database: UK events of every kind (free, every paid price band,
 * food listings, ongoing businesses, past, cancelled, nearly full and sold out), their organisers,
 * an admin and an attendee. Dates are relative to `now`, so the catalogue is always upcoming.
 */

export interface DemoAccount {
  role: string;
  email: string;
  password: string;
}

export interface SeedResult {
  seeded: boolean;
  accounts: DemoAccount[];
}

/** The demo attendee's affiliate code (spec §9 Display: codes are 8 characters). */
export const DEMO_AFFILIATE_CODE = "TOMF2026";

/** The demo attendee's phone (Ofcom's drama range, never a real line) for SMS sign-in codes. */
export const DEMO_ATTENDEE_PHONE = "+447700900123";


/** Any constant: serialises concurrent seeders (two app nodes starting on one empty database). */
const SEED_LOCK_KEY = 7_240_318;

type Role = DemoRole;

interface PersonSeed {
  key: string;
  role: Role;
  name: string;
  email: string;
  profile: { username: string; displayName: string; bio: string; location: string; website: string | null };
  /** Who sells the organiser's paid events (issue 34): complete, realistic UK details, so they go on sale. */
  seller?: SellerDetails;
}

const PEOPLE = [
  {
    key: "admin",
    role: "admin",
    name: "Priya Shah",
    email: "admin@eventora.test",
    profile: {
      username: "eventora_team",
      displayName: "Eventora Team",
      bio: "The people behind Eventora. We look after organisers, check new listings and help with any ticket problem.",
      location: "Covent Garden, London",
      website: "https://eventora.co.uk",
    },
    seller: { businessName: "Eventora Ltd", businessAddress: "71-75 Shelton Street\nCovent Garden\nLondon\nWC2H 9JQ", sellerKind: "business", companyNumber: "14820377", vatTreatment: "not-registered", vatNumber: null },
  },
  {
    key: "northernSounds",
    role: "organiser",
    name: "Dan Whitworth",
    email: "northern.sounds@eventora.test",
    profile: {
      username: "northern_sounds",
      displayName: "Northern Sounds Live",
      bio: "Independent promoter putting on soul, jazz and indie nights across the North West and Scotland since 2011. Small rooms, big sound.",
      location: "Manchester",
      website: "https://northernsounds.example",
    },
    seller: {
      // A limited company, VAT-registered at the standard rate.
      businessName: "Northern Sounds Live Ltd",
      businessAddress: "Unit 4, 61 Oldham Street\nManchester\nM1 1JR",
      sellerKind: "business",
      companyNumber: "08642137",
      vatTreatment: "standard",
      vatNumber: "GB242338087",
    },
  },
  {
    key: "laughLines",
    role: "organiser",
    name: "Moira Campbell",
    email: "laugh.lines@eventora.test",
    profile: {
      username: "laugh_lines",
      displayName: "Laugh Lines Comedy",
      bio: "Stand-up, improv and late-night variety from Glasgow to Cardiff. We book the comics you will be telling your mates about next year.",
      location: "Glasgow",
      website: "https://laughlines.example",
    },
    seller: { businessName: "Laugh Lines Comedy Ltd", businessAddress: "14 Bath Street\nGlasgow\nG2 1HB", sellerKind: "business", companyNumber: "SC512345", vatTreatment: "not-registered", vatNumber: null },
  },
  {
    key: "thamesTech",
    role: "organiser",
    name: "Olu Adebayo",
    email: "thames.tech@eventora.test",
    profile: {
      username: "thames_tech",
      displayName: "Thames Tech Collective",
      bio: "A not-for-profit community running conferences, meetups and workshops for engineers, founders and the tech-curious.",
      location: "Shoreditch, London",
      website: "https://thamestech.example",
    },
    seller: { businessName: "Thames Tech Collective CIC", businessAddress: "20 Rivington Street\nLondon\nEC2A 3DU", sellerKind: "business", companyNumber: "11223344", vatTreatment: "exempt", vatNumber: null },
  },
  {
    key: "harbourHearth",
    role: "organiser",
    name: "Rhiannon Price",
    email: "harbour.hearth@eventora.test",
    profile: {
      username: "harbour_hearth",
      displayName: "Harbour & Hearth",
      bio: "A small family of independent kitchens, cafés and supper clubs in Cardiff, Bristol and beyond. Local produce, cooked properly.",
      location: "Cardiff Bay",
      website: "https://harbourandhearth.example",
    },
    seller: { businessName: "Harbour & Hearth Kitchens Ltd", businessAddress: "Unit 2, Mermaid Quay\nCardiff\nCF10 5BZ", sellerKind: "business", companyNumber: "07654321", vatTreatment: "standard", vatNumber: "GB100190874" },
  },
  {
    key: "activeNorth",
    role: "organiser",
    name: "Gemma Hartley",
    email: "active.north@eventora.test",
    profile: {
      username: "active_north",
      displayName: "Active North Events",
      bio: "Runs, rides, paddles and wellbeing days for every ability. Based in Leeds, out and about everywhere from the Peak District to the Thames.",
      location: "Leeds",
      website: "https://activenorth.example",
    },
    seller: {
      // A private individual trading under a name, not VAT-registered.
      businessName: "Gemma Hartley (Active North Events)",
      businessAddress: "18 Headingley Lane\nLeeds\nLS6 2AS",
      sellerKind: "individual",
      companyNumber: null,
      vatTreatment: "not-registered",
      vatNumber: null,
    },
  },
  {
    key: "canvasCulture",
    role: "organiser",
    name: "Felix Moreau",
    email: "canvas.culture@eventora.test",
    profile: {
      username: "canvas_culture",
      displayName: "Canvas & Culture",
      bio: "Curators of theatre nights, gallery lates, makers' markets and the occasional wonderfully odd evening out. Brighton born, touring the UK.",
      location: "Brighton",
      website: "https://canvasandculture.example",
    },
    seller: { businessName: "Canvas & Culture", businessAddress: "7 Kensington Gardens\nBrighton\nBN1 4AL", sellerKind: "business", companyNumber: null, vatTreatment: "standard", vatNumber: "GB100195075" },
  },
  {
    key: "attendee",
    role: "attendee",
    name: "Tom Fletcher",
    email: "attendee@eventora.test",
    profile: {
      username: "tom_fletcher",
      displayName: "Tom Fletcher",
      bio: "Gig-goer, parkrunner and occasional stand-up heckler.",
      location: "Bristol",
      website: null,
    },
  },
] as const satisfies readonly PersonSeed[];

type PersonKey = (typeof PEOPLE)[number]["key"];
type Organiser = Exclude<PersonKey, "admin" | "attendee">;

type Weekday = "sun" | "mon" | "tue" | "wed" | "thu" | "fri" | "sat";
const WEEKDAYS: Weekday[] = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];

/** `in` days from today (UK date), moved forward to the next `on` weekday if given, at `at` UK time. */
type When = { in: number; on?: Weekday; at: string; hours?: number } | "ongoing";

interface EventSeed {
  key: string;
  organiser: Organiser;
  title: string;
  category: EventCategory;
  venue: string;
  location: string;
  when: When;
  pricePence: number;
  /** The organiser pays the booking fee instead of the buyer (D22). */
  absorbsBookingFee?: boolean;
  description: string;
  maxAttendees?: number;
  /** The minimum age (issue 34), where the description says who may come. */
  minAge?: 14 | 16 | 18 | 21;
  videoUrl?: string;
  status?: "active" | "cancelled";
  /** Opening hours shown on food and business posters instead of a date. */
  hours?: string;
}

const YOUTUBE = "https://www.youtube.com/watch?v=aqz-KE-bpKQ";
const YOUTU_BE = "https://youtu.be/eRsGyueVLvQ";
const VIMEO = "https://vimeo.com/76979871";
const MP4 = "https://interactive-examples.mdn.mozilla.net/media/cc0-videos/flower.mp4";

const EVENTS: EventSeed[] = [
  // --- music -------------------------------------------------------------------------------------
  {
    key: "northernSoul",
    organiser: "northernSounds",
    title: "Northern Soul All-Nighter",
    category: "music",
    venue: "Albert Hall",
    location: "Peter Street, Manchester",
    when: { in: 9, on: "sat", at: "21:00", hours: 6 },
    pricePence: 2250,
    maxAttendees: 1200,
    minAge: 18,
    videoUrl: YOUTUBE,
    description:
      "Keep the faith at Manchester's grandest all-nighter, with four DJs spinning rare soul, Motown and Wigan Casino classics until 3am. Bring talc and your dancing shoes: the sprung floor in the old Wesleyan chapel is made for it. Over-18s only.",
  },
  {
    key: "midnightHarbour",
    organiser: "northernSounds",
    title: "Midnight Harbour: Live at Brixton",
    category: "music",
    venue: "O2 Academy Brixton",
    location: "Brixton, London",
    when: { in: 16, on: "fri", at: "19:00", hours: 4 },
    pricePence: 3850,
    maxAttendees: 4900,
    videoUrl: YOUTU_BE,
    description:
      "Bristol's favourite indie five-piece bring their sold-out arena tour home to south London for one night only. Expect the big singles, a stripped-back acoustic set and special guests from their new record. Doors at 7pm, support from Sea Glass at 8pm.",
  },
  {
    key: "blueArrowJazz",
    organiser: "northernSounds",
    title: "Late Jazz: The Blue Room Quartet",
    category: "music",
    venue: "The Blue Arrow",
    location: "Sauchiehall Street, Glasgow",
    when: { in: 5, on: "thu", at: "20:00", hours: 3 },
    pricePence: 1800,
    maxAttendees: 90,
    description:
      "Glasgow's cosiest basement jazz club hosts a quartet steeped in hard bop and Scottish folk. Two sets, candlelit tables and a proper cocktail list. Arrive early for the best seats near the piano.",
  },
  {
    key: "filmClassics",
    organiser: "northernSounds",
    title: "Symphony of the Silver Screen: Film Classics Gala",
    category: "music",
    venue: "Royal Albert Hall",
    location: "Kensington, London",
    when: { in: 38, on: "sat", at: "19:30", hours: 3 },
    pricePence: 12500,
    // The demo's event whose organiser absorbs the booking fee: buyers pay £125.00 a ticket, no fee (D22).
    absorbsBookingFee: true,
    maxAttendees: 5200,
    description:
      "A full symphony orchestra and choir perform the greatest film scores of all time, from Star Wars and Lawrence of Arabia to Gladiator and Interstellar. Premium stalls tickets include a programme and a glass of champagne in the interval.",
  },
  {
    key: "openMic",
    organiser: "canvasCulture",
    title: "Acoustic Open Mic Night",
    category: "music",
    venue: "The Old Duke",
    location: "King Street, Bristol",
    when: { in: 3, on: "wed", at: "19:30", hours: 3 },
    pricePence: 0,
    description:
      "Sign up at the bar from 7pm for a ten-minute slot: songwriters, folk duos and first-timers all welcome. A house PA, two guitars and a keyboard are provided. Free entry, and the landlord keeps the real ale flowing.",
  },
  {
    key: "edinburghWeekender",
    organiser: "northernSounds",
    title: "Edinburgh Winter Music Weekender",
    category: "music",
    venue: "Usher Hall",
    location: "Lothian Road, Edinburgh",
    when: { in: 52, on: "fri", at: "18:00", hours: 6 },
    pricePence: 6500,
    maxAttendees: 2200,
    description:
      "Three stages, eighteen acts and the best of Scotland's folk, indie and electronic scenes under one historic roof. Your wristband covers the Friday night opener and the late club session. Food stalls and a whisky bar run all evening.",
  },
  {
    key: "belfastTrad",
    organiser: "northernSounds",
    title: "Cathedral Quarter Trad Session",
    category: "music",
    venue: "The Duke of York",
    location: "Cathedral Quarter, Belfast",
    when: { in: -9, at: "20:30", hours: 3 },
    pricePence: 1200,
    maxAttendees: 120,
    description:
      "Fiddles, bodhráns and uilleann pipes fill one of Belfast's most famous bars for a night of traditional Irish music. Musicians are welcome to bring an instrument and join the circle. Ticket includes a reserved seat in the snug.",
  },
  {
    // Ended weeks ago: paid out on seeding (D23), so the organiser's statements show a payout.
    key: "riversideBlues",
    organiser: "northernSounds",
    title: "Riverside Blues Night",
    category: "music",
    venue: "The Brudenell Social Club",
    location: "Queen's Road, Leeds",
    when: { in: -28, at: "20:00", hours: 3 },
    pricePence: 1600,
    maxAttendees: 250,
    description:
      "Slide guitar, harmonica and a horn section that takes the roof off: three of the North's best blues bands on one bill. Standing downstairs, seats on the balcony. Doors at half past seven.",
  },
  {
    // Ended two days ago: its payout waits for its date, 7 UK business days on (D23).
    key: "harbourFolk",
    organiser: "northernSounds",
    title: "Harbour Lights Folk Evening",
    category: "music",
    venue: "The Jam Jar",
    location: "Whitby Harbour, Whitby",
    when: { in: -2, at: "19:30", hours: 3 },
    pricePence: 1400,
    maxAttendees: 90,
    description:
      "Sea shanties, ballads and new songs from the Yorkshire coast, sung in a fisherman's loft above the harbour. Bring a voice for the choruses. Hot drinks and parkin from the café downstairs.",
  },
  // --- comedy ------------------------------------------------------------------------------------
  {
    key: "bigLaugh",
    organiser: "laughLines",
    title: "The Big Laugh: Stand-Up Showcase",
    category: "comedy",
    venue: "The Stand Comedy Club",
    location: "New Town, Edinburgh",
    when: { in: 6, on: "fri", at: "20:00", hours: 2.5 },
    pricePence: 1500,
    maxAttendees: 160,
    minAge: 18,
    description:
      "Four of the UK circuit's sharpest comedians, hosted by a Stand regular who never lets the room go quiet. A mix of Fringe favourites and brand-new material. Strictly over-18s; heckle at your own risk.",
  },
  {
    key: "comedyStore",
    organiser: "laughLines",
    title: "Saturday Late Comedy",
    category: "comedy",
    venue: "The Comedy Store",
    location: "Leicester Square, London",
    when: { in: 13, on: "sat", at: "22:30", hours: 2.5 },
    pricePence: 2800,
    maxAttendees: 400,
    description:
      "London's most famous comedy basement stays open late with a five-act line-up that changes every week. Past bills have included TV panel show regulars and surprise drop-ins. The bar stays open until 2am.",
  },
  {
    key: "gleeImprov",
    organiser: "laughLines",
    title: "Improv Lab: Made Up on the Spot",
    category: "comedy",
    venue: "The Glee Club",
    location: "Cardiff Bay, Cardiff",
    when: { in: 10, on: "thu", at: "19:45", hours: 2 },
    pricePence: 1200,
    maxAttendees: 300,
    description:
      "Shout out a suggestion and watch Cardiff's fastest improvisers build a whole musical around it. No two shows are ever the same. Great for groups and first dates alike.",
  },
  {
    key: "newActNight",
    organiser: "laughLines",
    title: "Comedy in the Cellar: New Act Night",
    category: "comedy",
    venue: "The Frog and Bucket",
    location: "Oldham Street, Manchester",
    when: { in: 4, on: "mon", at: "20:00", hours: 2.5 },
    pricePence: 0,
    description:
      "Ten brave new comedians try out five minutes each in front of a friendly Manchester crowd. Free entry, cheap pints and the chance to say you saw them first. Doors open at 7:30pm.",
  },
  {
    key: "laughLinesXmas",
    organiser: "laughLines",
    title: "Laugh Lines Christmas Cracker",
    category: "comedy",
    venue: "The Stand Glasgow",
    location: "Woodlands Road, Glasgow",
    when: { in: 26, on: "sat", at: "19:30", hours: 3 },
    pricePence: 3200,
    maxAttendees: 220,
    description:
      "Our festive special returns with a six-strong bill, a mince pie on arrival and a very silly raffle. It sells out every year, so book early for your work do. Table service throughout.",
  },
  // --- arts --------------------------------------------------------------------------------------
  {
    key: "galleryLate",
    organiser: "canvasCulture",
    title: "Gallery Late: Turner and the Sea",
    category: "arts",
    venue: "Turner Contemporary",
    location: "Margate, Kent",
    when: { in: 19, on: "fri", at: "18:30", hours: 3.5 },
    pricePence: 1400,
    maxAttendees: 350,
    description:
      "See the new Turner exhibition after dark with live music, short curator talks and a pop-up bar overlooking the harbour. Sketchbooks are provided for anyone who fancies drawing the view. Last entry at 9pm.",
  },
  {
    key: "macbeth",
    organiser: "canvasCulture",
    title: "Macbeth: A New Production",
    category: "arts",
    venue: "Bristol Old Vic",
    location: "King Street, Bristol",
    when: { in: 22, on: "tue", at: "19:30", hours: 3 },
    pricePence: 4200,
    maxAttendees: 540,
    videoUrl: VIMEO,
    description:
      "Shakespeare's darkest tragedy is reimagined in a candlelit Scottish court in this acclaimed new staging at the UK's oldest working theatre. Running time is about two hours forty minutes with one interval. Contains scenes of violence and haze effects.",
  },
  {
    key: "lifeDrawing",
    organiser: "canvasCulture",
    title: "Life Drawing by the Sea",
    category: "arts",
    venue: "Fabrica Gallery",
    location: "North Laine, Brighton",
    when: { in: 8, on: "wed", at: "18:30", hours: 2 },
    pricePence: 1600,
    maxAttendees: 40,
    description:
      "A relaxed, untutored life drawing session in a converted Regency church, with short and long poses and gentle music. Paper, charcoal and pencils are all supplied. Complete beginners are very welcome.",
  },
  {
    key: "openStudios",
    organiser: "canvasCulture",
    title: "Baltic Triangle Open Studios",
    category: "arts",
    venue: "Baltic Creative Studios",
    location: "Baltic Triangle, Liverpool",
    when: { in: 30, on: "sat", at: "11:00", hours: 6 },
    pricePence: 0,
    description:
      "More than forty painters, printmakers, ceramicists and designers open their studio doors for one weekend. Meet the makers, watch demonstrations and buy work straight from the artist. Free and family friendly.",
  },
  // --- technology --------------------------------------------------------------------------------
  {
    key: "aiSummit",
    organiser: "thamesTech",
    title: "London AI Engineering Summit",
    category: "technology",
    venue: "ExCeL London",
    location: "Royal Docks, London",
    when: { in: 44, on: "tue", at: "09:00", hours: 8.5 },
    pricePence: 24900,
    maxAttendees: 2500,
    videoUrl: MP4,
    description:
      "A full day of practical talks from engineers shipping machine learning in production at UK start-ups, banks and the NHS. Tracks cover evaluation, infrastructure, safety and product design. Ticket includes lunch, the expo hall and the evening networking drinks.",
  },
  {
    key: "webMeetup",
    organiser: "thamesTech",
    title: "Manchester Web Developers Meetup",
    category: "technology",
    venue: "Federation House",
    location: "NOMA, Manchester",
    when: { in: 11, on: "wed", at: "18:30", hours: 2.5 },
    pricePence: 0,
    description:
      "Two short talks on modern front-end performance and accessible design systems, followed by pizza and plenty of time to chat. Everyone from students to principal engineers is welcome. Free, but please register so we order enough pizza.",
  },
  {
    key: "cyberBreakfast",
    organiser: "thamesTech",
    title: "Cyber Security Breakfast Briefing",
    category: "technology",
    venue: "Titanic Belfast",
    location: "Titanic Quarter, Belfast",
    when: { in: 15, on: "thu", at: "08:00", hours: 2.5 },
    pricePence: 3500,
    maxAttendees: 150,
    description:
      "An early-morning briefing on the threats facing UK small businesses this year, from ransomware to invoice fraud. Hear from incident responders and a panel of local IT leaders over a full Ulster fry. You will leave with a practical checklist for Monday morning.",
  },
  {
    key: "gameJam",
    organiser: "thamesTech",
    title: "Cardiff Indie Game Jam",
    category: "technology",
    venue: "Tramshed Tech",
    location: "Grangetown, Cardiff",
    when: { in: 20, on: "sat", at: "10:00", hours: 10 },
    pricePence: 1000,
    maxAttendees: 80,
    status: "cancelled",
    description:
      "A one-day game jam for programmers, artists and sound designers, with a surprise theme announced at 10am. This year's jam has been cancelled because of venue works; all ticket holders will be refunded in full.",
  },
  // --- business ----------------------------------------------------------------------------------
  {
    key: "foundersForum",
    organiser: "thamesTech",
    title: "Scale-Up Founders Forum",
    category: "business",
    venue: "Edinburgh International Conference Centre",
    location: "Haymarket, Edinburgh",
    when: { in: 33, on: "wed", at: "09:30", hours: 7 },
    pricePence: 9500,
    maxAttendees: 600,
    description:
      "Founders who have grown from ten to two hundred staff share what worked, what nearly sank them and what they would do differently. Includes investor office hours, round-table sessions and lunch. Aimed at founders and leadership teams of companies past product-market fit.",
  },
  {
    key: "leadershipBreakfast",
    organiser: "thamesTech",
    title: "Women in Leadership Breakfast",
    category: "business",
    venue: "The Queens Hotel",
    location: "City Square, Leeds",
    when: { in: 17, on: "fri", at: "07:45", hours: 2.5 },
    pricePence: 4500,
    maxAttendees: 180,
    description:
      "An inspiring breakfast with three senior leaders from Yorkshire's finance, engineering and creative sectors. Candid conversation about progression, negotiation and building teams. Networking continues over coffee until 10am.",
  },
  {
    key: "smallBusinessSaturday",
    organiser: "thamesTech",
    title: "Small Business Saturday Workshop",
    category: "business",
    venue: "Liverpool Central Library",
    location: "William Brown Street, Liverpool",
    when: { in: 12, on: "sat", at: "10:00", hours: 4 },
    pricePence: 0,
    description:
      "Free hands-on sessions on bookkeeping, selling online and getting found on local search, run by volunteers from the city's business community. Bring a laptop if you can. Ideal for sole traders and anyone thinking of starting up.",
  },
  {
    key: "exportMasterclass",
    organiser: "thamesTech",
    title: "Export Readiness Masterclass",
    category: "business",
    venue: "The Exchange",
    location: "Colmore Row, Birmingham",
    when: { in: -18, at: "09:30", hours: 5 },
    pricePence: 6000,
    maxAttendees: 100,
    description:
      "Customs paperwork, VAT and finding distributors abroad, explained by trade advisers who do it every day. Includes a workbook and a follow-up one-to-one call. Suitable for product businesses selling to Europe for the first time.",
  },
  // --- entertainment -----------------------------------------------------------------------------
  {
    key: "dragBrunch",
    organiser: "canvasCulture",
    title: "Drag Brunch Spectacular",
    category: "entertainment",
    venue: "Komedia",
    location: "North Laine, Brighton",
    when: { in: 7, on: "sun", at: "12:00", hours: 3 },
    pricePence: 3500,
    maxAttendees: 250,
    description:
      "Bottomless laughs, lip-syncs and a two-course brunch hosted by Brighton's fiercest queens. Expect audience participation, big wigs and even bigger notes. Ticket includes brunch and a welcome drink.",
  },
  {
    key: "magicEvening",
    organiser: "laughLines",
    title: "Magic and Mind-Reading: An Evening of Illusion",
    category: "entertainment",
    venue: "Liverpool Playhouse",
    location: "Williamson Square, Liverpool",
    when: { in: 14, on: "thu", at: "19:30", hours: 2.5 },
    pricePence: 2400,
    maxAttendees: 670,
    description:
      "Award-winning close-up magician and mentalist bring their West End show to Liverpool. Impossible card tricks, uncanny predictions and a finale you will be arguing about all the way home. Suitable for ages 10 and up.",
  },
  {
    key: "silentDisco",
    organiser: "canvasCulture",
    title: "Silent Disco at the Castle",
    category: "entertainment",
    venue: "Cardiff Castle",
    location: "Castle Street, Cardiff",
    when: { in: 24, on: "fri", at: "19:00", hours: 4 },
    pricePence: 1950,
    maxAttendees: 900,
    description:
      "Three DJs, three channels and one very grand castle green. Switch between eighties anthems, Welsh indie and club classics on your glowing headphones. Street food and a licensed bar on site.",
  },
  {
    key: "winterWonderland",
    organiser: "canvasCulture",
    title: "Cirque Spectacular: Winter Wonderland",
    category: "entertainment",
    venue: "Hyde Park Winter Wonderland",
    location: "Hyde Park, London",
    when: { in: 21, on: "sat", at: "17:00", hours: 2 },
    pricePence: 5500,
    maxAttendees: 1500,
    description:
      "Breathtaking acrobats, aerialists and comedy clowns perform under the big top in the heart of Hyde Park. Premium ringside seats with a festive hot chocolate. Arrive early to enjoy the Christmas market and ice rink.",
  },
  {
    key: "panto",
    organiser: "laughLines",
    title: "Jack and the Beanstalk: Family Pantomime",
    category: "entertainment",
    venue: "Leeds Grand Theatre",
    location: "New Briggate, Leeds",
    when: { in: 28, on: "sun", at: "14:00", hours: 2.5 },
    pricePence: 2700,
    maxAttendees: 1500,
    description:
      "Oh yes it is! Yorkshire's favourite dame leads a cast of giants, cows and villains in a panto packed with songs, slapstick and sweets thrown into the stalls. Perfect for families with children aged 3 and up.",
  },
  // --- sports ------------------------------------------------------------------------------------
  {
    key: "winter10k",
    organiser: "activeNorth",
    title: "Yorkshire Winter 10K",
    category: "sports",
    venue: "Roundhay Park",
    location: "Roundhay, Leeds",
    when: { in: 23, on: "sun", at: "09:30", hours: 3 },
    pricePence: 2600,
    maxAttendees: 1500,
    description:
      "A fast, friendly two-lap course around the lake and mansion in one of Europe's biggest city parks. Chip timing, a finisher's medal and hot drinks at the line. Entry includes a technical running tee.",
  },
  {
    key: "rugbyFanZone",
    organiser: "activeNorth",
    title: "Rugby Big Screen Fan Zone",
    category: "sports",
    venue: "Cardiff Arms Park",
    location: "Westgate Street, Cardiff",
    when: { in: 18, on: "sat", at: "14:00", hours: 4 },
    pricePence: 0,
    description:
      "Watch the big match on a giant screen with thousands of fellow fans right next to the national stadium. Live music before kick-off, food trucks and a family area. Free entry, first come first served.",
  },
  {
    key: "fightNight",
    organiser: "activeNorth",
    title: "Fight Night at York Hall",
    category: "sports",
    venue: "York Hall",
    location: "Bethnal Green, London",
    when: { in: 27, on: "fri", at: "18:30", hours: 5 },
    pricePence: 6000,
    maxAttendees: 1200,
    minAge: 16,
    description:
      "The home of British boxing hosts a ten-bout card headlined by an English super-middleweight title fight. Ringside tickets put you close enough to hear the corners. Over-16s only; under-18s must be accompanied.",
  },
  {
    key: "anfieldLegends",
    organiser: "activeNorth",
    title: "Stadium Tour and Legends Lunch",
    category: "sports",
    venue: "Anfield",
    location: "Anfield, Liverpool",
    when: { in: 35, on: "mon", at: "11:30", hours: 4 },
    pricePence: 11000,
    maxAttendees: 200,
    description:
      "Go behind the scenes at one of football's most famous grounds, from the dressing room to the tunnel, then sit down to a three-course lunch with former players sharing stories from their glory years. Includes a signed photo and a souvenir programme.",
  },
  {
    key: "paddleboard",
    organiser: "activeNorth",
    title: "Paddleboard Taster at Salford Quays",
    category: "sports",
    venue: "Salford Watersports Centre",
    location: "Salford Quays, Manchester",
    when: { in: 15, on: "sun", at: "10:00", hours: 2 },
    pricePence: 3000,
    maxAttendees: 16,
    description:
      "Learn to stand, paddle and turn with qualified instructors on the calm, clean water of the Quays. Boards, paddles, wetsuits and buoyancy aids are all provided. You need to be able to swim 50 metres.",
  },
  // --- education ---------------------------------------------------------------------------------
  {
    key: "sourdough",
    organiser: "harbourHearth",
    title: "Sourdough Baking Masterclass",
    category: "education",
    venue: "The Bristol Loaf",
    location: "Stokes Croft, Bristol",
    when: { in: 10, on: "sat", at: "10:00", hours: 5 },
    pricePence: 4500,
    maxAttendees: 20,
    description:
      "Spend a morning with our head baker learning to feed a starter, shape a loaf and score it like a pro. You will take home two loaves, your own starter and a recipe booklet. Lunch and coffee are included.",
  },
  {
    key: "pythonBeginners",
    organiser: "thamesTech",
    title: "Introduction to Python for Complete Beginners",
    category: "education",
    venue: "CodeBase",
    location: "Old Town, Edinburgh",
    when: { in: 9, on: "tue", at: "18:00", hours: 3 },
    pricePence: 0,
    description:
      "Write your first program in a friendly evening workshop run by volunteer coaches. We cover variables, loops and a small project you can keep building at home. Bring a laptop; no experience needed.",
  },
  {
    key: "scienceDay",
    organiser: "canvasCulture",
    title: "Family Science Festival Day",
    category: "education",
    venue: "Glasgow Science Centre",
    location: "Pacific Quay, Glasgow",
    when: { in: 29, on: "sat", at: "10:00", hours: 7 },
    pricePence: 950,
    maxAttendees: 1000,
    description:
      "Build rockets, meet robots and watch live chemistry shows across three floors of hands-on exhibits. Planetarium shows run every hour. Children under three go free.",
  },
  {
    key: "photoWalk",
    organiser: "canvasCulture",
    title: "Street Photography Walk: Shoreditch",
    category: "education",
    venue: "Meet outside Old Street Station, Exit 2",
    location: "Shoreditch, London",
    when: { in: 20, on: "sun", at: "10:30", hours: 3 },
    pricePence: 2000,
    maxAttendees: 25,
    description:
      "A small-group walk through Shoreditch's murals and markets with a professional street photographer. Learn composition, working with light and how to photograph strangers respectfully. Any camera or phone will do.",
  },
  // --- health ------------------------------------------------------------------------------------
  {
    key: "sunriseYoga",
    organiser: "activeNorth",
    title: "Sunrise Yoga on the Beach",
    category: "health",
    venue: "Brighton Beach by the i360",
    location: "Seafront, Brighton",
    when: { in: 6, on: "sat", at: "08:00", hours: 1.5 },
    pricePence: 1200,
    maxAttendees: 40,
    description:
      "Start your weekend with a gentle flow class to the sound of the waves, suitable for all levels. Mats are provided, though you are welcome to bring your own. Followed by optional coffee on the seafront.",
  },
  {
    key: "breathwork",
    organiser: "activeNorth",
    title: "Mindfulness and Breathwork Workshop",
    category: "health",
    venue: "The Tetley",
    location: "Hunslet Road, Leeds",
    when: { in: 13, on: "sun", at: "14:00", hours: 3 },
    pricePence: 2500,
    maxAttendees: 30,
    description:
      "An afternoon of guided breathing, body scans and simple mindfulness techniques you can use every day. Led by an accredited teacher with fifteen years of practice. Herbal tea and a take-home audio guide included.",
  },
  {
    key: "peakRetreat",
    organiser: "activeNorth",
    title: "Peak District Wellness Retreat Day",
    category: "health",
    venue: "Losehill House",
    location: "Hope Valley, Derbyshire",
    when: { in: 31, on: "sat", at: "09:00", hours: 8 },
    pricePence: 13500,
    maxAttendees: 24,
    description:
      "A restorative day of yoga, a guided hill walk, a spa session and a seasonal three-course lunch in the heart of the Peak District. Groups are kept small so every guest gets personal attention. Transfers from Sheffield station are included.",
  },
  {
    key: "healthCheck",
    organiser: "activeNorth",
    title: "Community Health Check and Fun Run",
    category: "health",
    venue: "Ormeau Park",
    location: "Ormeau, Belfast",
    when: { in: 19, on: "sun", at: "10:00", hours: 4 },
    pricePence: 0,
    description:
      "Free blood pressure checks, healthy-eating advice and a relaxed 3K fun run for all ages. Local charities and sports clubs will be on hand with taster sessions. Everyone is welcome, walkers included.",
  },
  // --- food (restaurant listings) ----------------------------------------------------------------
  {
    key: "harbourKitchen",
    organiser: "harbourHearth",
    title: "The Harbour Kitchen",
    category: "food",
    venue: "Mermaid Quay",
    location: "Cardiff Bay, Cardiff",
    when: { in: 2, at: "12:00", hours: 10 },
    hours: "Open Tue–Sun · 12:00–22:00",
    pricePence: 0,
    description:
      "Seasonal seafood from Welsh day boats, cooked over charcoal and served with views across the bay. Try the Penclawdd cockles, the catch of the day and our Welsh cake ice cream. Walk-ins welcome; larger groups please call ahead.",
  },
  {
    key: "boroughFeast",
    organiser: "harbourHearth",
    title: "Borough Market Friday Street Feast",
    category: "food",
    venue: "Borough Market",
    location: "Southwark, London",
    when: { in: 6, on: "fri", at: "12:00", hours: 8 },
    hours: "Fridays · 12:00–20:00",
    pricePence: 0,
    description:
      "Graze your way through more than thirty street-food traders, from Keralan curries to raclette and fresh oysters. Live acoustic music from 5pm and plenty of covered seating. Pay traders directly; no ticket needed.",
  },
  {
    key: "willowTea",
    organiser: "harbourHearth",
    title: "Afternoon Tea at The Willow",
    category: "food",
    venue: "Mackintosh at the Willow",
    location: "Sauchiehall Street, Glasgow",
    when: { in: 4, at: "11:00", hours: 6 },
    hours: "Open daily · 11:00–17:00",
    pricePence: 0,
    description:
      "Afternoon tea in Charles Rennie Mackintosh's restored tea rooms, with finger sandwiches, warm scones and Scottish tablet. Book the Salon de Luxe for a special occasion. Gluten-free and vegan options are available.",
  },
  {
    key: "stGeorges",
    organiser: "harbourHearth",
    title: "St George's Market Food and Craft Saturday",
    category: "food",
    venue: "St George's Market",
    location: "May Street, Belfast",
    when: { in: 7, on: "sat", at: "09:00", hours: 6 },
    hours: "Saturdays · 09:00–15:00",
    pricePence: 0,
    description:
      "Belfast's last surviving Victorian covered market fills with local producers, bakers and hot-food stalls every Saturday. Grab a soda bread bap and browse the craft stalls to live music. Free entry.",
  },
  {
    key: "sevenDials",
    organiser: "harbourHearth",
    title: "Seven Dials Ramen Counter",
    category: "food",
    venue: "Seven Dials Market",
    location: "Covent Garden, London",
    when: { in: -5, at: "12:00", hours: 10 },
    hours: "Open daily · 12:00–22:00",
    pricePence: 0,
    description:
      "Rich tonkotsu and light shio ramen made from twelve-hour broths, served at a twelve-seat counter. Pair it with crispy gyoza and a Japanese highball. No bookings: just turn up and queue.",
  },
  // --- ongoing businesses --------------------------------------------------------------------------
  {
    key: "copperKettle",
    organiser: "harbourHearth",
    title: "The Copper Kettle Café",
    category: "ongoing-business",
    venue: "The Copper Kettle",
    location: "Stokes Croft, Bristol",
    when: "ongoing",
    hours: "Open daily · 08:00–17:00",
    pricePence: 0,
    description:
      "An independent neighbourhood café roasting its own beans and baking everything in-house each morning. Famous for cardamom buns and a proper full English. Dogs, laptops and muddy boots all welcome.",
  },
  {
    key: "shoreFishBar",
    organiser: "harbourHearth",
    title: "Shore Fish and Chips",
    category: "ongoing-business",
    venue: "Shore Fish Bar",
    location: "The Shore, Leith, Edinburgh",
    when: "ongoing",
    hours: "Open Wed–Sun · 12:00–21:00",
    pricePence: 0,
    description:
      "Sustainable haddock fried in beef dripping, hand-cut chips and proper mushy peas, a few steps from the Water of Leith. Eat in by the window or take away to the harbour wall. Gluten-free batter on Tuesdays and Fridays.",
  },
  {
    key: "vinylCoffee",
    organiser: "northernSounds",
    title: "Northern Quarter Vinyl and Coffee",
    category: "ongoing-business",
    venue: "Spin Cycle Records",
    location: "Northern Quarter, Manchester",
    when: "ongoing",
    hours: "Open Mon–Sat · 10:00–19:00",
    pricePence: 0,
    description:
      "A record shop and espresso bar in one, with thousands of second-hand LPs and listening decks at every table. In-store sessions from local bands most Saturday afternoons. Trade-ins welcome.",
  },
  {
    key: "hopeStreetBakery",
    organiser: "harbourHearth",
    title: "Hope Street Bakery",
    category: "ongoing-business",
    venue: "Hope Street Bakery",
    location: "Georgian Quarter, Liverpool",
    when: "ongoing",
    hours: "Open Tue–Sun · 07:30–16:00",
    pricePence: 0,
    description:
      "Naturally leavened bread, laminated pastries and celebration cakes made by hand between the two cathedrals. Order a custom cake up to a week ahead. Our sourdough sells out by noon on Saturdays.",
  },
  // --- other -------------------------------------------------------------------------------------
  {
    key: "vinylFair",
    organiser: "canvasCulture",
    title: "Vintage and Vinyl Fair",
    category: "other",
    venue: "Leeds Corn Exchange",
    location: "Call Lane, Leeds",
    when: { in: 25, on: "sun", at: "10:00", hours: 6 },
    pricePence: 0,
    description:
      "Over sixty stalls of vintage clothing, retro homeware and crates of rare records under the Corn Exchange's famous domed roof. Early-bird browsers get the pick of the bargains. Free entry all day.",
  },
  {
    key: "makersMarket",
    organiser: "canvasCulture",
    title: "Christmas Makers' Market",
    category: "other",
    venue: "Old Spitalfields Market",
    location: "Spitalfields, London",
    when: { in: 14, on: "sat", at: "10:00", hours: 8 },
    pricePence: 0,
    description:
      "Find one-off gifts from independent makers: ceramics, jewellery, prints, candles and small-batch gin. Carol singers perform through the afternoon and mulled wine keeps everyone warm. Free entry.",
  },
  {
    key: "ghostWalk",
    organiser: "canvasCulture",
    title: "Old Town Ghost Walk",
    category: "other",
    venue: "Meet at the Mercat Cross",
    location: "Royal Mile, Edinburgh",
    when: { in: 5, on: "fri", at: "21:00", hours: 1.5 },
    pricePence: 1500,
    maxAttendees: 30,
    description:
      "Descend into the closes and vaults beneath the Royal Mile with a costumed guide and centuries of grisly tales. Not suitable for under-12s or the faint-hearted. Wear sturdy shoes: the cobbles are uneven.",
  },
];

/**
 * Bookings, bought through the local test checkout; `who` is an index into ATTENDEES, or the demo attendee
 * account (so My Tickets has tickets). `refunded` tickets of it were refunded by the organiser since
 * (all of them: a refunded booking); `referred` bookings came through the demo attendee's affiliate code.
 */
type BookingSeed = { event: string; quantity: number; who: number | "attendee"; checkedIn?: boolean; daysAgo: number; refunded?: number; referred?: boolean };

const BOOKINGS: BookingSeed[] = [
  // 17 of 20 places taken: the card shows 'Only 3 left'.
  ...[2, 1, 3, 2, 1, 2, 1, 2].map((quantity, i) => ({ event: "sourdough", quantity, who: i, daysAgo: 2 + i })),
  { event: "sourdough", quantity: 1, who: "attendee", daysAgo: 1 },
  { event: "sourdough", quantity: 2, who: 8, daysAgo: 11 },
  // Every one of 16 places taken: 'Sold out'.
  ...[4, 2, 2, 1, 3, 2, 2].map((quantity, i) => ({ event: "paddleboard", quantity, who: 9 + i, daysAgo: 1 + i })),
  // Partly refunded: one of the two tickets went back, the other still admits.
  { event: "midnightHarbour", quantity: 2, who: "attendee", daysAgo: 6, refunded: 1 },
  { event: "midnightHarbour", quantity: 4, who: 16, daysAgo: 3 },
  { event: "midnightHarbour", quantity: 1, who: 17, daysAgo: 9 },
  { event: "northernSoul", quantity: 2, who: 18, daysAgo: 4, referred: true },
  { event: "northernSoul", quantity: 1, who: 19, daysAgo: 12 },
  { event: "filmClassics", quantity: 2, who: 20, daysAgo: 5 },
  // Refunded: both tickets went back, so the booking no longer admits.
  { event: "filmClassics", quantity: 2, who: 15, daysAgo: 8, refunded: 2 },
  { event: "aiSummit", quantity: 1, who: 21, daysAgo: 8 },
  { event: "aiSummit", quantity: 3, who: 22, daysAgo: 2, referred: true },
  { event: "comedyStore", quantity: 2, who: 23, daysAgo: 3 },
  { event: "bigLaugh", quantity: 4, who: 24, daysAgo: 1 },
  { event: "winterWonderland", quantity: 4, who: 25, daysAgo: 7 },
  { event: "fightNight", quantity: 2, who: 26, daysAgo: 10 },
  { event: "macbeth", quantity: 2, who: 27, daysAgo: 6 },
  { event: "foundersForum", quantity: 1, who: 28, daysAgo: 4 },
  { event: "peakRetreat", quantity: 2, who: 29, daysAgo: 9 },
  // Past events: tickets scanned at the door.
  { event: "riversideBlues", quantity: 2, who: 3, checkedIn: true, daysAgo: 12 },
  { event: "riversideBlues", quantity: 4, who: 7, checkedIn: true, daysAgo: 6 },
  { event: "riversideBlues", quantity: 1, who: 12, checkedIn: true, daysAgo: 2 },
  { event: "harbourFolk", quantity: 2, who: 18, checkedIn: true, daysAgo: 9 },
  { event: "harbourFolk", quantity: 3, who: 24, checkedIn: true, daysAgo: 4 },
  { event: "belfastTrad", quantity: 1, who: "attendee", checkedIn: true, daysAgo: 20 },
  { event: "belfastTrad", quantity: 3, who: 30, checkedIn: true, daysAgo: 15 },
  { event: "exportMasterclass", quantity: 1, who: 31, checkedIn: true, daysAgo: 30 },
];

const ATTENDEES = [
  "Amelia Clarke", "Oliver Hughes", "Isla MacDonald", "Harry Patel", "Sophie Evans", "Jack Robinson",
  "Chloe O'Neill", "George Thompson", "Grace Williams", "Noah Ahmed", "Freya Davies", "Charlie Wood",
  "Emily Walsh", "Alfie Turner", "Ava Morgan", "Leo Campbell", "Mia Johnson", "Arthur Bennett",
  "Ella Murphy", "Theo Khan", "Poppy Jenkins", "Oscar Reid", "Lily Kaur", "Finley Scott",
  "Evie Stewart", "Archie Price", "Ruby Lewis", "Harrison Byrne", "Daisy Mitchell", "Rory Fraser",
  "Niamh Kelly", "Samuel Okafor",
];

export async function seedDemoData({
  db,
  mediaDir,
  now = new Date(),
  passwords = PUBLISHED_DEMO_PASSWORDS,
  company = DEFAULT_PLATFORM_COMPANY,
}: {
  db: Db;
  mediaDir: string;
  now?: Date;
  /** The platform as the demo orders' receipts name it (config.company). */
  company?: PlatformCompany;
  /** The accounts' passwords (demoPasswordsFor): the published ones unless the demo listens beyond loopback. */
  passwords?: DemoPasswords;
}): Promise<SeedResult> {
  const demoAccounts = PEOPLE.map((person) => ({
    role: person.role,
    email: person.email,
    password: passwords[person.role],
  }));
  if (await hasEvents(db)) {
    if (PEOPLE.some((person) => passwords[person.role] !== PUBLISHED_DEMO_PASSWORDS[person.role])) await retirePublishedPasswords(db, passwords);
    return { seeded: false, accounts: demoAccounts };
  }

  const planned = EVENTS.map((seed) => planEvent(seed, now));
  const organiserNames = new Map<string, string>(PEOPLE.map((p) => [p.key, p.profile.displayName]));
  const [imageUrls, passwordHashes] = await Promise.all([
    generateSeedPosters({
      mediaDir,
      posters: planned.map(({ seed, dateTime }) => posterFor(seed, dateTime, organiserNames.get(seed.organiser)!)),
    }),
    Promise.all(PEOPLE.map((person) => hashPassword(passwords[person.role]))),
  ]);

  const seeded = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if (await hasEvents(tx)) return false;

    const userIds = await insertPeople(tx, passwordHashes, now);

    const eventRows = planned.map(({ seed, dateTime, endTime }, index) => {
      const createdAt = new Date(now.getTime() - (60 - index) * DAY);
      return {
        id: randomUUID(),
        userId: userIds.get(seed.organiser)!,
        title: seed.title,
        description: seed.description,
        dateTime,
        endTime,
        venue: seed.venue,
        location: seed.location,
        category: seed.category,
        pricePence: seed.pricePence,
        absorbsBookingFee: seed.absorbsBookingFee ?? false,
        maxAttendees: seed.maxAttendees ?? null,
        minAge: seed.minAge ?? null,
        imageUrl: imageUrls[index]!,
        videoUrl: seed.videoUrl ?? null,
        status: seed.status ?? "active",
        businessType: businessTypeForCategory(seed.category),
        createdAt,
        updatedAt: createdAt,
      };
    });
    await tx.insert(events).values(eventRows);
    // Each sells the spec's way: one type at its price (issue 36).
    const typeRows = eventRows.map((event) => ({ id: randomUUID(), eventId: event.id, name: DEFAULT_TICKET_TYPE_NAME, pricePence: event.pricePence, position: 0, createdAt: event.createdAt }));
    await tx.insert(ticketTypes).values(typeRows);
    const typeOfEvent = new Map(typeRows.map((type) => [type.eventId, type.id]));

    const eventsByKey = new Map(planned.map(({ seed }, index) => [seed.key, { seed, row: eventRows[index]! }]));
    await insertBookings(tx, { eventsByKey, typeOfEvent, userIds, now, company });
    return true;
  });
  if (seeded) await payOutDemoEvents(db, now);

  return { seeded, accounts: demoAccounts };
}

const DAY = 24 * 60 * 60 * 1000;

/**
 * The demo's payouts, made by the payout service itself (D23) with the local provider's simulated
 * accounts: the demo organiser gets a connected account, and every event whose payout date has passed is
 * paid out (the hourly job would do the same on its first run); recent events wait for theirs.
 */
async function payOutDemoEvents(db: Db, now: Date): Promise<void> {
  const gateway = createLocalPayments({ publicUrl: "http://localhost", db });
  const demoOrganiser = PEOPLE.find((person) => person.key === "northernSounds")!;
  const [organiser] = await db.select({ id: users.id }).from(users).where(eq(users.email, demoOrganiser.email));
  if (organiser) await ensurePayoutAccount({ db, gateway, userId: organiser.id });
  await runDuePayouts({ db, gateway }, now);
}

/**
 * A database seeded earlier with the published passwords, now started beyond loopback (issue 33): each
 * demo account still holding its published password gets this data folder's own; one whose password
 * was changed since is left alone.
 */
export async function retirePublishedPasswords(db: Db, passwords: DemoPasswords): Promise<void> {
  const rows = await db
    .select({ id: accounts.id, email: users.email, password: accounts.password })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(and(eq(accounts.providerId, "credential"), inArray(users.email, PEOPLE.map((person) => person.email))));
  const roleOf = new Map<string, Role>(PEOPLE.map((person) => [person.email, person.role]));
  await Promise.all(
    rows.map(async (row) => {
      const role = roleOf.get(row.email)!;
      if (!row.password || !(await verifyPassword(row.password, PUBLISHED_DEMO_PASSWORDS[role]))) return;
      await db.update(accounts).set({ password: await hashPassword(passwords[role]), updatedAt: new Date() }).where(eq(accounts.id, row.id));
    }),
  );
}

async function hasEvents(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(events);
  return (row?.n ?? 0) > 0;
}

/** Users, credential accounts and public profiles; demo users already present are reused as they are. */
async function insertPeople(db: Db, passwordHashes: string[], now: Date): Promise<Map<string, string>> {
  const emails = PEOPLE.map((p) => p.email);
  const existing = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails));
  const existingByEmail = new Map(existing.map((u) => [u.email, u.id]));
  const ids = new Map<string, string>();

  const newPeople = PEOPLE.map((person, index) => ({ person, index })).filter(({ person }) => !existingByEmail.has(person.email));
  for (const person of PEOPLE) ids.set(person.key, existingByEmail.get(person.email) ?? randomUUID());
  if (newPeople.length === 0) return ids;

  const joined = (index: number) => new Date(now.getTime() - (120 - index * 9) * DAY);
  await db.insert(users).values(
    newPeople.map(({ person, index }) => ({
      id: ids.get(person.key)!,
      name: person.name,
      email: person.email,
      emailVerified: true,
      role: person.role === "admin" ? "admin" : "user",
      phoneNumber: person.key === "attendee" ? DEMO_ATTENDEE_PHONE : null,
      phoneNumberVerified: person.key === "attendee" ? true : null,
      createdAt: joined(index),
      updatedAt: joined(index),
    })),
  );
  await db.insert(accounts).values(
    newPeople.map(({ person, index }) => ({
      id: randomUUID(),
      accountId: ids.get(person.key)!,
      providerId: "credential",
      userId: ids.get(person.key)!,
      password: passwordHashes[index]!,
      createdAt: joined(index),
      updatedAt: joined(index),
    })),
  );
  await db
    .insert(profiles)
    .values(
      newPeople.map(({ person, index }) => ({
        userId: ids.get(person.key)!,
        username: person.profile.username,
        displayName: person.profile.displayName,
        bio: person.profile.bio,
        location: person.profile.location,
        website: person.profile.website,
        ...("seller" in person ? person.seller : {}),
        createdAt: joined(index),
        updatedAt: joined(index),
      })),
    )
    // A username already taken by a real account keeps its owner; the demo user just has no profile.
    .onConflictDoNothing();
  // The attendee is also an affiliate, so organisers can try the live affiliate-code check.
  const attendeeId = ids.get("attendee");
  if (attendeeId && newPeople.some(({ person }) => person.key === "attendee")) {
    await db.insert(affiliates).values({ userId: attendeeId, affiliateCode: DEMO_AFFILIATE_CODE }).onConflictDoNothing();
  }
  return ids;
}

function planEvent(seed: EventSeed, now: Date): { seed: EventSeed; dateTime: Date; endTime: Date | null } {
  if (seed.when === "ongoing") return { seed, dateTime: ONGOING_BUSINESS_DATE, endTime: null };
  const dateTime = ukDateTime(now, seed.when.in, seed.when.at, seed.when.on);
  const endTime = new Date(dateTime.getTime() + (seed.when.hours ?? 3) * 60 * 60 * 1000);
  return { seed, dateTime, endTime };
}

function posterFor(seed: EventSeed, dateTime: Date, organiserName: string): CataloguePosterSpec {
  const listing = seed.category === "food" || seed.category === "ongoing-business";
  return {
    title: seed.title,
    category: seed.category,
    kicker: listing ? undefined : `${organiserName} presents`,
    dateLine: listing
      ? (seed.hours ?? "Open daily")
      : `${formatEventDate(dateTime)} · ${formatEventTime(dateTime)}${seed.status === "cancelled" ? " · Cancelled" : ""}`,
    venueLine: `${seed.venue} · ${seed.location}`,
  };
}

// --- UK wall-clock dates ---------------------------------------------------------------------------

/** The instant when UK clocks read `at` on the day `days` after today's UK date (then the next `on` weekday). */
function ukDateTime(now: Date, days: number, at: string, on?: Weekday): Date {
  const today = londonClock(now);
  const day = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + days));
  if (on) {
    while (WEEKDAYS[day.getUTCDay()] !== on) day.setUTCDate(day.getUTCDate() + 1);
  }
  const [hour, minute] = at.split(":").map(Number) as [number, number];
  return londonWallTimeToDate({ year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate(), hour, minute })!;
}

// --- bookings --------------------------------------------------------------------------------------

/**
 * The demo bookings, on the money ledger as the checkout and a refund would leave them (decision 027), so
 * `npm run admin -- reconcile` balances on the demo data: a paid booking is an order paid through the
 * local test checkout, with its order line and its charge on the ledger; a referred one earns the demo
 * affiliate its commission; a refunded one has its refund, paid back (the refund notice already sent) and
 * on the ledger under the local provider's refund id. Free bookings move no money.
 */
async function insertBookings(
  tx: Db,
  {
    eventsByKey,
    typeOfEvent,
    userIds,
    now,
    company,
  }: { eventsByKey: Map<string, { seed: EventSeed; row: { id: string; userId: string; dateTime: Date } }>; typeOfEvent: Map<string, string>; userIds: Map<string, string>; now: Date; company: PlatformCompany },
): Promise<void> {
  const attendeePerson = PEOPLE.find((p) => p.key === "attendee")!;
  const [affiliate] = await tx.select({ id: affiliates.id }).from(affiliates).where(eq(affiliates.affiliateCode, DEMO_AFFILIATE_CODE));
  const ledger: NewLedgerEntry[] = [];
  const paidOrderIds: string[] = [];
  let earnedPence = 0;
  let referrals = 0;
  for (const [index, booking] of BOOKINGS.entries()) {
    const { seed, row } = eventsByKey.get(booking.event)!;
    const name = booking.who === "attendee" ? attendeePerson.name : ATTENDEES[booking.who]!;
    const email = booking.who === "attendee" ? attendeePerson.email : attendeeEmail(name, index);
    const userId = booking.who === "attendee" ? userIds.get("attendee")! : null;
    // Bookings are made before the event they are for.
    const createdAt = new Date(Math.min(now.getTime(), row.dateTime.getTime() - DAY) - booking.daysAgo * DAY - index * 37 * 60_000);
    const ticketCode = newTicketCode(createdAt);
    const absorbs = seed.absorbsBookingFee ?? false;
    const feePerTicketPence = buyerFeePerTicket(seed.pricePence, absorbs);
    const absorbedFeePerTicketPence = absorbedFeePerTicket(seed.pricePence, absorbs);
    const totals = cartTotals([{ ticketPricePence: seed.pricePence, quantity: booking.quantity, absorbsBookingFee: absorbs }]);
    const sessionId = newLocalSessionId();
    const paid = totals.total > 0;
    const referredBy = paid && booking.referred && affiliate ? affiliate.id : null;

    let orderLineId: string | null = null;
    let orderId: string | null = null;
    const paymentReference = newLocalPaymentId();
    if (paid) {
      const [order] = await tx
        .insert(orders)
        .values({
          sessionId,
          userId,
          status: "confirmed",
          provider: "local",
          affiliateId: referredBy,
          attendeeName: name,
          attendeeEmail: email,
          subtotalPence: totals.subtotal,
          feesPence: totals.fees,
          totalPence: totals.total,
          expiresAt: new Date(createdAt.getTime() + 30 * 60_000),
          paidAt: createdAt,
          paymentReference,
          confirmedAt: createdAt,
          createdAt,
        })
        .returning({ id: orders.id });
      orderId = order!.id;
      paidOrderIds.push(orderId);
      const [line] = await tx
        .insert(orderLines)
        .values({ orderId, eventId: row.id, ticketTypeId: typeOfEvent.get(row.id)!, quantity: booking.quantity, unitPricePence: seed.pricePence, feePerTicketPence, absorbedFeePerTicketPence, totalPence: totals.total })
        .returning({ id: orderLines.id });
      orderLineId = line!.id;
    }

    const refunded = booking.refunded ?? 0;
    const [inserted] = await tx
      .insert(bookings)
      .values({
        eventId: row.id,
        ticketTypeId: typeOfEvent.get(row.id)!,
        userId,
        status: refunded === booking.quantity ? "refunded" : "confirmed",
        attendeeName: name,
        attendeeEmail: email,
        ticketQuantity: booking.quantity - refunded,
        refundedQuantity: refunded,
        totalAmountPence: totals.total,
        qrCode: ticketCode,
        ticketCode,
        stripeSessionId: sessionId,
        orderLineId,
        checkedInAt: booking.checkedIn ? new Date(row.dateTime.getTime() - 20 * 60_000 + index * 90_000) : null,
        // Demo history: these tickets went out when they were bought.
        ticketEmailSentAt: createdAt,
        createdAt,
      })
      .returning({ id: bookings.id });
    if (!orderId) continue;
    const bookingId = inserted!.id;
    const charge = { orderId, bookingId, eventId: row.id, createdAt };
    ledger.push(
      ...bookingChargeEntries({ ...charge, unitPricePence: seed.pricePence, feePerTicketPence, absorbedFeePerTicketPence, quantity: booking.quantity, providerRef: paymentReference }).map(
        (entry) => ({ ...entry, createdAt }),
      ),
    );
    const commission = referredBy ? affiliateCommission(seed.pricePence, booking.quantity) : 0;
    if (referredBy && commission > 0) {
      await tx.insert(affiliateCommissions).values({ affiliateId: referredBy, bookingId, amountPence: commission, createdAt });
      ledger.push({ ...charge, entryKey: `commission:${bookingId}`, kind: "commission", amountPence: commission, affiliateId: referredBy, providerRef: paymentReference });
      earnedPence += commission;
      referrals++;
    }
    if (refunded > 0) {
      // Refunded by the organiser a day after the booking (or now, for a booking made today).
      const refundedAt = new Date(Math.min(now.getTime(), createdAt.getTime() + DAY));
      const amounts = refundAmounts({
        unitPricePence: seed.pricePence,
        feePerTicketPence,
        absorbedFeePerTicketPence,
        quantity: refunded,
        validQuantity: booking.quantity,
        commissionPence: commission,
        includeFee: refundIncludesFee("organiser"),
      });
      const refundAffiliate = amounts.commissionPence > 0 ? referredBy : null;
      const refundId = randomUUID();
      const providerRefundId = `re_local_${randomBytes(12).toString("hex")}`;
      await tx.insert(refunds).values({
        id: refundId,
        requestKey: `seed:${bookingId}`,
        orderId,
        bookingId,
        eventId: row.id,
        quantity: refunded,
        ticketPence: amounts.ticketPence,
        feePence: amounts.feePence,
        commissionPence: amounts.commissionPence,
        organiserFeePence: amounts.organiserFeePence,
        absorbedFeePence: amounts.absorbedFeePence,
        affiliateId: refundAffiliate,
        source: "organiser",
        reason: refunded === booking.quantity ? "The buyer could no longer come." : "One of the party could no longer come.",
        requestedBy: row.userId,
        status: "succeeded",
        providerRefundId,
        emailSentAt: refundedAt,
        createdAt: refundedAt,
        completedAt: refundedAt,
      });
      // The local provider's own record of the refund it made (what reconcile compares the ledger with).
      await tx.insert(localPaymentRecords).values({ id: providerRefundId, kind: "refund", amountPence: amounts.ticketPence + amounts.feePence, parentRef: paymentReference, ourRef: refundId, createdAt: refundedAt });
      ledger.push(
        ...refundEntries({ id: refundId, orderId, bookingId, eventId: row.id, ...amounts, affiliateId: refundAffiliate }, providerRefundId).map((entry) => ({ ...entry, createdAt: refundedAt })),
      );
      earnedPence -= amounts.commissionPence;
    }
  }
  await recordLedger(tx, ledger);
  // Each order's sellers, as its receipt shows them (issue 33).
  await captureOrderSellers(tx, paidOrderIds);
  await numberReceipts(tx, company, paidOrderIds);
  if (affiliate && (earnedPence !== 0 || referrals > 0)) {
    await tx
      .update(affiliates)
      .set({ totalEarningsPence: sql`${affiliates.totalEarningsPence} + ${earnedPence}`, totalReferrals: sql`${affiliates.totalReferrals} + ${referrals}` })
      .where(eq(affiliates.id, affiliate.id));
  }
}

function attendeeEmail(name: string, index: number): string {
  const local = name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z ]/g, "")
    .trim()
    .replace(/\s+/g, ".");
  const domain = ["example.com", "example.co.uk", "example.org"][index % 3]!;
  return `${local}@${domain}`;
}
