import { describe, expect, it } from "vitest";
import { disabledReasonText, GENERIC_REQUIREMENT, payoutAccountStatus, requirementLine, requirementLines } from "./payout-accounts";

describe("what Stripe still needs, in plain words", () => {
  it("names the fields an Express account is asked for", () => {
    expect(requirementLine("external_account")).toBe("Bank account for payouts");
    expect(requirementLine("individual.verification.document")).toBe("Photo ID");
    expect(requirementLine("individual.verification.additional_document")).toBe("Proof of address");
    expect(requirementLine("individual.dob.day")).toBe("Date of birth");
    expect(requirementLine("individual.address.postal_code")).toBe("Home address");
    expect(requirementLine("tos_acceptance.date")).toBe("Accept Stripe's terms of service");
    expect(requirementLine("business_profile.url")).toBe("Business website or a description of what you sell");
    expect(requirementLine("person_1AbCdEf.dob.year")).toBe("Details of a person in your business");
  });

  it("gives a name it does not know the generic line, and never matches on part of a word", () => {
    expect(requirementLine("some_future_field")).toBe(GENERIC_REQUIREMENT);
    expect(requirementLine("external_accounts_extra")).toBe(GENERIC_REQUIREMENT);
    expect(requirementLine("individualism")).toBe(GENERIC_REQUIREMENT);
  });

  it("says each line once, in Stripe's order, with the generic line last", () => {
    expect(requirementLines(["mystery.one", "individual.dob.day", "individual.dob.month", "external_account", "mystery.two", "individual.dob.year"])).toEqual([
      "Date of birth",
      "Bank account for payouts",
      GENERIC_REQUIREMENT,
    ]);
    expect(requirementLines([])).toEqual([]);
  });

  it("explains why payouts are paused, and nothing when they are not", () => {
    expect(disabledReasonText(null)).toBeNull();
    expect(disabledReasonText("requirements.pending_verification")).toMatch(/checking your details/);
    expect(disabledReasonText("requirements.past_due")).toMatch(/needs the details below/);
    expect(disabledReasonText("rejected.fraud")).toMatch(/closed this account/);
    expect(disabledReasonText("something_new")).toMatch(/paused payouts/);
  });

  it("puts an account in one of three states", () => {
    const account = { accountId: "acct_1", ready: false, detailsSubmitted: false, payoutsEnabled: false, requirementsDue: [], disabledReason: null, updatedAt: "" };
    expect(payoutAccountStatus(null)).toBe("not-connected");
    expect(payoutAccountStatus(account)).toBe("incomplete");
    expect(payoutAccountStatus({ ...account, ready: true })).toBe("ready");
  });
});
