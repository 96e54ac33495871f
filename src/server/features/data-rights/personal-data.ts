import { asc, eq, inArray, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { AppError, doorAccessStatus, type TicketAnswer } from "../../../domain";
import type { Db } from "../../db/client";
import {
  accounts,
  affiliateCommissions,
  affiliates,
  bookings,
  checkInLists,
  contactMessages,
  doorAccess,
  doorAccessEvents,
  documentSequences,
  events,
  feeStatements,
  ledgerEntries,
  orderLines,
  orderSellers,
  orders,
  organiserNoticeSettings,
  payoutAccounts,
  payoutReversals,
  payouts,
  profiles,
  refundRequests,
  refundRequestSummaries,
  refunds,
  scans,
  sessions,
  ticketChanges,
  waitingListEntries,
  waitingListOffers,
  tickets,
  ticketTypes,
  users,
  vatCreditNotes,
  vatInvoices,
} from "../../db/schema";

/**
 * Where each table's rows about a person go in the export, or why they are left out (issue 34): `by` names
 * every column that ties a row to a person (a user id, an e-mail address or phone number). The export test
 * reads the schema and fails when a table, or such a column, is missing here, so a new one is decided on.
 */
export const PERSONAL_DATA_TABLES: Record<string, { section: keyof PersonalDataExport; by: string[] } | { leftOut: string; by: string[] }> = {
  user: { section: "account", by: ["id", "email", "phone_number"] },
  profiles: { section: "profile", by: ["user_id"] },
  session: { section: "sessions", by: ["user_id", "impersonated_by"] },
  account: { section: "signInMethods", by: ["user_id", "account_id"] },
  verification: { leftOut: "sign-in codes and links: secrets that expire within a day (the retention job deletes them)", by: ["identifier", "value"] },
  events: { section: "organisedEvents", by: ["user_id"] },
  bookings: { section: "tickets", by: ["user_id", "attendee_email"] },
  tickets: { section: "tickets", by: ["attendee_email", "checked_in_by"] },
  ticket_changes: { section: "ticketChanges", by: ["from_email", "to_email", "changed_by"] },
  orders: { section: "orders", by: ["user_id", "attendee_email"] },
  order_lines: { section: "orders", by: [] },
  order_sellers: { section: "sellerRecords", by: ["organiser_id"] },
  refunds: { section: "refunds", by: ["requested_by"] },
  refund_requests: { section: "refundRequests", by: ["user_id", "decided_by"] },
  affiliates: { section: "affiliate", by: ["user_id"] },
  affiliate_commissions: { section: "affiliate", by: [] },
  payout_accounts: { section: "payouts", by: ["user_id"] },
  payouts: { section: "payouts", by: ["payee_user_id"] },
  payout_reversals: { section: "payouts", by: [] },
  ledger_entries: { section: "ledger", by: [] },
  organiser_notice_settings: { section: "noticeSettings", by: ["user_id"] },
  refund_request_summaries: { section: "noticeSettings", by: ["user_id"] },
  contact_messages: { section: "contactMessages", by: ["email"] },
  document_sequences: { section: "documentNumbers", by: ["issuer"] },
  vat_invoices: { section: "invoices", by: ["issuer"] },
  vat_credit_notes: { section: "invoices", by: ["issuer"] },
  fee_statements: { section: "invoices", by: ["organiser_id", "issuer", "recipient"] },
  rate_limits: { leftOut: "counters of requests keyed by address or e-mail, gone within a day; they say nothing but a count", by: ["key"] },
  outbox_messages: { leftOut: "the dev outbox: mail a demo would have sent, never kept in production (erasure deletes the person's)", by: ["recipient"] },
  local_payment_records: { leftOut: "the local test provider's refunds and transfers: amounts and ids, about no person", by: [] },
  ticket_signing_keys: { leftOut: "the platform's ticket-signing keys", by: [] },
  sales_tally_days: { leftOut: "per-event daily sums, about no person (the organiser's sales are in organisedEvents)", by: [] },
  sales_tally_moves: { leftOut: "per-event daily sums, about no person (the organiser's sales are in organisedEvents)", by: [] },
  search_words: { leftOut: "words of public event listings", by: [] },
  ticket_types: { leftOut: "the kinds of ticket an event sells (names, prices, limits: issue 36), about no person; the events are in organisedEvents", by: [] },
  waiting_list_entries: { section: "waitingList", by: ["user_id"] },
  waiting_list_offers: { section: "waitingList", by: [] },
  check_in_lists: { leftOut: "an event's check-in lists (names, ticket types, windows: issue 38), about no person", by: [] },
  door_access: { section: "door", by: ["organiser_id", "email", "user_id"] },
  door_access_events: { section: "door", by: [] },
  scans: { section: "door", by: ["user_id"] },
  wallet_passes: { leftOut: "each ticket's wallet pass serial, token hash and version (decision 045); the tickets are in tickets", by: [] },
  wallet_device_registrations: { leftOut: "the push tokens Apple gives for a pass on a device, about no account", by: [] },
  codes: { leftOut: "an organiser's discount and access codes (texts, discounts, limits: issue 37), business terms about no person; the uses are order lines, in orders", by: ["organiser_id"] },
};

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** A ticket as the export gives it (issue 36): its code, type, attendee, state and answers as asked. */
function exportedTicket({ ticket, typeName, answers }: { ticket: typeof tickets.$inferSelect; typeName: string; answers: TicketAnswer[] | null }) {
  return {
    code: ticket.code,
    type: typeName,
    attendeeName: ticket.attendeeName,
    attendeeEmail: ticket.attendeeEmail,
    status: ticket.status,
    checkedInAt: iso(ticket.checkedInAt),
    answers: (answers ?? []).map(({ question, answer }) => ({ question, answer })),
  };
}

/**
 * Everything Eventora holds about one person (issue 34, D28), as the export file carries it. An organiser's
 * events come with their sales totals, never their buyers' names or addresses: those are the buyers' own data.
 */
export async function exportPersonalData({ db, userId, now = new Date() }: { db: Db; userId: string; now?: Date }) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError("UNAUTHENTICATED", "Please sign in to continue.");
  const email = user.email.toLowerCase();
  const byEmail = (column: SQLWrapper) => sql`lower(${column}) = ${email}`;

  const [profile] = await db.select().from(profiles).where(eq(profiles.userId, userId));
  const sessionRows = await db
    .select({ createdAt: sessions.createdAt, updatedAt: sessions.updatedAt, expiresAt: sessions.expiresAt, ipAddress: sessions.ipAddress, userAgent: sessions.userAgent })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(asc(sessions.createdAt));
  const signInRows = await db
    .select({ method: accounts.providerId, createdAt: accounts.createdAt, updatedAt: accounts.updatedAt })
    .from(accounts)
    .where(eq(accounts.userId, userId));

  const orderRows = await db
    .select()
    .from(orders)
    .where(or(eq(orders.userId, userId), byEmail(orders.attendeeEmail)))
    .orderBy(asc(orders.createdAt));
  const orderIds = orderRows.map((order) => order.id);
  const lineRows = orderIds.length
    ? await db
        .select({ orderId: orderLines.orderId, eventId: orderLines.eventId, event: events.title, quantity: orderLines.quantity, unitPricePence: orderLines.unitPricePence, feePerTicketPence: orderLines.feePerTicketPence, totalPence: orderLines.totalPence })
        .from(orderLines)
        .innerJoin(events, eq(events.id, orderLines.eventId))
        .where(inArray(orderLines.orderId, orderIds))
    : [];

  const ticketRows = await db
    .select({ booking: bookings, event: { id: events.id, title: events.title, dateTime: events.dateTime, venue: events.venue, location: events.location } })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .where(or(eq(bookings.userId, userId), byEmail(bookings.attendeeEmail)))
    .orderBy(asc(bookings.createdAt));
  const bookingIds = ticketRows.map((row) => row.booking.id);
  // Each place as its own ticket (issue 36): those of the person's bookings, and those others bought in their name and e-mail.
  const attendeeTickets = await db
    .select({
      ticket: tickets,
      typeName: ticketTypes.name,
      // The answers given for this ticket at checkout (issue 36), in its place in its order line.
      answers: sql<TicketAnswer[] | null>`(select ol.attendees -> (${tickets.position} - 1) -> 'answers' from ${orderLines} ol join ${bookings} b on b.order_line_id = ol.id where b.id = ${tickets.bookingId})`,
    })
    .from(tickets)
    .innerJoin(ticketTypes, eq(ticketTypes.id, tickets.ticketTypeId))
    .where(or(bookingIds.length ? inArray(tickets.bookingId, bookingIds) : sql`false`, byEmail(tickets.attendeeEmail)))
    .orderBy(asc(tickets.bookingId), asc(tickets.position));

  // Tickets passed on or renamed by the person, from them, or to them (issue 36).
  const changeRows = await db
    .select()
    .from(ticketChanges)
    .where(or(eq(ticketChanges.changedBy, userId), byEmail(ticketChanges.fromEmail), byEmail(ticketChanges.toEmail)))
    .orderBy(asc(ticketChanges.createdAt));

  const refundRows = await db
    .select()
    .from(refunds)
    .where(
      or(
        bookingIds.length ? inArray(refunds.bookingId, bookingIds) : sql`false`,
        orderIds.length ? inArray(refunds.orderId, orderIds) : sql`false`,
        eq(refunds.requestedBy, userId),
      ),
    )
    .orderBy(asc(refunds.createdAt));
  const requestRows = await db
    .select()
    .from(refundRequests)
    .where(or(eq(refundRequests.userId, userId), eq(refundRequests.decidedBy, userId), bookingIds.length ? inArray(refundRequests.bookingId, bookingIds) : sql`false`))
    .orderBy(asc(refundRequests.createdAt));

  // The person's waiting-list entries (issue 37) and the offers made to them; the offers' links are secrets left out.
  const waitingRows = await db.select().from(waitingListEntries).where(eq(waitingListEntries.userId, userId)).orderBy(asc(waitingListEntries.createdAt));
  const waitingOfferRows = waitingRows.length
    ? await db.select().from(waitingListOffers).where(inArray(waitingListOffers.entryId, waitingRows.map((entry) => entry.id))).orderBy(asc(waitingListOffers.createdAt))
    : [];

  const affiliateRows = await db.select().from(affiliates).where(eq(affiliates.userId, userId));
  const affiliateIds = affiliateRows.map((affiliate) => affiliate.id);
  const commissionRows = affiliateIds.length
    ? await db
        .select({ affiliateId: affiliateCommissions.affiliateId, bookingId: affiliateCommissions.bookingId, amountPence: affiliateCommissions.amountPence, createdAt: affiliateCommissions.createdAt })
        .from(affiliateCommissions)
        .where(inArray(affiliateCommissions.affiliateId, affiliateIds))
        .orderBy(asc(affiliateCommissions.createdAt))
    : [];

  const [payoutAccount] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId));
  const payoutRows = await db.select().from(payouts).where(eq(payouts.payeeUserId, userId)).orderBy(asc(payouts.createdAt));
  const payoutIds = payoutRows.map((payout) => payout.id);
  const reversalRows = payoutIds.length ? await db.select().from(payoutReversals).where(inArray(payoutReversals.payoutId, payoutIds)).orderBy(asc(payoutReversals.createdAt)) : [];

  const eventRows = await db
    .select({
      id: events.id,
      title: events.title,
      dateTime: events.dateTime,
      endTime: events.endTime,
      venue: events.venue,
      location: events.location,
      status: events.status,
      pricePence: events.pricePence,
      maxAttendees: events.maxAttendees,
      createdAt: events.createdAt,
      bookings: sql<number>`(select count(*)::int from ${bookings} b where b.event_id = ${events}.id and b.status = 'confirmed')`,
      ticketsSold: sql<number>`(select coalesce(sum(b.ticket_quantity), 0)::int from ${bookings} b where b.event_id = ${events}.id and b.status = 'confirmed')`,
    })
    .from(events)
    .where(eq(events.userId, userId))
    .orderBy(asc(events.dateTime));
  const eventIds = eventRows.map((event) => event.id);

  const ledgerRows = await db
    .select({ kind: ledgerEntries.kind, amountPence: ledgerEntries.amountPence, orderId: ledgerEntries.orderId, eventId: ledgerEntries.eventId, payoutId: ledgerEntries.payoutId, affiliateId: ledgerEntries.affiliateId, createdAt: ledgerEntries.createdAt })
    .from(ledgerEntries)
    .where(
      or(
        orderIds.length ? inArray(ledgerEntries.orderId, orderIds) : sql`false`,
        eventIds.length ? inArray(ledgerEntries.eventId, eventIds) : sql`false`,
        payoutIds.length ? inArray(ledgerEntries.payoutId, payoutIds) : sql`false`,
        affiliateIds.length ? inArray(ledgerEntries.affiliateId, affiliateIds) : sql`false`,
      ),
    )
    .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.id));

  const sellerRows = await db
    .select({ orderId: orderSellers.orderId, name: orderSellers.name, businessName: orderSellers.businessName, displayName: orderSellers.displayName, address: orderSellers.address, vatNumber: orderSellers.vatNumber, sellerKind: orderSellers.sellerKind, companyNumber: orderSellers.companyNumber, vatTreatment: orderSellers.vatTreatment, capturedAt: orderSellers.capturedAt })
    .from(orderSellers)
    .where(eq(orderSellers.organiserId, userId))
    .orderBy(asc(orderSellers.capturedAt));
  const [noticeSettings] = await db.select().from(organiserNoticeSettings).where(eq(organiserNoticeSettings.userId, userId));
  const summaryRows = await db.select().from(refundRequestSummaries).where(eq(refundRequestSummaries.userId, userId)).orderBy(asc(refundRequestSummaries.day));
  const messageRows = await db.select().from(contactMessages).where(byEmail(contactMessages.email)).orderBy(asc(contactMessages.createdAt));
  const invoiceRows = await db
    .select({ orderId: vatInvoices.orderId, issuedByYou: sql<boolean>`${vatInvoices.issuer} = ${userId}`, series: vatInvoices.series, number: vatInvoices.number, sellerName: vatInvoices.sellerName, sellerAddress: vatInvoices.sellerAddress, sellerVatNumber: vatInvoices.sellerVatNumber, buyerName: vatInvoices.buyerName, buyerAddress: vatInvoices.buyerAddress, netPence: vatInvoices.netPence, vatPence: vatInvoices.vatPence, grossPence: vatInvoices.grossPence, issuedAt: vatInvoices.issuedAt })
    .from(vatInvoices)
    .where(or(eq(vatInvoices.issuer, userId), orderIds.length ? inArray(vatInvoices.orderId, orderIds) : sql`false`))
    .orderBy(asc(vatInvoices.issuedAt));
  const creditNoteRows = await db
    .select({ orderId: vatCreditNotes.orderId, issuedByYou: sql<boolean>`${vatCreditNotes.issuer} = ${userId}`, series: vatCreditNotes.series, number: vatCreditNotes.number, reason: vatCreditNotes.reason, sellerName: vatCreditNotes.sellerName, sellerAddress: vatCreditNotes.sellerAddress, sellerVatNumber: vatCreditNotes.sellerVatNumber, buyerName: vatCreditNotes.buyerName, buyerAddress: vatCreditNotes.buyerAddress, netPence: vatCreditNotes.netPence, vatPence: vatCreditNotes.vatPence, grossPence: vatCreditNotes.grossPence, issuedAt: vatCreditNotes.issuedAt })
    .from(vatCreditNotes)
    .where(or(eq(vatCreditNotes.issuer, userId), orderIds.length ? inArray(vatCreditNotes.orderId, orderIds) : sql`false`))
    .orderBy(asc(vatCreditNotes.issuedAt));
  const feeStatementRows = await db
    .select({ month: feeStatements.month, number: feeStatements.number, issuedAt: feeStatements.issuedAt, recipient: feeStatements.recipient, vatRateBasisPoints: feeStatements.vatRateBasisPoints, lines: feeStatements.lines })
    .from(feeStatements)
    .where(eq(feeStatements.organiserId, userId))
    .orderBy(asc(feeStatements.month));
  // The door (issue 38): access given to them as door staff (by account or, before accepting, by e-mail), the
  // scans they made, and the scans of their tickets. Who scanned those is the organiser's staff: left out.
  const accessColumns = { id: doorAccess.id, kind: doorAccess.kind, label: doorAccess.label, createdAt: doorAccess.createdAt, acceptedAt: doorAccess.acceptedAt, revokedAt: doorAccess.revokedAt };
  const accessRows = await db
    .select({ ...accessColumns, email: doorAccess.email })
    .from(doorAccess)
    .where(or(eq(doorAccess.userId, userId), byEmail(doorAccess.email)))
    .orderBy(asc(doorAccess.createdAt));
  // The door team they gave as an organiser: names and events as they wrote them, never their stewards' addresses.
  const teamRows = await db.select(accessColumns).from(doorAccess).where(eq(doorAccess.organiserId, userId)).orderBy(asc(doorAccess.createdAt));
  const accessIds = accessRows.map((access) => access.id);
  const allAccessIds = [...accessIds, ...teamRows.map((access) => access.id)];
  const accessEventRows = allAccessIds.length
    ? await db
        .select({ doorAccessId: doorAccessEvents.doorAccessId, eventId: events.id, title: events.title })
        .from(doorAccessEvents)
        .innerJoin(events, eq(events.id, doorAccessEvents.eventId))
        .where(inArray(doorAccessEvents.doorAccessId, allAccessIds))
    : [];
  const scanFields = {
    eventId: scans.eventId,
    event: events.title,
    ticketCode: scans.scannedCode,
    list: checkInLists.name,
    direction: scans.direction,
    result: scans.result,
    reason: scans.reason,
    confirmed: scans.confirmed,
    offline: scans.offline,
    scannedAt: scans.scannedAt,
    receivedAt: scans.receivedAt,
  };
  const scansBy = (where: SQL) =>
    db.select(scanFields).from(scans).leftJoin(events, eq(events.id, scans.eventId)).leftJoin(checkInLists, eq(checkInLists.id, scans.listId)).where(where).orderBy(asc(scans.scannedAt), asc(scans.id));
  const scansByYou = await scansBy(or(eq(scans.userId, userId), accessIds.length ? inArray(scans.doorAccessId, accessIds) : sql`false`)!);
  const yourTicketIds = attendeeTickets.map(({ ticket }) => ticket.id);
  const scansOfYourTickets = yourTicketIds.length ? await scansBy(inArray(scans.ticketId, yourTicketIds)) : [];
  const exportedAccess = <Access extends { id: string; kind: string; createdAt: Date; acceptedAt: Date | null; revokedAt: Date | null }>({ id, ...access }: Access) => ({
    ...access,
    status: doorAccessStatus(access),
    events: accessEventRows.filter((row) => row.doorAccessId === id).map(({ eventId, title }) => ({ id: eventId, title })),
    createdAt: iso(access.createdAt),
    acceptedAt: iso(access.acceptedAt),
    revokedAt: iso(access.revokedAt),
  });
  const exportedScan = (row: (typeof scansByYou)[number]) => ({ ...row, scannedAt: iso(row.scannedAt), receivedAt: iso(row.receivedAt) });

  const numberRows = await db.select({ series: documentSequences.series, lastNumber: documentSequences.lastNumber }).from(documentSequences).where(eq(documentSequences.issuer, userId));

  return {
    exportedAt: now.toISOString(),
    account: {
      id: user.id,
      name: user.name,
      email: user.email,
      emailConfirmed: user.emailVerified,
      phoneNumber: user.phoneNumber,
      phoneNumberConfirmed: user.phoneNumberVerified ?? false,
      role: user.role,
      image: user.image,
      createdAt: iso(user.createdAt),
      updatedAt: iso(user.updatedAt),
      lastSignInAt: iso(user.lastSignInAt),
    },
    profile: profile
      ? {
          username: profile.username,
          displayName: profile.displayName,
          bio: profile.bio,
          avatarUrl: profile.avatarUrl,
          location: profile.location,
          website: profile.website,
          dateOfBirth: profile.dateOfBirth,
          lastAttendeeName: profile.lastAttendeeName,
          seller: {
            businessName: profile.businessName,
            businessAddress: profile.businessAddress,
            vatNumber: profile.vatNumber,
            sellerKind: profile.sellerKind,
            companyNumber: profile.companyNumber,
            vatTreatment: profile.vatTreatment,
          },
          createdAt: iso(profile.createdAt),
          updatedAt: iso(profile.updatedAt),
        }
      : null,
    sessions: sessionRows.map((row) => ({ ...row, createdAt: iso(row.createdAt), updatedAt: iso(row.updatedAt), expiresAt: iso(row.expiresAt) })),
    signInMethods: signInRows.map((row) => ({ method: row.method === "credential" ? "password" : row.method, createdAt: iso(row.createdAt), updatedAt: iso(row.updatedAt) })),
    orders: orderRows.map((order) => ({
      id: order.id,
      status: order.status,
      buyerName: order.attendeeName,
      buyerEmail: order.attendeeEmail,
      subtotalPence: order.subtotalPence,
      feesPence: order.feesPence,
      totalPence: order.totalPence,
      paidAt: iso(order.paidAt),
      confirmedAt: iso(order.confirmedAt),
      refundReason: order.refundReason,
      createdAt: iso(order.createdAt),
      lines: lineRows.filter((line) => line.orderId === order.id).map(({ orderId: _order, ...line }) => line),
    })),
    tickets: ticketRows.map(({ booking, event }) => ({
      id: booking.id,
      event: { ...event, dateTime: iso(event.dateTime) },
      status: booking.status,
      attendeeName: booking.attendeeName,
      attendeeEmail: booking.attendeeEmail,
      ticketCode: booking.ticketCode,
      ticketQuantity: booking.ticketQuantity,
      refundedQuantity: booking.refundedQuantity,
      totalAmountPence: booking.totalAmountPence,
      checkedInAt: iso(booking.checkedInAt),
      ticketEmailSentAt: iso(booking.ticketEmailSentAt),
      boughtByYou: booking.userId === userId,
      createdAt: iso(booking.createdAt),
      attendees: attendeeTickets
        .filter(({ ticket }) => ticket.bookingId === booking.id)
        .map(exportedTicket),
    })),
    ticketsInYourName: attendeeTickets
      .filter(({ ticket }) => !bookingIds.includes(ticket.bookingId))
      .map(exportedTicket),
    ticketChanges: changeRows.map((change) => ({
      kind: change.kind,
      fromName: change.fromName,
      fromEmail: change.fromEmail,
      toName: change.toName,
      toEmail: change.toEmail,
      byYou: change.changedBy === userId,
      at: iso(change.createdAt),
    })),
    refunds: refundRows.map((refund) => ({
      id: refund.id,
      bookingId: refund.bookingId,
      orderId: refund.orderId,
      eventId: refund.eventId,
      quantity: refund.quantity,
      ticketPence: refund.ticketPence,
      feePence: refund.feePence,
      source: refund.source,
      reason: refund.reason,
      status: refund.status,
      requestedByYou: refund.requestedBy === userId,
      createdAt: iso(refund.createdAt),
      completedAt: iso(refund.completedAt),
    })),
    refundRequests: requestRows.map((request) => ({
      id: request.id,
      bookingId: request.bookingId,
      reason: request.reason,
      status: request.status,
      decisionNote: request.decisionNote,
      askedByYou: request.userId === userId,
      decidedByYou: request.decidedBy === userId,
      createdAt: iso(request.createdAt),
      decidedAt: iso(request.decidedAt),
    })),
    waitingList: waitingRows.map((entry) => ({
      eventId: entry.eventId,
      ticketTypeId: entry.ticketTypeId,
      status: entry.status,
      joinedAt: iso(entry.createdAt),
      updatedAt: iso(entry.updatedAt),
      offers: waitingOfferRows
        .filter((offer) => offer.entryId === entry.id)
        .map((offer) => ({ sentBy: offer.sentBy, status: offer.status, sentAt: iso(offer.createdAt), expiresAt: iso(offer.expiresAt), takenOrderId: offer.takenOrderId })),
    })),
    affiliate: {
      accounts: affiliateRows.map((affiliate) => ({
        code: affiliate.affiliateCode,
        commissionRate: affiliate.commissionRate,
        status: affiliate.status,
        totalEarningsPence: affiliate.totalEarningsPence,
        totalReferrals: affiliate.totalReferrals,
        createdAt: iso(affiliate.createdAt),
      })),
      commissions: commissionRows.map((row) => ({ code: affiliateRows.find((affiliate) => affiliate.id === row.affiliateId)!.affiliateCode, bookingId: row.bookingId, amountPence: row.amountPence, createdAt: iso(row.createdAt) })),
    },
    payouts: {
      account: payoutAccount
        ? { provider: payoutAccount.provider, accountId: payoutAccount.accountId, ready: payoutAccount.ready, detailsSubmitted: payoutAccount.detailsSubmitted, payoutsEnabled: payoutAccount.payoutsEnabled, createdAt: iso(payoutAccount.createdAt), updatedAt: iso(payoutAccount.updatedAt) }
        : null,
      payouts: payoutRows.map((payout) => ({
        id: payout.id,
        eventId: payout.eventId,
        payeeKind: payout.payeeKind,
        amountPence: payout.amountPence,
        status: payout.status,
        providerTransferId: payout.providerTransferId,
        dueAt: iso(payout.dueAt),
        paidAt: iso(payout.paidAt),
        reversals: reversalRows.filter((reversal) => reversal.payoutId === payout.id).map((reversal) => ({ amountPence: reversal.amountPence, status: reversal.status, createdAt: iso(reversal.createdAt), completedAt: iso(reversal.completedAt) })),
      })),
    },
    ledger: ledgerRows.map((row) => ({ ...row, createdAt: iso(row.createdAt) })),
    organisedEvents: eventRows.map((event) => ({ ...event, dateTime: iso(event.dateTime), endTime: iso(event.endTime), createdAt: iso(event.createdAt) })),
    sellerRecords: sellerRows.map((row) => ({ ...row, capturedAt: iso(row.capturedAt) })),
    noticeSettings: {
      refundRequestEmails: noticeSettings?.refundRequestEmails ?? "each",
      dailySummaries: summaryRows.map((row) => ({ day: row.day, coveredFrom: iso(row.coveredFrom), coveredUntil: iso(row.coveredUntil) })),
    },
    contactMessages: messageRows.map((message) => ({ firstName: message.firstName, lastName: message.lastName, email: message.email, subject: message.subject, message: message.message, createdAt: iso(message.createdAt) })),
    invoices: {
      vatInvoices: invoiceRows.map((row) => ({ ...row, issuedAt: iso(row.issuedAt) })),
      vatCreditNotes: creditNoteRows.map((row) => ({ ...row, issuedAt: iso(row.issuedAt) })),
      feeStatements: feeStatementRows.map((row) => ({ ...row, issuedAt: iso(row.issuedAt) })),
    },
    documentNumbers: numberRows,
    door: {
      access: accessRows.map(exportedAccess),
      teamYouGave: teamRows.map(exportedAccess),
      scansByYou: scansByYou.map(exportedScan),
      scansOfYourTickets: scansOfYourTickets.map(exportedScan),
    },
  };
}

export type PersonalDataExport = Awaited<ReturnType<typeof exportPersonalData>>;

