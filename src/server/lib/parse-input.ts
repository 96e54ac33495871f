import type { z } from "zod";
import { AppError } from "../../domain";

type Issue = z.core.$ZodIssue;

/**
 * Validates a service's input with its domain schema; a 400 names the first field that is wrong
 * ("Invalid field 'title': …"), or `whole` when the input itself is wrong. `explain` may turn an issue
 * into the spec's own message for that field.
 */
export function parseInput<S extends z.ZodType>(schema: S, raw: unknown, { whole, explain }: { whole: string; explain?: (issue: Issue) => AppError | undefined }): z.output<S> {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const special = explain?.(issue);
  if (special) throw special;
  throw new AppError("VALIDATION_FAILED", `Invalid field '${issue.path.join(".") || whole}': ${issue.message}`);
}
