import { eq } from "drizzle-orm";
import { AppError, type SendTestEmailInput, type TicketEmailResult } from "../../../domain";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { enforceRateLimit } from "../../lib/rate-limiter";
import type { EmailSender } from "../../providers/email/email";
import type { Actor } from "../auth/session";

/**
 * The manual e-mail sender (spec §2 Manual Email Sender; decisions D12): non-admins may send only to
 * their own confirmed address, admins to anyone with themselves in BCC; 10 an hour per account.
 */
export async function sendTestEmail({ db, email, actor, input }: { db: Db; email: EmailSender; actor: Actor; input: SendTestEmailInput }): Promise<TicketEmailResult> {
  await enforceRateLimit(db, [{ key: `send-test-email:user:${actor.userId}`, rule: { limit: 10, windowSeconds: 60 * 60 }, message: "Too many requests. Please wait a few minutes before trying again." }]);
  const [user] = await db.select({ email: users.email, emailVerified: users.emailVerified }).from(users).where(eq(users.id, actor.userId));
  if (!user) throw new AppError("UNAUTHENTICATED", "Please sign in to continue.");
  const toOwnAddress = input.toEmail.toLowerCase() === user.email.toLowerCase();
  if (!actor.isAdmin && (!toOwnAddress || !user.emailVerified)) {
    throw new AppError("FORBIDDEN", "You can send test e-mails only to your own confirmed e-mail address.");
  }
  try {
    const { provider } = await email.send({
      to: input.toEmail,
      subject: input.subject,
      html: input.htmlContent,
      text: "This is an HTML e-mail: open it in a mail client that shows HTML.",
      bcc: toOwnAddress ? undefined : user.email,
    });
    return { success: true, provider, recipient: input.toEmail, error: null };
  } catch (error) {
    return { success: false, provider: email.provider, recipient: input.toEmail, error: (error as Error).message };
  }
}
