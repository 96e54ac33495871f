import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { formatDateTime, formatPounds, type PlatformCompany } from "../../../domain";
import type { Db } from "../../db/client";
import { events, ticketTypes, users, waitingListEntries, waitingListOffers } from "../../db/schema";
import { QUEUES, type Jobs } from "../../jobs/jobs";
import type { WaitingListOffersJob } from "../../jobs/waiting-list-offers";
import type { EmailMessage } from "../../providers/email/email";
import { renderEmail } from "../../providers/email/layout";
import type { NoticeMailer } from "../../lib/notice-mailer";
import { eventsWithLiveLists, offerFreedPlaces, offerPath } from "./waiting-list.service";

/** One offer e-mail's job: by the offer's id (singletonKey), so a repeat sends it once. */
export interface WaitingListOfferEmailJob {
  offerId: string;
}

/** The offer's e-mail: the type, the expiry in UK time, and the link that goes straight to its checkout. */
export function offerEmailMessage(
  offer: { token: string; expiresAt: Date },
  event: { id: string; title: string },
  type: { name: string; pricePence: number } | null,
  buyer: { name: string; email: string },
  publicUrl: string,
  company: PlatformCompany,
): EmailMessage {
  const url = `${publicUrl}${offerPath(event.id, offer.token)}`;
  const until = formatDateTime(offer.expiresAt.toISOString());
  const what = type ? `${type.name} ticket` : "ticket";
  const content = renderEmail({
    preheader: `A ${what} for ${event.title} is held for you until ${until}.`,
    heading: `A place has come free for ${event.title}`,
    paragraphs: [
      `Hello ${buyer.name},`,
      `You are next on the waiting list, so a ${what} for ${event.title} is held for you until ${until} (UK time).`,
      "Buy it from the link below before then; after that it goes to the next person on the list.",
    ],
    details: [
      { label: "Ticket", value: type ? `${type.name} (${formatPounds(type.pricePence)})` : "Any ticket" },
      { label: "Held until", value: until },
    ],
    action: { label: "Buy your ticket", url },
    footnote: "Don't want it? Leave the waiting list from My Tickets, and the place goes to the next person at once.",
    company,
  });
  return { to: buyer.email, subject: `A place has come free for ${event.title}`, html: content.html, text: content.text };
}

/** Sends one offer's e-mail once it is committed, if it is still open and not already sent. Only sends: the offer was made in the locked transaction. */
export async function deliverOfferEmail(mailer: NoticeMailer, offerId: string): Promise<void> {
  const [row] = await mailer.db
    .select({ offer: waitingListOffers, event: { id: events.id, title: events.title }, type: { name: ticketTypes.name, pricePence: ticketTypes.pricePence }, buyer: { name: users.name, email: users.email } })
    .from(waitingListOffers)
    .innerJoin(waitingListEntries, eq(waitingListEntries.id, waitingListOffers.entryId))
    .innerJoin(events, eq(events.id, waitingListOffers.eventId))
    .innerJoin(users, eq(users.id, waitingListEntries.userId))
    .leftJoin(ticketTypes, eq(ticketTypes.id, waitingListOffers.ticketTypeId))
    .where(eq(waitingListOffers.id, offerId));
  if (!row || row.offer.status !== "open" || row.offer.emailSentAt) return;
  await mailer.email.send(offerEmailMessage(row.offer, row.event, row.type?.name ? row.type : null, row.buyer, mailer.publicUrl, mailer.company));
  await mailer.db.update(waitingListOffers).set({ emailSentAt: new Date() }).where(eq(waitingListOffers.id, offerId));
}

/** The offers job every minute (every live list) and on demand (one event's), and the offer e-mails' worker. */
export async function startWaitingListJobs({ jobs, db, mailer, log }: { jobs: Jobs; db: Db; mailer: NoticeMailer; log: FastifyBaseLogger }) {
  await jobs.work<WaitingListOffersJob>(QUEUES.waitingListOffers, async (job) => {
    const eventIds = job.data?.eventId ? [job.data.eventId] : await eventsWithLiveLists(db);
    for (const eventId of eventIds) {
      const offers = await offerFreedPlaces({ db, jobs, eventId });
      if (offers.length) log.info({ eventId, offers: offers.length }, "waiting-list offers made");
    }
  });
  await jobs.schedule(QUEUES.waitingListOffers, "* * * * *");
  await jobs.work<WaitingListOfferEmailJob>(QUEUES.waitingListOfferEmail, async (job) => {
    try {
      await deliverOfferEmail(mailer, job.data.offerId);
    } catch (error) {
      log.warn({ err: error, offerId: job.data.offerId, attempt: job.retryCount + 1 }, "waiting-list offer e-mail not sent; it will be retried");
      throw error;
    }
  });
}
