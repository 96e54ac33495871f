import { sql } from "drizzle-orm";
import { rowsOf, type Tx } from "../../db/client";
import { documentSequences } from "../../db/schema";

/** The platform as an issuer of documents; an organiser issues under their user id. */
export const PLATFORM_ISSUER = "platform";

/**
 * Takes the next `count` numbers of an issuer's series and answers the first (issue 34). The counter row
 * stays locked until the transaction ends, so concurrent documents of one series queue here and numbers
 * come out in commit order; a transaction that rolls back gives its numbers back, so a series has no gaps.
 * Call it in the transaction that writes the documents, as late as possible (the lock is held till commit).
 */
export async function nextDocumentNumbers(tx: Pick<Tx, "execute">, issuer: string, series: string, count = 1): Promise<number> {
  if (!Number.isInteger(count) || count < 1) throw new Error(`Cannot take ${count} document numbers`);
  const [row] = rowsOf<{ last_number: number }>(await tx.execute(sql`
    insert into ${documentSequences} (issuer, series, last_number) values (${issuer}, ${series}, ${count})
    on conflict (issuer, series) do update set last_number = ${documentSequences}.last_number + excluded.last_number
    returning last_number`));
  const last = Number(row?.last_number);
  return last - count + 1;
}
