import { z } from "zod";

/** The signed-in payee's connected account (GET /api/payouts/account; D23). */
export const PayoutAccountStateShape = z.object({
  provider: z.enum(["stripe", "local"]),
  account: z
    .object({
      accountId: z.string(),
      ready: z.boolean(),
      detailsSubmitted: z.boolean(),
      payoutsEnabled: z.boolean(),
      requirementsDue: z.array(z.string()),
      disabledReason: z.string().nullable(),
      updatedAt: z.string(),
    })
    .nullable(),
});

/** Where to send the payee to finish onboarding (POST /api/payouts/account/onboarding). */
export const OnboardingLinkShape = z.object({ url: z.string() });
