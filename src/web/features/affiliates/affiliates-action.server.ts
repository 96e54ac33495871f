import { data } from "react-router";
import { AppError } from "@domain";
import { createOwnAffiliate, generateOwnAffiliateCode, getSessionUser } from "~/lib/services.server";
import type { RouterContextReader } from "~/lib/page-context.server";
import type { AffiliateActionResult, AffiliatePost } from "./hooks/use-affiliate-account";

/**
 * /affiliates' posts (spec §4 Affiliate account), with the checks and messages of POST /api/me/affiliate
 * and POST /api/me/affiliate/codes: the signed-in user's account (active, 10%, a fresh code), or a
 * further code that replaces the displayed one.
 */
export async function affiliatesAction(context: RouterContextReader, request: Request) {
  const intent: AffiliatePost = (await request.formData()).get("intent") === "new-code" ? "new-code" : "create";
  const refused = (status: number, message: string) => data<AffiliateActionResult>({ intent, refused: { status, message } }, { status });
  try {
    const user = await getSessionUser(context, request);
    if (!user) return refused(401, "Please sign in to continue.");
    const affiliate = intent === "create" ? await createOwnAffiliate(context, user.id) : await generateOwnAffiliateCode(context, user.id);
    return data<AffiliateActionResult>({ intent, affiliate }, { status: 201 });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return refused(error.status, error.message);
  }
}
