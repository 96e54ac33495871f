import { asc, eq, inArray, or } from "drizzle-orm";
import type { ScannerDoor, ScannerEvent } from "../../../domain";
import type { Db } from "../../db/client";
import { doorAccess, events, profiles, users } from "../../db/schema";
import type { Auth } from "../auth/auth";
import type { Session } from "../auth/session";
import { readDoor, type Door } from "./door-access";
import { displayNameSql } from "./door-team";

/**
 * What the scanner page shows a door (issue 38, D26): the events it may check (the user's own and those
 * their accepted staff access grants; a door link's events only) and who it checks in as. Nothing about
 * money or other events: a door link sees its events and nothing else.
 */
export async function scannerView(context: { db: Db; auth: Auth; session: Session }, headers: Headers): Promise<{ door: ScannerDoor; events: ScannerEvent[]; raw: Door } | null> {
  const door = await readDoor(context, headers);
  if (!door) return null;
  const { db } = context;
  const granted = [...door.granted.keys()];
  const own = door.actor ? eq(events.userId, door.actor.userId) : null;
  const where = own && granted.length ? or(own, inArray(events.id, granted)) : (own ?? inArray(events.id, granted.length ? granted : ["00000000-0000-0000-0000-000000000000"]));
  const rows = await db
    .select({ id: events.id, title: events.title, dateTime: events.dateTime, endTime: events.endTime, location: events.location, status: events.status })
    .from(events)
    .where(where)
    .orderBy(asc(events.dateTime));
  const accessIds = [...new Set([...door.granted.values()].map((access) => access.doorAccessId))];
  const organisers = accessIds.length
    ? await db
        .selectDistinct({ name: displayNameSql })
        .from(doorAccess)
        .innerJoin(users, eq(users.id, doorAccess.organiserId))
        .leftJoin(profiles, eq(profiles.userId, users.id))
        .where(inArray(doorAccess.id, accessIds))
    : [];
  return {
    raw: door,
    door: {
      key: door.actor ? door.actor.userId : `link:${door.link!.id}`,
      label: door.link ? door.link.label : door.who.label,
      organisers: organisers.map((row) => row.name).sort(),
      link: door.link !== null,
    },
    events: rows.map((row) => ({ ...row, dateTime: row.dateTime.toISOString(), endTime: row.endTime?.toISOString() ?? null })),
  };
}
