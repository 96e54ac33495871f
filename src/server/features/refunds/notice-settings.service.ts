import { eq } from "drizzle-orm";
import type { NoticeSettings, RefundRequestEmails } from "../../../domain";
import type { Db, Tx } from "../../db/client";
import { organiserNoticeSettings } from "../../db/schema";

/** How this organiser hears of refund requests: an e-mail each (the default, with no row) or a daily summary. */
export async function refundRequestEmailsOf(db: Db | Tx, userId: string): Promise<RefundRequestEmails> {
  const [row] = await db.select({ mode: organiserNoticeSettings.refundRequestEmails }).from(organiserNoticeSettings).where(eq(organiserNoticeSettings.userId, userId));
  return row?.mode === "daily" ? "daily" : "each";
}

export async function getNoticeSettings({ db, userId }: { db: Db; userId: string }): Promise<NoticeSettings> {
  return { refundRequestEmails: await refundRequestEmailsOf(db, userId) };
}

export async function saveNoticeSettings({ db, userId, input }: { db: Db; userId: string; input: NoticeSettings }): Promise<NoticeSettings> {
  await db
    .insert(organiserNoticeSettings)
    .values({ userId, refundRequestEmails: input.refundRequestEmails })
    .onConflictDoUpdate({ target: organiserNoticeSettings.userId, set: { refundRequestEmails: input.refundRequestEmails, updatedAt: new Date() } });
  return getNoticeSettings({ db, userId });
}
