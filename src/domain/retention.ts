/**
 * How long each kind of personal data is kept (issue 34): the privacy notice states these periods and the
 * retention job enforces them (the server logs' period, the operator's log store), both from here. Financial records are kept for UK tax law's six years,
 * then lose the personal data in them (the amounts stay for the ledger's totals).
 */
export const RETENTION = {
  /** Orders, tickets, refunds, the ledger, payouts and invoices: six years after the booking (HMRC). */
  financialRecordsYears: 6,
  /** Messages sent through the contact form. */
  contactMessagesYears: 2,
  /** A checkout that was never paid (a lapsed or cancelled hold): no money moved, so nothing to keep. */
  unpaidCheckoutDays: 30,
  /**
   * The door (issue 38): the scan log of an event (who scanned which ticket, when and where), one year after
   * the event ends, for questions about who was let in; door access that ended, one year after it ended.
   */
  doorRecordsYears: 1,
  /** Counters that limit repeated requests. */
  rateLimitHours: 24,
  /** Mail a demo would have sent, in the dev outbox (demo mode only). */
  devOutboxDays: 30,
  /**
   * The server's request and error logs. The app writes them to stdout and keeps none itself, so the
   * operator's log store enforces this (docs/deploy.md §7).
   */
  serverLogsDays: 30,
} as const;
