import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { sql } from "drizzle-orm";
import type { Db } from "../src/server/db/client";

/**
 * How to undo each migration a migration test rolls back past, newest last. A migration test seeds the demo
 * data, rolls the database back to the release before the migration it tests, and migrates again; a new
 * migration adds its undoing here (the test fails with its tag otherwise).
 */
const UNDO: Record<string, string[]> = {
  "0027_ticket_types": [
    "alter table order_lines drop column ticket_type_id",
    "alter table bookings drop column ticket_type_id",
    "alter table events drop column several_prices",
    "drop table ticket_types",
  ],
  "0028_attendee_tickets": [
    "drop trigger bookings_issue_tickets on bookings",
    "drop function issue_booking_tickets()",
    "drop function issue_tickets(uuid[])",
    "drop function new_ticket_code(timestamptz)",
    "drop table tickets",
    "alter table order_lines drop column attendees",
  ],
  "0029_vat_credit_notes": ["drop table vat_credit_notes"],
  "0030_refund_request_tickets": ["alter table refund_requests drop column ticket_ids"],
  "0031_ticket_changes": ["drop table ticket_changes", "alter table events drop column transfer_cutoff_hours"],
  "0032_ticket_questions": ["alter table events drop column questions"],
  "0033_codes": ["alter table order_lines drop column code_id", "alter table order_lines drop column discount_per_ticket_pence", "drop table codes"],
  "0034_code_reserved_places": ["alter table codes drop constraint codes_reserved_places", "drop index codes_reserved_idx", "alter table codes drop column reserved_places"],
  "0035_waiting_list": [
    "alter table order_lines drop column waiting_offer_id",
    "drop table waiting_list_offers",
    "drop table waiting_list_entries",
    "alter table events drop column waiting_list_enabled",
    "alter table events drop column waiting_offer_hours",
  ],
  "0036_door": [
    "drop trigger events_default_check_in_list on events",
    "drop function make_default_check_in_list()",
    "alter table tickets drop column checked_in_by",
    "alter table tickets drop column checked_in_list_id",
    "alter table tickets drop column last_move",
    "drop table scans",
    "drop table door_access_events",
    "drop table door_access",
    "drop table check_in_lists",
    "alter table events drop column door_opens_minutes_before",
  ],
};

const journal = JSON.parse(readFileSync(resolve(import.meta.dirname, "../drizzle/meta/_journal.json"), "utf8")) as { entries: { tag: string; when: number }[] };

/** Undoes every migration after `tag`, newest first, and forgets it was applied, so the next migrate applies it again. */
export async function rollBackTo(db: Db, tag: string): Promise<void> {
  const index = journal.entries.findIndex((entry) => entry.tag === tag);
  if (index < 0) throw new Error(`No migration ${tag}`);
  for (const entry of journal.entries.slice(index + 1).reverse()) {
    const undo = UNDO[entry.tag];
    if (!undo) throw new Error(`test/roll-back-migrations.ts cannot undo ${entry.tag}: add its undoing`);
    for (const statement of undo) await db.execute(sql.raw(statement));
    await db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = ${entry.when}`);
  }
}
