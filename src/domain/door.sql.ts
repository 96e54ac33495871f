// The SQL forms of the door's rules in door.ts, for the admission statement (check-in.service). Each
// answers as its TypeScript twin does (door.sql.test.ts holds the two equal); kept out of index.ts so
// the browser's bundle never carries drizzle.
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { eventEndSql } from "./events.sql";

/** timeRefusal(event, list, at) === null: inside the event's door window and the list's own window. */
export function doorTimeOkSql(
  event: { dateTime: SQLWrapper; endTime: SQLWrapper; doorOpensMinutesBefore: SQLWrapper },
  list: { opensAt: SQLWrapper; closesAt: SQLWrapper },
  at: SQLWrapper,
): SQL<boolean> {
  return sql<boolean>`(${at} >= ${event.dateTime} - make_interval(mins => ${event.doorOpensMinutesBefore})
    and ${at} <= ${eventEndSql(event)}
    and (${list.opensAt} is null or ${at} >= ${list.opensAt})
    and (${list.closesAt} is null or ${at} <= ${list.closesAt}))`;
}

/** listCoversType: a list of every type (null), or one naming the ticket's type. */
export function listCoversTypeSql(list: { ticketTypeIds: SQLWrapper }, ticketTypeId: SQLWrapper): SQL<boolean> {
  return sql<boolean>`(${list.ticketTypeIds} is null or ${ticketTypeId} = any(${list.ticketTypeIds}))`;
}

/** entryAllowed: never in yet, or the list allows multiple entries, or re-entry after the ticket's exit scan. */
export function entryAllowedSql(list: { allowMultipleEntries: SQLWrapper; allowReentry: SQLWrapper }, ticket: { firstAdmittedAt: SQLWrapper; lastMove: SQLWrapper }): SQL<boolean> {
  return sql<boolean>`(${ticket.firstAdmittedAt} is null or ${list.allowMultipleEntries} or (${list.allowReentry} and ${ticket.lastMove} is not distinct from 'out'))`;
}

/** exitAllowed: admitted, and its latest move not an exit. */
export function exitAllowedSql(ticket: { firstAdmittedAt: SQLWrapper; lastMove: SQLWrapper }): SQL<boolean> {
  return sql<boolean>`(${ticket.firstAdmittedAt} is not null and ${ticket.lastMove} is distinct from 'out')`;
}
