import { useState } from "react";
import { toast } from "~/lib/toast";
import type { OwnAffiliate } from "@domain";
import { affiliateErrorDescription, AFFILIATE_TOASTS } from "../lib/affiliate-toasts";
import { apiRequest } from "~/lib/api-request";

/** Creates the signed-in user's affiliate account: active, 10% commission, a fresh code (spec §4 Affiliate account). */
export function createAffiliateAccount(): Promise<OwnAffiliate> {
  return apiRequest("/api/me/affiliate", { method: "POST" });
}

/** A further code that replaces the displayed one; links with the old codes keep earning (spec §4). */
export function generateAffiliateCode(): Promise<OwnAffiliate> {
  return apiRequest("/api/me/affiliate/codes", { method: "POST" });
}

/** The user's affiliate account as the page shows it, with Create and Generate New Code. */
export function useAffiliateAccount(initial: OwnAffiliate | null) {
  const [affiliate, setAffiliate] = useState(initial);
  const [busy, setBusy] = useState<"create" | "new-code" | null>(null);

  async function run(kind: "create" | "new-code") {
    if (busy) return;
    setBusy(kind);
    try {
      const account = kind === "create" ? await createAffiliateAccount() : await generateAffiliateCode();
      setAffiliate(account);
      const text = kind === "create" ? AFFILIATE_TOASTS.created : AFFILIATE_TOASTS.newCode;
      toast.success(text.title, { description: text.description });
    } catch (error) {
      toast.error(AFFILIATE_TOASTS.error, {
        description: affiliateErrorDescription(error, kind === "create" ? AFFILIATE_TOASTS.createFallback : AFFILIATE_TOASTS.newCodeFallback),
      });
    } finally {
      setBusy(null);
    }
  }

  return { affiliate, busy, create: () => void run("create"), generateNewCode: () => void run("new-code") };
}
