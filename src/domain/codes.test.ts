import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CodeInput, GenerateCodesInput } from "./code-shapes";
import {
  allInPriceWithCode,
  CODE_MESSAGES,
  codeAppliesToType,
  codeEffectText,
  codeState,
  codeTextProblem,
  codeUseRefusal,
  discountedUnitPrice,
  discountPerTicket,
  GENERATED_CODE_ALPHABET,
  GENERATED_CODE_LENGTH,
  generatedCode,
  normaliseCode,
  unusedReservation,
  type CodeRules,
} from "./codes";
import { BOOKING_FEE_PENCE } from "./money";

const at = (iso: string) => new Date(iso);
const rules = (overrides: Partial<CodeRules> = {}): CodeRules => ({
  effect: "percent",
  value: 20,
  ticketTypeIds: [],
  validFrom: null,
  validUntil: null,
  maxUses: null,
  maxPerBuyer: null,
  active: true,
  ...overrides,
});
const effect = fc.oneof(
  fc.record({ effect: fc.constant("percent" as const), value: fc.integer({ min: 1, max: 100 }) }),
  fc.record({ effect: fc.constant("amount" as const), value: fc.integer({ min: 1, max: 200_000 }) }),
  fc.record({ effect: fc.constant("set_price" as const), value: fc.integer({ min: 0, max: 200_000 }) }),
  fc.record({ effect: fc.constant("none" as const), value: fc.constant(0) }),
);

describe("code text (issue 37)", () => {
  it("is case-insensitive: stored trimmed and in upper case", () => {
    expect(normaliseCode("  summer-25 ")).toBe("SUMMER-25");
    expect(codeTextProblem("ab")).toBe("A code must be at least 3 characters");
    expect(codeTextProblem("x".repeat(33))).toBe("A code must be at most 32 characters");
    expect(codeTextProblem("50% OFF")).toBe("A code may contain only letters, digits, '-' and '_'");
    expect(codeTextProblem(" vip_crew ")).toBeNull();
  });

  it("generates codes of the unambiguous alphabet after an optional prefix", () => {
    let i = 0;
    const code = generatedCode(() => i++ % GENERATED_CODE_ALPHABET.length, "gig-");
    expect(code).toMatch(new RegExp(`^GIG-[${GENERATED_CODE_ALPHABET}]{${GENERATED_CODE_LENGTH}}$`));
    expect(codeTextProblem(code)).toBeNull();
  });
});

describe("a code's state at a moment", () => {
  const window = rules({ validFrom: at("2026-12-01T10:00:00Z"), validUntil: at("2026-12-05T10:00:00Z"), maxUses: 5 });
  it("is valid from its start, inclusive, until its end, exclusive, while active and not used up", () => {
    expect(codeState(window, 0, at("2026-12-01T09:59:59Z"))).toBe("not-yet");
    expect(codeState(window, 0, at("2026-12-01T10:00:00Z"))).toBe("ok");
    expect(codeState(window, 4, at("2026-12-05T09:59:59Z"))).toBe("ok");
    expect(codeState(window, 5, at("2026-12-02T00:00:00Z"))).toBe("used-up");
    expect(codeState(window, 0, at("2026-12-05T10:00:00Z"))).toBe("expired");
    expect(codeState({ ...window, active: false }, 0, at("2026-12-02T00:00:00Z"))).toBe("inactive");
  });

  it("refuses with the buyer's exact message", () => {
    const now = at("2026-12-02T00:00:00Z");
    expect(codeUseRefusal({ code: window, usesTaken: 0, buyerUses: 0, requested: 1, now: at("2026-11-30T00:00:00Z") })).toBe("This code is not valid yet");
    expect(codeUseRefusal({ code: window, usesTaken: 0, buyerUses: 0, requested: 1, now: at("2026-12-06T00:00:00Z") })).toBe("This code has expired");
    expect(codeUseRefusal({ code: window, usesTaken: 5, buyerUses: 0, requested: 1, now })).toBe("This code has been used up");
    expect(codeUseRefusal({ code: window, usesTaken: 3, buyerUses: 0, requested: 3, now })).toBe("This code can be used for only 2 more tickets");
    expect(codeUseRefusal({ code: window, usesTaken: 4, buyerUses: 0, requested: 2, now })).toBe("This code can be used for only 1 more ticket");
    expect(codeUseRefusal({ code: { ...window, maxPerBuyer: 2 }, usesTaken: 1, buyerUses: 1, requested: 2, now })).toBe(
      "This code can be used for at most 2 tickets per buyer, and you have already used it for 1",
    );
    expect(codeUseRefusal({ code: { ...window, maxPerBuyer: 1 }, usesTaken: 0, buyerUses: 0, requested: 2, now })).toBe("This code can be used for at most 1 ticket per buyer");
    expect(codeUseRefusal({ code: window, usesTaken: 3, buyerUses: 0, requested: 2, now })).toBeNull();
    expect(CODE_MESSAGES.notFound(" abc ")).toBe("No code ABC for this event");
  });

  it("never lets uses pass the limit, per code and per buyer", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), fc.option(fc.integer({ min: 1, max: 20 }), { nil: null }), fc.nat(60), fc.nat(30), fc.integer({ min: 1, max: 50 }), (maxUses, maxPerBuyer, taken, buyerUses, requested) => {
        const refused = codeUseRefusal({ code: rules({ maxUses, maxPerBuyer }), usesTaken: taken, buyerUses, requested, now: new Date() });
        const fits = taken + requested <= maxUses && (maxPerBuyer === null || buyerUses + requested <= maxPerBuyer);
        expect(refused === null).toBe(fits);
      }),
    );
  });
});

describe("the price of a ticket with a code (D21, D22)", () => {
  it("takes a percentage, an amount or sets a price, never below £0 nor above the type's price", () => {
    expect(discountedUnitPrice(2000, { effect: "percent", value: 25 })).toBe(1500);
    expect(discountedUnitPrice(999, { effect: "percent", value: 33 })).toBe(669);
    expect(discountedUnitPrice(2000, { effect: "percent", value: 100 })).toBe(0);
    expect(discountedUnitPrice(2000, { effect: "amount", value: 500 })).toBe(1500);
    expect(discountedUnitPrice(400, { effect: "amount", value: 500 })).toBe(0);
    expect(discountedUnitPrice(2000, { effect: "set_price", value: 1200 })).toBe(1200);
    expect(discountedUnitPrice(1000, { effect: "set_price", value: 1200 })).toBe(1000);
    expect(discountedUnitPrice(2000, { effect: "none", value: 0 })).toBe(2000);
    expect(discountPerTicket(2000, { effect: "percent", value: 25 })).toBe(500);
  });

  it("keeps the booking fee whole on what is paid, and none on a ticket the code makes free", () => {
    expect(allInPriceWithCode(2000, { effect: "percent", value: 25 }, false)).toBe(1500 + BOOKING_FEE_PENCE);
    expect(allInPriceWithCode(2000, { effect: "percent", value: 25 }, true)).toBe(1500);
    expect(allInPriceWithCode(2000, { effect: "percent", value: 100 }, false)).toBe(0);
    expect(allInPriceWithCode(2000, null, false)).toBe(2000 + BOOKING_FEE_PENCE);
  });

  it("prices every ticket between £0 and its type's price, the discount making up the rest", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), effect, (price, code) => {
        const unit = discountedUnitPrice(price, code);
        expect(Number.isInteger(unit)).toBe(true);
        expect(unit).toBeGreaterThanOrEqual(0);
        expect(unit).toBeLessThanOrEqual(price);
        expect(unit + discountPerTicket(price, code)).toBe(price);
      }),
    );
  });

  it("names its effect for the organiser", () => {
    expect(codeEffectText({ effect: "percent", value: 20 })).toBe("20% off");
    expect(codeEffectText({ effect: "amount", value: 550 })).toBe("£5.50 off");
    expect(codeEffectText({ effect: "set_price", value: 0 })).toBe("Free");
    expect(codeEffectText({ effect: "none", value: 0 })).toBe("Unlocks hidden tickets");
  });
});

describe("places a code keeps back (issue 37)", () => {
  it("keeps its places less its uses while active and unexpired, valid yet or not; none once deactivated or expired", () => {
    const now = at("2027-01-10T12:00:00Z");
    expect(unusedReservation(rules({ reservedPlaces: 10 }), 3, now)).toBe(7);
    expect(unusedReservation(rules({ reservedPlaces: 10 }), 12, now)).toBe(0);
    expect(unusedReservation(rules({ reservedPlaces: 10, validFrom: at("2027-02-01T00:00:00Z") }), 0, now)).toBe(10);
    expect(unusedReservation(rules({ reservedPlaces: 10, validUntil: now }), 0, now)).toBe(0);
    expect(unusedReservation(rules({ reservedPlaces: 10, active: false }), 0, now)).toBe(0);
    expect(unusedReservation(rules(), 0, now)).toBe(0);
  });

  it("needs its event, and never more places than uses", () => {
    const base = { code: "GUESTS", effect: "none", eventId: "5b0f4c1e-8f5b-4d0e-9c7a-2f1e3d4c5b6a" };
    expect(CodeInput.safeParse({ ...base, reservedPlaces: 10 }).success).toBe(true);
    expect(CodeInput.safeParse({ ...base, eventId: null, reservedPlaces: 10 }).error?.issues[0]).toMatchObject({ path: ["reservedPlaces"], message: "A code that reserves places must name its event" });
    expect(CodeInput.safeParse({ ...base, reservedPlaces: 10, maxUses: 5 }).error?.issues[0]).toMatchObject({ path: ["reservedPlaces"], message: "reservedPlaces cannot be more than maxUses" });
  });
});

describe("which types a code applies to", () => {
  it("applies to the types it names, hidden or not; with none named, to every shown type and never a hidden one", () => {
    expect(codeAppliesToType({ ticketTypeIds: [] }, { id: "a", hidden: false })).toBe(true);
    expect(codeAppliesToType({ ticketTypeIds: [] }, { id: "a", hidden: true })).toBe(false);
    expect(codeAppliesToType({ ticketTypeIds: ["a"] }, { id: "a", hidden: true })).toBe(true);
    expect(codeAppliesToType({ ticketTypeIds: ["a"] }, { id: "b", hidden: false })).toBe(false);
  });
});

describe("code inputs", () => {
  const issue = (schema: typeof CodeInput | typeof GenerateCodesInput, input: unknown) => {
    const parsed = schema.safeParse(input);
    return parsed.success ? null : { path: parsed.error.issues[0]!.path.join("."), message: parsed.error.issues[0]!.message };
  };
  it("names the field at fault", () => {
    expect(CodeInput.parse({ code: " summer ", effect: "percent", value: 20 })).toMatchObject({ code: "SUMMER", eventId: null, ticketTypeIds: [], maxUses: null, active: true });
    expect(issue(CodeInput, { code: "SUMMER", effect: "percent", value: 120 })).toEqual({ path: "value", message: "A percentage off must be from 1 to 100" });
    expect(issue(CodeInput, { code: "SUMMER", effect: "amount", value: 0 })).toEqual({ path: "value", message: "An amount off must be at least 1p" });
    expect(issue(CodeInput, { code: "SUMMER", effect: "half", value: 1 })).toMatchObject({ path: "effect" });
    expect(issue(CodeInput, { code: "S!", effect: "none" })).toMatchObject({ path: "code" });
    expect(issue(CodeInput, { code: "SUMMER", effect: "none", validFrom: "2026-12-05T10:00:00Z", validUntil: "2026-12-01T10:00:00Z" })).toEqual({ path: "validUntil", message: "validUntil must be after validFrom" });
    expect(issue(CodeInput, { code: "SUMMER", effect: "none", ticketTypeIds: ["0b5c9b8e-3c1f-4a57-9d1e-2b1f7a7e0c11"] })).toEqual({ path: "ticketTypeIds", message: "A code for chosen ticket types must name their event" });
    expect(issue(CodeInput, { code: "SUMMER", effect: "none", maxUses: 0 })).toEqual({ path: "maxUses", message: "maxUses must be at least 1" });
  });

  it("makes generated codes single-use unless told otherwise, at most 500 at once", () => {
    expect(GenerateCodesInput.parse({ count: 200, effect: "percent", value: 10 })).toMatchObject({ count: 200, prefix: "", maxUses: 1 });
    expect(issue(GenerateCodesInput, { count: 501, effect: "none" })).toEqual({ path: "count", message: "count must be at most 500" });
  });
});
