import fc from "fast-check";
import { it } from "vitest";

/**
 * A property that fails at its first value, unshrunk (endOnFailure), so the counterexample shows which
 * seed drew it. Run only by test/system/exit-code.system.ts (test/canary/vitest.config.ts).
 */
it("fails on its first value", () => {
  fc.assert(
    fc.property(fc.integer(), () => false),
    { endOnFailure: true },
  );
});
