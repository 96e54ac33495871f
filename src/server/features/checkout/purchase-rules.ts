import { and, inArray, isNotNull, ne, or, sql } from "drizzle-orm";
import type { TicketQuestion } from "../../../domain";
import type { Db } from "../../db/client";
import { events } from "../../db/schema";

/** What create-payment checks of an event before holding its places: its minimum age (issue 34) and its questions (issue 36). */
export interface PurchaseRules {
  id: string;
  title: string;
  dateTime: Date;
  minAge: number | null;
  questions: TicketQuestion[];
  /** Its ticket types' ids: the spec's body names none, and an event of one type asks that type's questions. */
  types: string[];
}

/** The checkout's events that have a rule to check, in one statement (create-payment is the rush's hot path). */
export async function purchaseRules(db: Db, eventIds: readonly string[]): Promise<PurchaseRules[]> {
  return db
    .select({
      id: events.id,
      title: events.title,
      dateTime: events.dateTime,
      minAge: events.minAge,
      questions: events.questions,
      types: sql<string[]>`array(select t.id::text from ticket_types t where t.event_id = ${events.id})`,
    })
    .from(events)
    .where(and(inArray(events.id, [...new Set(eventIds)]), or(isNotNull(events.minAge), ne(events.questions, sql`'[]'::jsonb`))));
}
