import { z } from "zod";
import { CODE_EFFECTS, CODE_MAX_LENGTH, codeTextProblem, GENERATED_CODE_LENGTH, MAX_GENERATED_CODES, normaliseCode } from "./codes";
import { MAX_TICKET_TYPES } from "./ticket-types";

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? null : value), schema.nullish().transform((v) => v ?? null));

/** A code's text as an organiser types it: normalised (trimmed, upper case), 3 to 32 letters, digits, '-' or '_'. */
export const CodeText = z
  .string({ message: "Code is required" })
  .superRefine((text, context) => {
    const problem = codeTextProblem(text);
    if (problem) context.addIssue({ code: "custom", message: problem });
  })
  .transform(normaliseCode);

const dateTime = (field: string) => optional(z.iso.datetime({ offset: true, message: `${field} must be a date and time` }));
const limit = (field: string) => optional(z.number({ message: `${field} must be a number` }).int(`${field} must be a whole number`).min(1, `${field} must be at least 1`).max(1_000_000, `${field} is too high`));

/** What every code says besides its text (shared by one code and a bulk generation). */
const codeFields = {
  /** Null: every event of the organiser's, now and later. */
  eventId: optional(z.uuid("eventId must be an event id")),
  effect: z.enum(CODE_EFFECTS, { message: `effect must be one of ${CODE_EFFECTS.join(", ")}` }),
  value: z.number({ message: "value must be a number" }).int("value must be a whole number").min(0, "value cannot be negative").max(1_000_000, "value is too high").default(0),
  ticketTypeIds: z.array(z.uuid("ticketTypeIds must be ticket type ids")).max(MAX_TICKET_TYPES, `ticketTypeIds can name at most ${MAX_TICKET_TYPES} types`).default([]),
  validFrom: dateTime("validFrom"),
  validUntil: dateTime("validUntil"),
  maxUses: limit("maxUses"),
  maxPerBuyer: limit("maxPerBuyer"),
  /** Places kept back from the public for this code's buyers (only a code for one event). */
  reservedPlaces: limit("reservedPlaces"),
  active: z.boolean({ message: "active must be true or false" }).default(true),
};

type CodeFieldsOutput = {
  eventId: string | null;
  effect: (typeof CODE_EFFECTS)[number];
  value: number;
  ticketTypeIds: string[];
  validFrom: string | null;
  validUntil: string | null;
  maxUses: number | null;
  reservedPlaces: number | null;
};

/** The rules between fields: a value that fits the effect, an end after the start, types only of one event. */
function codeFieldsAgree(code: CodeFieldsOutput, context: z.RefinementCtx) {
  if (code.effect === "percent" && (code.value < 1 || code.value > 100)) context.addIssue({ code: "custom", path: ["value"], message: "A percentage off must be from 1 to 100" });
  if (code.effect === "amount" && code.value < 1) context.addIssue({ code: "custom", path: ["value"], message: "An amount off must be at least 1p" });
  if (code.effect === "none" && code.value !== 0) context.addIssue({ code: "custom", path: ["value"], message: "A code that only unlocks hidden tickets has no value" });
  if (code.validFrom && code.validUntil && new Date(code.validUntil) <= new Date(code.validFrom)) context.addIssue({ code: "custom", path: ["validUntil"], message: "validUntil must be after validFrom" });
  if (code.ticketTypeIds.length && !code.eventId) context.addIssue({ code: "custom", path: ["ticketTypeIds"], message: "A code for chosen ticket types must name their event" });
  if (code.reservedPlaces !== null && !code.eventId) context.addIssue({ code: "custom", path: ["reservedPlaces"], message: "A code that reserves places must name its event" });
  if (code.reservedPlaces !== null && code.maxUses !== null && code.reservedPlaces > code.maxUses) context.addIssue({ code: "custom", path: ["reservedPlaces"], message: "reservedPlaces cannot be more than maxUses" });
}

/** A new code (issue 37, D25), or the whole of one being edited. */
export const CodeInput = z
  .object({ code: CodeText, ...codeFields })
  .superRefine(codeFieldsAgree);
export type CodeInput = z.input<typeof CodeInput>;
export type CodeValues = z.output<typeof CodeInput>;

/** N random single-use codes at once (a CSV of them goes to a mailing list), all alike but for their text. */
export const GenerateCodesInput = z
  .object({
    count: z.number({ message: "count must be a number" }).int("count must be a whole number").min(1, "count must be at least 1").max(MAX_GENERATED_CODES, `count must be at most ${MAX_GENERATED_CODES}`),
    prefix: z
      .string()
      .trim()
      .max(CODE_MAX_LENGTH - GENERATED_CODE_LENGTH, `prefix must be at most ${CODE_MAX_LENGTH - GENERATED_CODE_LENGTH} characters`)
      .regex(/^[A-Za-z0-9_-]*$/, "prefix may contain only letters, digits, '-' and '_'")
      .default(""),
    ...codeFields,
    maxUses: limit("maxUses").transform((uses) => uses ?? 1),
  })
  .superRefine(codeFieldsAgree);
export type GenerateCodesInput = z.input<typeof GenerateCodesInput>;

/** A code as its organiser reads it, with its uses counted per ticket: held by live checkouts, and confirmed. */
export const CodeSummary = z.object({
  id: z.string(),
  code: z.string(),
  eventId: z.string().nullable(),
  effect: z.enum(CODE_EFFECTS),
  value: z.number().int(),
  effectText: z.string(),
  ticketTypeIds: z.array(z.string()),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  maxUses: z.number().int().nullable(),
  maxPerBuyer: z.number().int().nullable(),
  reservedPlaces: z.number().int().nullable(),
  /** Of reservedPlaces, those still kept back from the public now (unused, while the code is active and unexpired). */
  reservedUnused: z.number().int(),
  active: z.boolean(),
  usesHeld: z.number().int(),
  usesConfirmed: z.number().int(),
  /** Where it stands now: inactive, not-yet, expired, used-up or ok. */
  state: z.enum(["inactive", "not-yet", "expired", "used-up", "ok"]),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CodeSummary = z.infer<typeof CodeSummary>;
