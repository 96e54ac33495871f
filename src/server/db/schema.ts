import { sql } from "drizzle-orm";
import { type AnyPgColumn, bigint, boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { TicketAnswer, TicketQuestion } from "../../domain/ticket-questions";
import type { FeeStatementParty, FeeStatementRecipient, IssuedFeeStatementLine } from "../../domain/statements";

/** Auth users (better-auth's user table, with its admin and phone-number plugin columns). */
export const users = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  role: text("role").notNull().default("user"),
  banned: boolean("banned").default(false),
  banReason: text("ban_reason"),
  banExpires: timestamp("ban_expires", { withTimezone: true }),
  phoneNumber: text("phone_number").unique(),
  phoneNumberVerified: boolean("phone_number_verified"),
  lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const sessions = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    impersonatedBy: text("impersonated_by"),
  },
  // Expired sessions are deleted by the retention job (issue 34).
  (t) => [index("session_user_id_idx").on(t.userId), index("session_expires_at_idx").on(t.expiresAt)],
);

export const accounts = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("account_user_id_idx").on(t.userId)],
);

export const verifications = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

export const profiles = pgTable(
  "profiles",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    username: text("username"),
    displayName: text("display_name"),
    bio: text("bio"),
    avatarUrl: text("avatar_url"),
    location: text("location"),
    website: text("website"),
    dateOfBirth: text("date_of_birth"),
    /** The attendee name this account last typed at checkout: checkout offers it next time (decision 021). */
    lastAttendeeName: text("last_attendee_name"),
    /** The organiser as the seller named on receipts (issue 20): trading name, postal address, and VAT number when VAT-registered. */
    businessName: text("business_name"),
    businessAddress: text("business_address"),
    vatNumber: text("vat_number"),
    /** Who sells (issue 34, D28): 'business' or 'individual' (a private person); null until the organiser says. */
    sellerKind: text("seller_kind"),
    /** The Companies House number, when the business is a company. */
    companyNumber: text("company_number"),
    /** The organiser's VAT treatment of their tickets: 'standard', 'reduced', 'zero', 'exempt' or 'not-registered'. */
    vatTreatment: text("vat_treatment"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("profiles_username_lower_idx").on(sql`lower(${t.username})`),
    check("profiles_seller_kind", sql`${t.sellerKind} in ('business', 'individual')`),
    check("profiles_vat_treatment", sql`${t.vatTreatment} in ('standard', 'reduced', 'zero', 'exempt', 'not-registered')`),
  ],
);

export const events = pgTable(
  "events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description"),
    dateTime: timestamp("date_time", { withTimezone: true }).notNull(),
    endTime: timestamp("end_time", { withTimezone: true }),
    venue: text("venue"),
    location: text("location").notNull(),
    category: text("category"),
    /**
     * The lowest price among the event's shown ticket types (eventPriceSummary, kept by the events service
     * whenever its types change): what cards, listings and the price filter read. Never what a buyer is
     * charged: a line is priced from its ticket type.
     */
    pricePence: integer("price_pence").notNull().default(0),
    /** Its shown ticket types have different prices: cards say "from" the price (eventPriceSummary). */
    severalPrices: boolean("several_prices").notNull().default(false),
    /** The capacity all its ticket types share (D24); null for no limit. */
    maxAttendees: integer("max_attendees"),
    imageUrl: text("image_url"),
    videoUrl: text("video_url"),
    affiliateId: uuid("affiliate_id"),
    /** 'active', or 'cancelled' once its organiser cancels it (its bookings are then refunded in full, decision 027). */
    status: text("status").notNull().default("active"),
    businessType: text("business_type").notNull().default("event"),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancellationReason: text("cancellation_reason"),
    /** Set when the organiser moves the event to a new date: buyers may then have a refund on request until refund_window_ends_at. */
    postponedAt: timestamp("postponed_at", { withTimezone: true }),
    previousDateTime: timestamp("previous_date_time", { withTimezone: true }),
    refundWindowEndsAt: timestamp("refund_window_ends_at", { withTimezone: true }),
    /** The organiser absorbs the booking fee (D22): buyers pay the ticket price only, and the fee comes out of the payout. */
    absorbsBookingFee: boolean("absorbs_booking_fee").notNull().default(false),
    /** The minimum age to attend (issue 34): 14, 16, 18 or 21; null for no limit. */
    minAge: integer("min_age"),
    /** Buyers may pass a ticket on until this many hours before the start (issue 36); 0: until the start. */
    transferCutoffHours: integer("transfer_cutoff_hours").notNull().default(0),
    /** What the organiser asks about each ticket's attendee (issue 36), in order; the answers travel with the order's lines. */
    questions: jsonb("questions").$type<TicketQuestion[]>().notNull().default([]),
    /** Buyers may join a waiting list once a type or the event sells out (issue 37, decision 043); off: its entries stop counting against places. */
    waitingListEnabled: boolean("waiting_list_enabled").notNull().default(true),
    /** The door opens this many minutes before the start (issue 38): a ticket scanned earlier needs staff to confirm (src/domain/door.ts). */
    doorOpensMinutesBefore: integer("door_opens_minutes_before").notNull().default(180),
    /** How long a waiting-list offer holds its place, in hours (1 to 168), never past the end of sales or the start. */
    waitingOfferHours: integer("waiting_offer_hours").notNull().default(24),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Listing queries filter on status and order by date_time; category and owner lists have their own.
    index("events_status_date_idx").on(t.status, t.dateTime),
    index("events_status_category_date_idx").on(t.status, sql`lower(${t.category})`, t.dateTime),
    index("events_status_price_idx").on(t.status, t.pricePence),
    index("events_user_created_idx").on(t.userId, t.createdAt),
    index("events_listing_always_idx")
      .on(t.status, t.dateTime)
      .where(sql`${t.businessType} = 'restaurant' or ${t.category} = 'ongoing-business'`),
    check("events_min_age", sql`${t.minAge} in (14, 16, 18, 21)`),
    check("events_waiting_offer_hours", sql`${t.waitingOfferHours} between 1 and 168`),
  ],
);

/**
 * What an event sells (decision D24, issue 36): each type at its own price, with an optional capacity of
 * its own under the event's, a sales window, per-order limits, and shown or hidden (sold only through a
 * code). A type with sales is never deleted (the foreign keys of order_lines and bookings refuse it); its
 * sales are ended instead. Deleted with its event, which can only be deleted without sales.
 */
export const ticketTypes = pgTable(
  "ticket_types",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description"),
    pricePence: integer("price_pence").notNull(),
    capacity: integer("capacity"),
    salesStart: timestamp("sales_start", { withTimezone: true }),
    salesEnd: timestamp("sales_end", { withTimezone: true }),
    minPerOrder: integer("min_per_order").notNull().default(1),
    maxPerOrder: integer("max_per_order"),
    /** Its place in the event's list, from 0. */
    position: integer("position").notNull(),
    hidden: boolean("hidden").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("ticket_types_event_idx").on(t.eventId, t.position),
    check("ticket_types_price", sql`${t.pricePence} >= 0`),
    check("ticket_types_capacity", sql`${t.capacity} is null or ${t.capacity} >= 1`),
    check("ticket_types_per_order", sql`${t.minPerOrder} >= 1 and (${t.maxPerOrder} is null or ${t.maxPerOrder} >= ${t.minPerOrder})`),
    check("ticket_types_sales_window", sql`${t.salesStart} is null or ${t.salesEnd} is null or ${t.salesEnd} > ${t.salesStart}`),
  ],
);

export const bookings = pgTable(
  "bookings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // Restrict, never cascade: a sold ticket must not vanish with its event (issue 16).
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "restrict" }),
    /** The type its tickets are (issue 36). */
    ticketTypeId: uuid("ticket_type_id")
      .notNull()
      .references(() => ticketTypes.id, { onDelete: "restrict" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status").notNull().default("confirmed"),
    attendeeName: text("attendee_name").notNull(),
    attendeeEmail: text("attendee_email").notNull(),
    /** Tickets still valid (they hold places and admit at the door); refunded ones move to refunded_quantity. */
    ticketQuantity: integer("ticket_quantity").notNull(),
    refundedQuantity: integer("refunded_quantity").notNull().default(0),
    /** What the buyer paid for this booking (tickets and fees); refunds are ledger entries, never edits of this. */
    totalAmountPence: integer("total_amount_pence").notNull(),
    qrCode: text("qr_code"),
    ticketCode: text("ticket_code").notNull().unique(),
    stripeSessionId: text("stripe_session_id"),
    orderLineId: uuid("order_line_id"),
    checkedInAt: timestamp("checked_in_at", { withTimezone: true }),
    /** Ticket e-mail delivery, written by the e-mail job (null sent_at: still queued or failing). */
    ticketEmailSentAt: timestamp("ticket_email_sent_at", { withTimezone: true }),
    ticketEmailProvider: text("ticket_email_provider"),
    ticketEmailError: text("ticket_email_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Ticket counts per event are read from the index alone (dashboard, issue 21).
    index("bookings_event_status_idx").on(t.eventId, t.status, t.ticketQuantity),
    // A type's tickets counted from the index alone (its places left, issue 36).
    index("bookings_type_status_idx").on(t.ticketTypeId, t.status, t.ticketQuantity),
    // An event's bookings by sale time: the attendee CSV's pages, the latest sales, the sales chart's days.
    index("bookings_event_created_idx").on(t.eventId, t.createdAt, t.id),
    index("bookings_user_created_idx").on(t.userId, t.createdAt),
    index("bookings_session_idx").on(t.stripeSessionId),
    // One booking per order line, however often a payment is confirmed (ARCHITECTURE Confirmation).
    uniqueIndex("bookings_order_line_idx").on(t.orderLineId),
    // The retention job's bookings still holding personal data, by age (issue 34; ANONYMISED_EMAIL).
    index("bookings_retention_idx").on(t.createdAt).where(sql`${t.attendeeEmail} <> 'anonymised@invalid'`),
  ],
);

/**
 * One ticket per attendee (issue 36, decision 041): each place a booking bought is a ticket with its own code,
 * signed QR, attendee and check-in. Issued by a trigger on bookings (migration 0028), so every way a booking is
 * made (confirmation, seed, fixtures) issues its tickets; ticket 1's code is the booking's ticket_code. Its
 * price and fees are its order line's. The booking stays the order line's unit of money; its ticket_quantity
 * is the count of its valid tickets (reconcile holds the two equal).
 */
export const tickets = pgTable(
  "tickets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "restrict" }),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "restrict" }),
    ticketTypeId: uuid("ticket_type_id")
      .notNull()
      .references(() => ticketTypes.id, { onDelete: "restrict" }),
    /** Its place in the booking, from 1. */
    position: integer("position").notNull(),
    code: text("code").notNull().unique(),
    attendeeName: text("attendee_name").notNull(),
    /** The attendee's own e-mail when the buyer gave one: they get their own ticket. */
    attendeeEmail: text("attendee_email"),
    /** valid | refunded */
    status: text("status").notNull().default("valid"),
    /** The refund that took it back (null for tickets refunded before tickets were records). */
    refundId: uuid("refund_id").references(() => refunds.id, { onDelete: "restrict" }),
    checkedInAt: timestamp("checked_in_at", { withTimezone: true }),
    /** Who admitted it first and through which list (issue 38), as the scan log names them: "Already checked in" says so. */
    checkedInBy: text("checked_in_by"),
    checkedInListId: uuid("checked_in_list_id").references((): AnyPgColumn => checkInLists.id, { onDelete: "set null" }),
    /** Its latest move at the door: in, or out after an exit scan (re-entry rules, src/domain/door.ts). */
    lastMove: text("last_move"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("tickets_booking_position_idx").on(t.bookingId, t.position),
    index("tickets_event_status_idx").on(t.eventId, t.status, t.checkedInAt),
    check("tickets_status", sql`${t.status} in ('valid', 'refunded')`),
    check("tickets_last_move", sql`${t.lastMove} in ('in', 'out')`),
    check("tickets_position", sql`${t.position} >= 1`),
  ],
);

/**
 * What happened to a ticket's holder (issue 36): a transfer (new holder, new code: the old one is refused at the
 * door, and travels in the offline list's revocations) or a rename by its organiser (same code). Never edited.
 */
export const ticketChanges = pgTable(
  "ticket_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ticketId: uuid("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "restrict" }),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "restrict" }),
    /** transfer | rename */
    kind: text("kind").notNull(),
    fromName: text("from_name").notNull(),
    fromEmail: text("from_email"),
    toName: text("to_name").notNull(),
    toEmail: text("to_email"),
    /** A transfer's code before and after; a rename keeps the code (both the same). */
    oldCode: text("old_code").notNull(),
    newCode: text("new_code").notNull(),
    changedBy: text("changed_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("ticket_changes_ticket_idx").on(t.ticketId, t.createdAt),
    // The door's revocation list: an event's codes given up by a transfer.
    index("ticket_changes_event_old_code_idx").on(t.eventId, t.oldCode),
    uniqueIndex("ticket_changes_old_code_idx").on(t.oldCode).where(sql`${t.kind} = 'transfer'`),
    check("ticket_changes_kind", sql`${t.kind} in ('transfer', 'rename')`),
  ],
);

/** Fixed-window counters shared by every app node (auth abuse limits, spec Abuse). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
});

/** The dev outbox: e-mail and SMS the app would have sent, readable at /dev/mailbox (never in production). */
export const outboxMessages = pgTable(
  "outbox_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    channel: text("channel").notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject"),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("outbox_recipient_created_idx").on(sql`lower(${t.recipient})`, t.createdAt)],
);

/** Affiliates earn commission on booking fees through their codes (spec §3 Affiliate). */
export const affiliates = pgTable(
  "affiliates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    affiliateCode: text("affiliate_code").notNull().unique(),
    commissionRate: integer("commission_rate").notNull().default(10),
    status: text("status").notNull().default("active"),
    totalEarningsPence: integer("total_earnings_pence").notNull().default(0),
    totalReferrals: integer("total_referrals").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("affiliates_user_idx").on(t.userId, t.createdAt)],
);

/**
 * A checkout: one payment session (cs_…) for one or more lines. While pending and unexpired, its lines
 * hold their places (decisions D9); confirmation turns each line into a booking, once.
 */
export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sessionId: text("session_id").notNull().unique(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status").notNull().default("pending"),
    provider: text("provider").notNull(),
    affiliateId: uuid("affiliate_id").references(() => affiliates.id, { onDelete: "set null" }),
    attendeeName: text("attendee_name").notNull(),
    attendeeEmail: text("attendee_email").notNull(),
    subtotalPence: integer("subtotal_pence").notNull(),
    feesPence: integer("fees_pence").notNull(),
    totalPence: integer("total_pence").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** The provider's payment (Stripe PaymentIntent id), for refunds. */
    paymentReference: text("payment_reference"),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    /** Why a paid order was refunded instead of confirmed, as told to the buyer. */
    refundReason: text("refund_reason"),
    /** Set once the buyer has been e-mailed about the refund (the refund-email job). */
    refundEmailSentAt: timestamp("refund_email_sent_at", { withTimezone: true }),
    /**
     * The receipt's number in the platform's series (issue 34), given in the transaction that confirms a paid
     * order (numberReceipts); null until then, and for an order never confirmed.
     */
    receiptNumber: integer("receipt_number").unique("orders_receipt_number_unique"),
    /** The platform as its receipt names it, from configuration when the receipt was numbered (a later change changes no receipt). */
    platformName: text("platform_name"),
    platformCompanyNumber: text("platform_company_number"),
    platformAddress: text("platform_address"),
    /** Null when the platform was not VAT-registered: the receipt shows no VAT on its booking fee. */
    platformVatNumber: text("platform_vat_number"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("orders_status_expires_idx").on(t.status, t.expiresAt),
    index("orders_user_idx").on(t.userId, t.createdAt),
    // The provider's webhooks (refunds, disputes) name the payment, not our order.
    index("orders_payment_reference_idx").on(t.paymentReference),
    // The retention job's orders still holding personal data, by booking time (issue 34; ANONYMISED_EMAIL).
    index("orders_retention_idx").on(sql`coalesce(${t.paidAt}, ${t.createdAt})`).where(sql`${t.attendeeEmail} <> 'anonymised@invalid'`),
    check(
      "orders_receipt_issuer",
      sql`${t.receiptNumber} is null or (${t.platformName} is not null and ${t.platformCompanyNumber} is not null and ${t.platformAddress} is not null)`,
    ),
  ],
);

export const orderLines = pgTable(
  "order_lines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    // Restrict, never cascade: a hold (or a paid order's line) must not vanish with its event (issue 16).
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "restrict" }),
    /** The type the line sells (issue 36); unit_price_pence is its price when the line was made. */
    ticketTypeId: uuid("ticket_type_id")
      .notNull()
      .references(() => ticketTypes.id, { onDelete: "restrict" }),
    quantity: integer("quantity").notNull(),
    unitPricePence: integer("unit_price_pence").notNull(),
    /** What the buyer paid per ticket in booking fee (0 when the organiser absorbs it). */
    feePerTicketPence: integer("fee_per_ticket_pence").notNull(),
    /** The booking fee per ticket the organiser absorbed (D22), taken from their payout; 0 when the buyer paid it. */
    absorbedFeePerTicketPence: integer("absorbed_fee_per_ticket_pence").notNull().default(0),
    totalPence: integer("total_pence").notNull(),
    /** The attendees the buyer named, one per ticket in order ({ name, email?, answers? }: answers to the event's questions as asked); null: every ticket in the buyer's name. */
    attendees: jsonb("attendees").$type<{ name: string; email?: string; answers?: TicketAnswer[] }[]>(),
    /**
     * While its order is pending, the order's expires_at; null once the order is paid, expired or
     * cancelled. Kept by triggers on orders and order_lines (migration 0016; docs/decisions/031), never
     * written by the app: a hold's places are counted from its event's own lines (placesTaken).
     */
    heldUntil: timestamp("held_until", { withTimezone: true }),
    /**
     * The code that priced the line (issue 37), restrict: a code that was ever used is deactivated, not
     * deleted. Its uses are counted from these lines as places are (docs/decisions/042), never kept as a counter.
     */
    codeId: uuid("code_id").references(() => codes.id, { onDelete: "restrict" }),
    /** What the code took off each ticket: unit_price_pence is the price paid, its type's price less this. */
    discountPerTicketPence: integer("discount_per_ticket_pence").notNull().default(0),
    /**
     * The waiting-list offer the line was bought with (issue 37, decision 043): while the line's hold is live,
     * the place is counted from the line and the offer stops counting apart (placesTaken).
     */
    waitingOfferId: uuid("waiting_offer_id").references((): AnyPgColumn => waitingListOffers.id, { onDelete: "set null" }),
  },
  (t) => [
    index("order_lines_event_idx").on(t.eventId),
    index("order_lines_order_idx").on(t.orderId),
    index("order_lines_code_idx").on(t.codeId).where(sql`${t.codeId} is not null`),
    index("order_lines_waiting_offer_idx").on(t.waitingOfferId).where(sql`${t.waitingOfferId} is not null`),
    check("order_lines_discount", sql`${t.discountPerTicketPence} >= 0 and (${t.codeId} is not null or ${t.discountPerTicketPence} = 0)`),
  ],
);

/**
 * Discount and access codes (issue 37, decision D25): an organiser's, for one of their events or all of them
 * (event_id null), unique per organiser whatever the case. `value` is the percent off, the pence off or the
 * set price per ticket (src/domain/codes.ts). Uses are counted per ticket from order lines, never stored.
 */
export const codes = pgTable(
  "codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organiserId: text("organiser_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    eventId: uuid("event_id").references(() => events.id, { onDelete: "cascade" }),
    /** Normalised: trimmed, upper case (normaliseCode). */
    code: text("code").notNull(),
    effect: text("effect").notNull(),
    value: integer("value").notNull().default(0),
    /** The types it applies to; empty: every shown type of its event(s). */
    ticketTypeIds: uuid("ticket_type_ids").array().notNull().default(sql`'{}'::uuid[]`),
    validFrom: timestamp("valid_from", { withTimezone: true }),
    validUntil: timestamp("valid_until", { withTimezone: true }),
    maxUses: integer("max_uses"),
    maxPerBuyer: integer("max_per_buyer"),
    /**
     * Places of its event kept back from the public for the code's buyers while it is active and unexpired
     * (issue 37): counted as taken by everyone else until used (events/places.ts). Only a code for one event.
     */
    reservedPlaces: integer("reserved_places"),
    active: boolean("active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("codes_organiser_code_idx").on(t.organiserId, sql`lower(${t.code})`),
    index("codes_event_idx").on(t.eventId),
    check("codes_effect", sql`${t.effect} in ('percent', 'amount', 'set_price', 'none')`),
    check(
      "codes_value",
      sql`(${t.effect} = 'percent' and ${t.value} between 1 and 100) or (${t.effect} = 'amount' and ${t.value} >= 1) or (${t.effect} = 'set_price' and ${t.value} >= 0) or (${t.effect} = 'none' and ${t.value} = 0)`,
    ),
    check("codes_limits", sql`(${t.maxUses} is null or ${t.maxUses} >= 1) and (${t.maxPerBuyer} is null or ${t.maxPerBuyer} >= 1)`),
    check("codes_window", sql`${t.validFrom} is null or ${t.validUntil} is null or ${t.validUntil} > ${t.validFrom}`),
    check("codes_reserved_places", sql`${t.reservedPlaces} is null or (${t.reservedPlaces} >= 1 and ${t.eventId} is not null and (${t.maxUses} is null or ${t.reservedPlaces} <= ${t.maxUses}))`),
    index("codes_reserved_idx").on(t.eventId).where(sql`${t.reservedPlaces} is not null`),
  ],
);

/**
 * Each seller of a confirmed order as they were when it was paid (issue 33): the receipt's record of who
 * sold which of its events, under what name and address, and whether the price included VAT. Written in
 * the confirming transaction and never updated; the receipt reads nothing else about its sellers.
 * organiser_id has no foreign key: the record outlives the account.
 */
export const orderSellers = pgTable(
  "order_sellers",
  {
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    organiserId: text("organiser_id").notNull(),
    /** The events of the order this organiser sold (an event's organiser can change later). */
    eventIds: uuid("event_ids").array().notNull(),
    /** The name printed as the seller: the business name, else the display name, else the account's name. */
    name: text("name").notNull(),
    businessName: text("business_name"),
    displayName: text("display_name"),
    address: text("address"),
    vatNumber: text("vat_number"),
    /** The VAT rate the prices included, in basis points (2000 is 20%), from the VAT treatment; null when not VAT-registered or exempt. */
    vatRateBasisPoints: integer("vat_rate_basis_points"),
    /** As the seller's profile said when the order was paid (issue 34); null for orders recorded before. */
    sellerKind: text("seller_kind"),
    companyNumber: text("company_number"),
    vatTreatment: text("vat_treatment"),
    capturedAt: timestamp("captured_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.organiserId] }),
    // A rate needs a VAT number; an exempt seller may have a VAT number and no rate (issue 34).
    check("order_sellers_vat_treatment", sql`${t.vatRateBasisPoints} is null or ${t.vatNumber} is not null`),
    check("order_sellers_vat_treatment_value", sql`${t.vatTreatment} in ('standard', 'reduced', 'zero', 'exempt', 'not-registered')`),
    check("order_sellers_seller_kind", sql`${t.sellerKind} in ('business', 'individual')`),
  ],
);

/**
 * Full VAT invoices for orders over £250 (issue 34): one per VAT-registered issuer of an order (each seller in
 * their own "invoice" series, the platform in its "booking-fee-invoice" series), written once when the buyer
 * asks, with the buyer's name and address as given then, and never edited.
 */
export const vatInvoices = pgTable(
  "vat_invoices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    /** PLATFORM_ISSUER, or the organiser's user id. */
    issuer: text("issuer").notNull(),
    series: text("series").notNull(),
    number: integer("number").notNull(),
    sellerName: text("seller_name").notNull(),
    sellerAddress: text("seller_address"),
    sellerVatNumber: text("seller_vat_number").notNull(),
    sellerCompanyNumber: text("seller_company_number"),
    buyerName: text("buyer_name").notNull(),
    buyerAddress: text("buyer_address").notNull(),
    /** VatInvoiceLine[] (domain/receipt-shapes.ts). */
    lines: jsonb("lines").notNull(),
    netPence: integer("net_pence").notNull(),
    vatPence: integer("vat_pence").notNull(),
    grossPence: integer("gross_pence").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("vat_invoices_issuer_series_number_unique").on(t.issuer, t.series, t.number),
    unique("vat_invoices_order_id_issuer_unique").on(t.orderId, t.issuer),
    check("vat_invoices_adds_up", sql`${t.netPence} + ${t.vatPence} = ${t.grossPence}`),
  ],
);

/**
 * Credit notes against issued VAT invoices (decision 036): one per refund and invoice the refund credits, issued
 * in the transaction that records the refund (or, for refunds made before the invoices, that issues them),
 * numbered in the issuer's own `credit-note` series, and never edited. The parties are copied from the invoice.
 */
export const vatCreditNotes = pgTable(
  "vat_credit_notes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => vatInvoices.id, { onDelete: "restrict" }),
    refundId: uuid("refund_id")
      .notNull()
      .references(() => refunds.id, { onDelete: "restrict" }),
    /** The invoice's issuer: PLATFORM_ISSUER, or the organiser's user id. */
    issuer: text("issuer").notNull(),
    series: text("series").notNull(),
    number: integer("number").notNull(),
    reason: text("reason").notNull(),
    sellerName: text("seller_name").notNull(),
    sellerAddress: text("seller_address"),
    sellerVatNumber: text("seller_vat_number").notNull(),
    sellerCompanyNumber: text("seller_company_number"),
    buyerName: text("buyer_name").notNull(),
    buyerAddress: text("buyer_address").notNull(),
    /** CreditNoteLine[] (receipts/vat-credit-notes.service.ts): VatCreditNoteLine and the order line it credits. */
    lines: jsonb("lines").notNull(),
    netPence: integer("net_pence").notNull(),
    vatPence: integer("vat_pence").notNull(),
    grossPence: integer("gross_pence").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("vat_credit_notes_issuer_series_number_unique").on(t.issuer, t.series, t.number),
    // A refund credits each invoice once, however often it is recorded again.
    unique("vat_credit_notes_refund_id_invoice_id_unique").on(t.refundId, t.invoiceId),
    index("vat_credit_notes_order_idx").on(t.orderId),
    check("vat_credit_notes_adds_up", sql`${t.netPence} + ${t.vatPence} = ${t.grossPence}`),
    check("vat_credit_notes_positive", sql`${t.grossPence} > 0`),
  ],
);

/** The commission ledger: one row per booking that earned an affiliate commission; totals are sums of it. */
export const affiliateCommissions = pgTable("affiliate_commissions", {
  id: uuid("id").primaryKey().defaultRandom(),
  affiliateId: uuid("affiliate_id")
    .notNull()
    .references(() => affiliates.id, { onDelete: "cascade" }),
  bookingId: uuid("booking_id")
    .notNull()
    .unique()
    .references(() => bookings.id, { onDelete: "cascade" }),
  amountPence: integer("amount_pence").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Ed25519 keys that sign ticket QR codes (decisions D13). The newest unretired key signs; every key
 * stays valid for verification until deleted, so rotating never invalidates tickets already sent.
 */
export const ticketSigningKeys = pgTable("ticket_signing_keys", {
  kid: text("kid").primaryKey(),
  publicKey: text("public_key").notNull(),
  privateKey: text("private_key").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  retiredAt: timestamp("retired_at", { withTimezone: true }),
});

/** Messages sent through the contact form (decisions.md D7): kept, and e-mailed to the support inbox. */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    /** Set once the support inbox has the message; null means delivery failed and it waits here. */
    emailedAt: timestamp("emailed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("contact_messages_created_idx").on(t.createdAt)],
);

/**
 * The money ledger (ARCHITECTURE Money is a ledger; decision 027): append-only, one row per movement, each
 * tied to its order (and booking, event, refund or affiliate where it has one) and to the provider's own
 * id. `entry_key` makes every write idempotent: writing the same movement twice is a conflict, not money.
 * Amounts are positive pence; `kind` says which way they go (src/domain/ledger.ts).
 */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    entryKey: text("entry_key").notNull().unique(),
    kind: text("kind").notNull(),
    amountPence: integer("amount_pence").notNull(),
    /** Null only for a transfer or its reversal: a payout covers an event's many orders (issue 20). */
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "restrict" }),
    bookingId: uuid("booking_id").references(() => bookings.id, { onDelete: "restrict" }),
    eventId: uuid("event_id").references(() => events.id, { onDelete: "restrict" }),
    refundId: uuid("refund_id"),
    /** The payout a transfer (or its reversal) belongs to. */
    payoutId: uuid("payout_id"),
    affiliateId: uuid("affiliate_id").references(() => affiliates.id, { onDelete: "restrict" }),
    /** The provider's id for this movement: the payment (pi_…/cs_…), refund (re_…) or dispute (dp_…). */
    providerRef: text("provider_ref"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("ledger_order_idx").on(t.orderId),
    index("ledger_booking_idx").on(t.bookingId),
    // Carries what an event's money sums read, so they never visit the table (dashboard, statements; issue 21).
    index("ledger_event_kind_idx").on(t.eventId, t.kind, t.affiliateId, t.amountPence),
    index("ledger_affiliate_idx").on(t.affiliateId),
    index("ledger_payout_idx").on(t.payoutId),
    check("ledger_amount_positive", sql`${t.amountPence} > 0`),
  ],
);

/**
 * The sales tally (decision 030): what the dashboard sums, per event, UK sale day and kind, so that an
 * organiser's figures cost the same with 50 or 50,000 bookings. `kind` is a ledger kind (its pence), or
 * `tickets` / `bookings` (valid tickets and confirmed bookings). Written only by triggers of migration
 * 0014, from bookings and ledger_entries as they change: each change appends a move, and the
 * `sales-tally-fold` job folds moves into `sales_tally_days`. A reader sums both tables in one statement,
 * so a fold is never seen half done. Ledger lines with no booking (transfers) count on day -infinity.
 */
/** An amount of one kind on an event's sale day: the columns both tally tables share (fresh builders per table). */
function tallyColumns() {
  return {
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    kind: text("kind").notNull(),
    amount: bigint("amount", { mode: "number" }).notNull(),
  };
}

export const salesTallyDays = pgTable(
  "sales_tally_days",
  tallyColumns(),
  (t) => [primaryKey({ columns: [t.eventId, t.day, t.kind] })],
);

/** Changes to the sales tally not yet folded into sales_tally_days (appended by triggers, never updated). */
export const salesTallyMoves = pgTable(
  "sales_tally_moves",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    ...tallyColumns(),
  },
  (t) => [index("sales_tally_moves_event_idx").on(t.eventId, t.day)],
);

/**
 * Search's vocabulary (decision 029): every word of the searchable fields of every event (title, venue,
 * location, description), lower-cased and unstemmed, kept by statement triggers of migration 0015. A
 * partial or misspelt word of a search (`jaz`, `brixtn`) is matched against these words by trigram
 * similarity, and the words found become full-text terms, so the search itself runs on events' full-text
 * index. Words are never removed: one no event uses any longer only matches nothing.
 */
export const searchWords = pgTable("search_words", { word: text("word").primaryKey() });

/**
 * A refund: asked for once (request_key is unique, so a repeated or concurrent request is the same refund),
 * its places freed and its tickets voided in that transaction, then paid back through the provider with
 * the refund's id as the idempotency key, by the request or by the refund job after a crash (decision 027).
 */
export const refunds = pgTable(
  "refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    requestKey: text("request_key").notNull().unique(),
    /** Null for a free booking's tickets: places and validity go back, no money moves. */
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "restrict" }),
    /** Null for a payment refunded whole before it became bookings (sold out or event removed meanwhile). */
    bookingId: uuid("booking_id").references(() => bookings.id, { onDelete: "restrict" }),
    eventId: uuid("event_id").references(() => events.id, { onDelete: "restrict" }),
    quantity: integer("quantity").notNull().default(0),
    ticketPence: integer("ticket_pence").notNull(),
    feePence: integer("fee_pence").notNull(),
    commissionPence: integer("commission_pence").notNull().default(0),
    /** The organiser fee (2.9% + 30p per ticket) no longer due on the refunded tickets (D22). */
    organiserFeePence: integer("organiser_fee_pence").notNull().default(0),
    /** The absorbed booking fee given back to the organiser: only when a buyer would have had the fee back. */
    absorbedFeePence: integer("absorbed_fee_pence").notNull().default(0),
    affiliateId: uuid("affiliate_id"),
    /** organiser | buyer-request | cancellation | postponement | unfulfilled | provider */
    source: text("source").notNull(),
    reason: text("reason").notNull(),
    requestedBy: text("requested_by"),
    /** pending (places freed, money not yet back) | succeeded | failed (the provider refused; see failure). */
    status: text("status").notNull().default("pending"),
    /**
     * The provider's refund (re_…). One provider refund is one row per booking it reached: a refund made in
     * Stripe's dashboard can pay back tickets of several bookings of one order (migration 0010).
     */
    providerRefundId: text("provider_refund_id"),
    failure: text("failure"),
    emailSentAt: timestamp("email_sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    index("refunds_booking_idx").on(t.bookingId),
    index("refunds_event_source_idx").on(t.eventId, t.source),
    index("refunds_status_idx").on(t.status),
    // A provider's refund is recorded once per booking it reached, and once for the order's remainder
    // (migration 0017). Refunds not yet made carry no provider id and are never held to this: two late
    // payments of one sold-out event may both be waiting for their refund (decision 033).
    uniqueIndex("refunds_provider_refund_booking_key").on(t.providerRefundId, t.bookingId).where(sql`${t.providerRefundId} is not null and ${t.bookingId} is not null`),
    uniqueIndex("refunds_provider_refund_order_key").on(t.providerRefundId).where(sql`${t.providerRefundId} is not null and ${t.bookingId} is null`),
  ],
);

/** A buyer's request for a refund (decision 027): the organiser approves or declines; one open request per booking. */
export const refundRequests = pgTable(
  "refund_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "restrict" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    reason: text("reason").notNull(),
    /** pending | approved | declined */
    status: text("status").notNull().default("pending"),
    decidedBy: text("decided_by"),
    decisionNote: text("decision_note"),
    refundId: uuid("refund_id"),
    /** The tickets asked for (issue 36); null: the booking's valid tickets not checked in when it is approved. */
    ticketIds: uuid("ticket_ids").array(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("refund_requests_open_idx").on(t.bookingId).where(sql`${t.status} = 'pending'`),
    index("refund_requests_status_created_idx").on(t.status, t.createdAt),
  ],
);

/**
 * How an organiser hears of buyers' refund requests (issue 33): `each` (an e-mail per request, the default
 * for an organiser with no row) or `daily` (one summary a day of the requests still open).
 */
export const organiserNoticeSettings = pgTable(
  "organiser_notice_settings",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    refundRequestEmails: text("refund_request_emails").notNull().default("each"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("organiser_notice_settings_refund_request_emails", sql`${t.refundRequestEmails} in ('each', 'daily')`)],
);

/**
 * One row per daily refund-request summary sent to an organiser: its UK day is the key that makes a second
 * run that day send nothing, and `coveredUntil` is where the next summary starts.
 */
export const refundRequestSummaries = pgTable(
  "refund_request_summaries",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    coveredFrom: timestamp("covered_from", { withTimezone: true }),
    coveredUntil: timestamp("covered_until", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/**
 * A payee's Stripe Connect account (Express; D23), or the local provider's simulated one (acct_local_…,
 * ready at once). One per user: organisers are paid their events' net, affiliates their commission.
 * The `account.updated` webhook keeps the status current.
 */
export const payoutAccounts = pgTable("payout_accounts", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  provider: text("provider").notNull(),
  accountId: text("account_id").notNull().unique(),
  /** Stripe's `payouts_enabled` and the `transfers` capability active: we may transfer to it. */
  ready: boolean("ready").notNull().default(false),
  detailsSubmitted: boolean("details_submitted").notNull().default(false),
  payoutsEnabled: boolean("payouts_enabled").notNull().default(false),
  /** What Stripe still needs (requirements.currently_due), as its field names. */
  requirementsDue: text("requirements_due").array().notNull().default(sql`'{}'::text[]`),
  disabledReason: text("disabled_reason"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What one payee is paid for one event (D23): the organiser their event's net, each affiliate their
 * commission on it. One row per (event, payee); `transfer_key` is the provider's idempotency key, so a
 * restarted job asks for the same transfer. pending → paid (transfer made, on the ledger) or waiting
 * (no ready account yet, nothing due).
 */
export const payouts = pgTable(
  "payouts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "restrict" }),
    /** organiser | affiliate */
    payeeKind: text("payee_kind").notNull(),
    payeeUserId: text("payee_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    affiliateId: uuid("affiliate_id").references(() => affiliates.id, { onDelete: "restrict" }),
    amountPence: integer("amount_pence").notNull(),
    /** pending | paid | failed */
    status: text("status").notNull().default("pending"),
    transferKey: text("transfer_key").notNull().unique(),
    accountId: text("account_id"),
    providerTransferId: text("provider_transfer_id"),
    failure: text("failure"),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
  },
  (t) => [
    unique("payouts_event_payee_key").on(t.eventId, t.payeeKind, t.payeeUserId),
    index("payouts_payee_idx").on(t.payeeUserId, t.createdAt),
    index("payouts_status_idx").on(t.status),
    check("payouts_amount_positive", sql`${t.amountPence} > 0`),
  ],
);

/** Money taken back from a payout after it was paid (a refund or dispute after payout): a transfer reversal (trr_…). */
export const payoutReversals = pgTable(
  "payout_reversals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    payoutId: uuid("payout_id")
      .notNull()
      .references(() => payouts.id, { onDelete: "restrict" }),
    /** Names what caused it (`refund:{id}`, `dispute:{dp}`, `settle:{event}:{n}`): unique, so a retry is the same reversal. */
    reversalKey: text("reversal_key").notNull().unique(),
    amountPence: integer("amount_pence").notNull(),
    /** pending | succeeded | failed */
    status: text("status").notNull().default("pending"),
    providerReversalId: text("provider_reversal_id"),
    failure: text("failure"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [index("payout_reversals_payout_idx").on(t.payoutId), check("payout_reversals_amount_positive", sql`${t.amountPence} > 0`)],
);

/**
 * The local payment provider's own record of the refunds, transfers and reversals it made (decision 026): what
 * reconcile asks it for, as it asks Stripe's list endpoints. Its payments are the orders its Pay button paid
 * (`orders.paid_at` and a `pi_local_…` reference). Written by the provider, never by the ledger's code.
 */
export const localPaymentRecords = pgTable(
  "local_payment_records",
  {
    /** re_local_…, tr_local_… or trr_local_…: the id the provider answered with. */
    id: text("id").primaryKey(),
    /** refund | transfer | transfer_reversal */
    kind: text("kind").notNull(),
    amountPence: integer("amount_pence").notNull(),
    /** A refund's payment (pi_local_…), or a reversal's transfer (tr_local_…). */
    parentRef: text("parent_ref"),
    /** Ours, as the provider's metadata keeps it: a refund's id, a transfer's payout id. */
    ourRef: text("our_ref"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("local_payment_records_created_idx").on(t.createdAt)],
);

/**
 * The last number each issuer has given in each series of documents (issue 34): receipts, VAT invoices and
 * fee statements are numbered 1, 2, 3… per issuer without gaps. A number is taken in the transaction that
 * writes its document (nextDocumentNumbers), so a rolled-back document gives its number back.
 */
export const documentSequences = pgTable(
  "document_sequences",
  {
    /** 'platform', or an organiser's user id (no foreign key: the numbering outlives the account). */
    issuer: text("issuer").notNull(),
    series: text("series").notNull(),
    lastNumber: integer("last_number").notNull(),
  },
  (t) => [primaryKey({ columns: [t.issuer, t.series] }), check("document_sequences_positive", sql`${t.lastNumber} > 0`)],
);

/**
 * The platform's monthly fee statements to organisers as issued (issue 34): VAT invoices when the platform is
 * VAT-registered. One per organiser and closed UK month, holding who issued it to whom and its lines as they
 * were at issue; the PDF is rendered from this record, so nothing changed later alters an issued statement.
 */
export const feeStatements = pgTable(
  "fee_statements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The organiser billed (no foreign key: the record is kept for its statutory period after the account). */
    organiserId: text("organiser_id").notNull(),
    /** The UK month (YYYY-MM) whose fees it lists. */
    month: text("month").notNull(),
    /** Its place in the platform's "fee-statement" series (nextDocumentNumbers): 1, 2, 3… without gaps. */
    number: integer("number").notNull().unique(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
    issuer: jsonb("issuer").$type<FeeStatementParty>().notNull(),
    recipient: jsonb("recipient").$type<FeeStatementRecipient>().notNull(),
    /** The VAT rate the fees include, in basis points; null when the platform was not VAT-registered at issue. */
    vatRateBasisPoints: integer("vat_rate_basis_points"),
    lines: jsonb("lines").$type<IssuedFeeStatementLine[]>().notNull(),
  },
  (t) => [unique("fee_statements_organiser_month").on(t.organiserId, t.month), check("fee_statements_month", sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`)],
);

/**
 * The waiting list (issue 37, decision 043): one entry per buyer and event and type (ticket_type_id) or any
 * type (null) while it is live (waiting or offered). Waiting entries count against places (placesTaken), so
 * freed places go to the list before the public.
 */
export const waitingListEntries = pgTable(
  "waiting_list_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    ticketTypeId: uuid("ticket_type_id").references(() => ticketTypes.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** waiting, offered, bought, left, lapsed or closed. */
    status: text("status").notNull().default("waiting"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("waiting_list_entries_live_idx")
      .on(t.userId, t.eventId, sql`coalesce(${t.ticketTypeId}, '00000000-0000-0000-0000-000000000000'::uuid)`)
      .where(sql`${t.status} in ('waiting', 'offered')`),
    index("waiting_list_entries_event_idx").on(t.eventId, t.createdAt).where(sql`${t.status} in ('waiting', 'offered')`),
    index("waiting_list_entries_user_idx").on(t.userId),
    check("waiting_list_entries_status", sql`${t.status} in ('waiting', 'offered', 'bought', 'left', 'lapsed', 'closed')`),
  ],
);

/**
 * An offer of one freed place to a waiting entry (issue 37): open until it expires, is taken (its order
 * confirmed), declined or withdrawn. An open offer counts against places until a live hold line carries it.
 * `token` is random (32 bytes, base64url): the link in the offer's e-mail.
 */
export const waitingListOffers = pgTable(
  "waiting_list_offers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    entryId: uuid("entry_id")
      .notNull()
      .references(() => waitingListEntries.id, { onDelete: "cascade" }),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    ticketTypeId: uuid("ticket_type_id").references(() => ticketTypes.id, { onDelete: "cascade" }),
    token: text("token").notNull().unique(),
    /** Who sent it: auto (the job) or organiser (sent by hand). Not a person's id. */
    sentBy: text("sender").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** open, taken, lapsed, declined or withdrawn. */
    status: text("status").notNull().default("open"),
    takenOrderId: uuid("taken_order_id").references(() => orders.id, { onDelete: "set null" }),
    emailSentAt: timestamp("email_sent_at", { withTimezone: true }),
  },
  (t) => [
    index("waiting_list_offers_open_idx").on(t.eventId).where(sql`${t.status} = 'open'`),
    index("waiting_list_offers_entry_idx").on(t.entryId),
    check("waiting_list_offers_status", sql`${t.status} in ('open', 'taken', 'lapsed', 'declined', 'withdrawn')`),
    check("waiting_list_offers_sender", sql`${t.sentBy} in ('auto', 'organiser')`),
  ],
);

/**
 * A ticket's wallet pass (D27, decision 045): one per ticket and code, shared by its Apple pass (serial number)
 * and its Google object ({issuer}.{serial}). A transfer gives the ticket a new code, so the new holder gets a
 * new pass and this one is voided. `version` rises with every change the pass shows (void, a new time) in the
 * transaction that made it; the row is its own outbox: the update job delivers each version above
 * `delivered_version` (APNs pushes, Google's object) and records it, so a crash or an outage is retried and a
 * version is delivered once. The Apple authentication token is kept only as a hash.
 */
export const walletPasses = pgTable(
  "wallet_passes",
  {
    serialNumber: uuid("serial_number").primaryKey().defaultRandom(),
    ticketId: uuid("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "restrict" }),
    /** The ticket's code when the pass was issued: a transfer's new code is a new pass. */
    ticketCode: text("ticket_code").notNull(),
    authTokenHash: text("auth_token_hash").notNull(),
    version: integer("version").notNull().default(1),
    deliveredVersion: integer("delivered_version").notNull().default(1),
    voided: boolean("voided").notNull().default(false),
    /** A digest of what the pass last showed (wallet-passes.service passShownSql): a postponement, an edit or a rename is noticed once. */
    shownContent: text("shown_content").notNull(),
    /** Last-Modified of the Apple pass, and the web service's update tag. */
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("wallet_passes_ticket_code_idx").on(t.ticketId, t.ticketCode),
    index("wallet_passes_updated_idx").on(t.updatedAt),
    index("wallet_passes_undelivered_idx").on(t.serialNumber).where(sql`${t.version} > ${t.deliveredVersion}`),
  ],
);

/** Apple devices registered for a pass's updates (PassKit web service): pushed through APNs when the pass changes. */
export const walletDeviceRegistrations = pgTable(
  "wallet_device_registrations",
  {
    deviceLibraryId: text("device_library_id").notNull(),
    serialNumber: uuid("serial_number")
      .notNull()
      .references(() => walletPasses.serialNumber, { onDelete: "cascade" }),
    pushToken: text("push_token").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.deviceLibraryId, t.serialNumber] }), index("wallet_device_registrations_serial_idx").on(t.serialNumber)],
);

/**
 * A check-in list (issue 38): the door's way in for some of an event's types (null: every type), in an
 * optional window. Every event has its default list (every type, made by a trigger when the event is made).
 * allow_multiple_entries: a ticket may enter any number of times; allow_reentry: once more after each exit scan.
 */
export const checkInLists = pgTable(
  "check_in_lists",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    isDefault: boolean("is_default").notNull().default(false),
    ticketTypeIds: uuid("ticket_type_ids").array(),
    opensAt: timestamp("opens_at", { withTimezone: true }),
    closesAt: timestamp("closes_at", { withTimezone: true }),
    allowMultipleEntries: boolean("allow_multiple_entries").notNull().default(false),
    allowReentry: boolean("allow_reentry").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("check_in_lists_default_idx").on(t.eventId).where(sql`${t.isDefault}`),
    uniqueIndex("check_in_lists_name_idx").on(t.eventId, t.name),
    check("check_in_lists_window", sql`${t.opensAt} is null or ${t.closesAt} is null or ${t.opensAt} < ${t.closesAt}`),
    check("check_in_lists_default_every_type", sql`not ${t.isDefault} or ${t.ticketTypeIds} is null`),
  ],
);

/**
 * Door access an organiser gave (issue 38, D26): a staff member invited by e-mail (kind staff: `userId` once
 * they accept), or a door link for a phone without an account (kind link, optionally with a PIN). Either
 * checks tickets in for its events only (door_access_events) until revoked. `tokenHash` is SHA-256 of the
 * invitation's or the link's secret (base64url); the secret itself is only ever in the e-mail or the link.
 */
export const doorAccess = pgTable(
  "door_access",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organiserId: text("organiser_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    /** Staff: the name the organiser gave, else the e-mail; link: its name ("North door"). Shown in the scan log. */
    label: text("label").notNull(),
    email: text("email"),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    pinHash: text("pin_hash"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    index("door_access_organiser_idx").on(t.organiserId),
    index("door_access_user_idx").on(t.userId).where(sql`${t.revokedAt} is null`),
    check("door_access_kind", sql`${t.kind} in ('staff', 'link')`),
    check("door_access_staff_email", sql`${t.kind} <> 'staff' or ${t.email} is not null`),
    check("door_access_link_no_user", sql`${t.kind} <> 'link' or (${t.userId} is null and ${t.email} is null)`),
  ],
);

/** The events a door access may check tickets in for. */
export const doorAccessEvents = pgTable(
  "door_access_events",
  {
    doorAccessId: uuid("door_access_id")
      .notNull()
      .references(() => doorAccess.id, { onDelete: "cascade" }),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.doorAccessId, t.eventId] }), index("door_access_events_event_idx").on(t.eventId)],
);

/**
 * The scan log (issue 38): every scan, admitted or refused, online or sent later from an offline scanner.
 * Never edited. Who: `userId` (organiser, admin or staff member) or `doorAccessId` (a door link; a staff
 * member's access too), with `byLabel` as it read then. A device's repeated upload of a scan (same device
 * and nonce) records nothing twice. result: admitted (an entry), exited (an exit scan) or refused, with why.
 */
export const scans = pgTable(
  "scans",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id").references(() => events.id, { onDelete: "cascade" }),
    ticketId: uuid("ticket_id").references(() => tickets.id, { onDelete: "cascade" }),
    /** What was scanned or typed, as the ticket's code when it was read as one (at most 100 characters). */
    scannedCode: text("scanned_code"),
    listId: uuid("list_id").references(() => checkInLists.id, { onDelete: "set null" }),
    direction: text("direction").notNull().default("in"),
    result: text("result").notNull(),
    reason: text("reason"),
    /** Admitted outside the door window or the list's window because staff confirmed it. */
    confirmed: boolean("confirmed").notNull().default(false),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    doorAccessId: uuid("door_access_id").references(() => doorAccess.id, { onDelete: "set null" }),
    byLabel: text("by_label").notNull(),
    deviceId: text("device_id"),
    nonce: text("nonce"),
    offline: boolean("offline").notNull().default(false),
    scannedAt: timestamp("scanned_at", { withTimezone: true }).notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("scans_device_nonce_idx").on(t.deviceId, t.nonce),
    index("scans_event_idx").on(t.eventId, t.receivedAt),
    index("scans_ticket_idx").on(t.ticketId, t.scannedAt),
    check("scans_direction", sql`${t.direction} in ('in', 'out')`),
    check("scans_result", sql`${t.result} in ('admitted', 'exited', 'refused')`),
  ],
);
