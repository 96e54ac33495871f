import { data } from "react-router";
import { AppError, type SessionUser } from "@domain";
import { createDashboardCode, deleteDashboardCode, generateDashboardCodes, updateDashboardCode } from "~/lib/services.server";
import type { RouterContextReader } from "~/lib/page-context.server";
import { codeInputOf, fieldOfRefusal, formValues } from "./lib/code-form";
import type { CodesActionResult, CodesIntent } from "./lib/codes-action-result";

const INTENTS: readonly CodesIntent[] = ["create", "update", "generate", "activate", "deactivate", "delete"];

/** An id from the form, bounded as the API's params are. */
const idOf = (form: FormData) => String(form.get("id") ?? "").trim().slice(0, 100);

/**
 * The codes screen's posts (issue 37), each with the service, checks and messages of its JSON route
 * (codes.routes.ts): a new code, a code changed, deactivated or reactivated, deleted (only if never used),
 * and codes generated with their CSV. A refusal naming a field comes back beside that field with what was
 * typed, so nothing is lost.
 */
export async function codesAction(context: RouterContextReader, user: SessionUser, form: FormData) {
  const intent = INTENTS.find((known) => known === form.get("intent"));
  if (!intent) throw data(null, { status: 400 });
  const values = formValues(form);
  const nonce = Date.now();
  const refused = (status: number, error: AppError | { message: string; details?: unknown }) => {
    const named = fieldOfRefusal(error.message, (error.details as { field?: unknown } | undefined)?.field);
    const result: CodesActionResult = { intent, nonce, values, id: idOf(form) || null, ...(named ? { errors: { [named.field]: named.message } } : { message: error.message }) };
    return data<CodesActionResult>(result, { status });
  };
  try {
    switch (intent) {
      case "create":
      case "update":
      case "generate": {
        const { input, errors } = codeInputOf(values, { generate: intent === "generate" });
        if (Object.keys(errors).length) return data<CodesActionResult>({ intent, nonce, values, id: idOf(form) || null, errors }, { status: 400 });
        if (intent === "create") {
          const code = await createDashboardCode(context, { user, input });
          return data<CodesActionResult>({ intent, nonce, done: `Code ${code.code} created: ${code.effectText}.` });
        }
        if (intent === "update") {
          const code = await updateDashboardCode(context, { user, codeId: idOf(form), input });
          return data<CodesActionResult>({ intent, nonce, done: `Code ${code.code} saved.` });
        }
        const { codes, csv } = await generateDashboardCodes(context, { user, input });
        return data<CodesActionResult>({ intent, nonce, done: `${codes.length} codes generated: ${codes[0]?.effectText ?? ""}.`, generated: { count: codes.length, csv } });
      }
      case "activate":
      case "deactivate": {
        const code = await updateDashboardCode(context, { user, codeId: idOf(form), input: { active: intent === "activate" } });
        return data<CodesActionResult>({ intent, nonce, done: `Code ${code.code} ${intent === "activate" ? "reactivated" : "deactivated"}.` });
      }
      case "delete": {
        const text = String(form.get("code") ?? "").slice(0, 40);
        await deleteDashboardCode(context, { user, codeId: idOf(form) });
        return data<CodesActionResult>({ intent, nonce, done: `Code ${text} deleted.` });
      }
    }
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return refused(error.status, error);
  }
}
