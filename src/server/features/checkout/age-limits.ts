import { eq, isNull } from "drizzle-orm";
import { AppError, dateOfBirthNeededMessage, dateOfBirthProblem, mayAttend, tooYoungMessage } from "../../../domain";
import type { Db } from "../../db/client";
import { profiles } from "../../db/schema";
import type { PurchaseRules } from "./purchase-rules";

/**
 * create-payment's age rule (issue 34, decisions.md D28): the buyer must be old enough on each
 * age-limited event's UK date. An account without a date of birth (sign-up's backend call leaves it
 * optional) gives one at checkout: `dateOfBirth` is saved to the profile only while it has none, so a
 * date once given never changes here (nor through the profile API, which has no such field). Tickets
 * for other people are named per ticket, so the door still checks ID.
 */
export async function checkAgeLimits(db: Db, { userId, events, dateOfBirth }: { userId: string; events: readonly Pick<PurchaseRules, "title" | "dateTime" | "minAge">[]; dateOfBirth?: string | null }): Promise<void> {
  const limited = events.filter((event) => event.minAge !== null);
  if (!limited.length) return;
  let born = await storedDateOfBirth(db, userId);
  if (!born && dateOfBirth) {
    const problem = dateOfBirthProblem(dateOfBirth);
    if (problem === "invalid") throw new AppError("VALIDATION_FAILED", "Invalid field 'dateOfBirth': please enter your real date of birth.", { field: "dateOfBirth" });
    if (problem === "too-young") throw new AppError("VALIDATION_FAILED", "Invalid field 'dateOfBirth': you must be at least 13 years old to have an account.", { field: "dateOfBirth" });
    await db
      .insert(profiles)
      .values({ userId, dateOfBirth })
      .onConflictDoUpdate({ target: profiles.userId, set: { dateOfBirth }, setWhere: isNull(profiles.dateOfBirth) });
    born = await storedDateOfBirth(db, userId);
  }
  const first = limited[0]!;
  if (!born) throw new AppError("DATE_OF_BIRTH_NEEDED", dateOfBirthNeededMessage(first.title));
  const refused = limited.find((event) => !mayAttend(born, event.minAge, event.dateTime));
  if (refused) throw new AppError("UNDER_AGE_LIMIT", tooYoungMessage(refused.minAge!, refused.title));
}

async function storedDateOfBirth(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ dateOfBirth: profiles.dateOfBirth }).from(profiles).where(eq(profiles.userId, userId));
  return row?.dateOfBirth ?? null;
}
