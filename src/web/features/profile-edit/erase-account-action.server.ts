import { data, redirect } from "react-router";
import { AppError, EraseAccountInput } from "@domain";
import { eraseOwnAccount } from "~/lib/services.server";
import type { RouterContextReader } from "~/lib/page-context.server";
import { paths } from "~/paths";
import type { EraseAccountAnswer } from "./erase-account";

/**
 * "Delete my account" posted, with or without the page's scripts (D28, decision 035): the checks and
 * messages of POST /api/me/erase. Erased, the browser forgets its session and goes home; refused, the
 * form says why.
 */
export async function eraseAccountAction(context: RouterContextReader, request: Request, form: FormData) {
  const password = form.get("password");
  const input = EraseAccountInput.safeParse({ email: String(form.get("email") ?? ""), ...(typeof password === "string" && password ? { password } : {}) });
  // The form's own words for a missing e-mail, as the page says it before posting.
  if (!input.success) return data<EraseAccountAnswer>({ intent: "erase-account", problem: input.error.issues[0]!.message }, { status: 400 });
  try {
    const { clearCookie } = await eraseOwnAccount(context, request, input.data);
    return redirect(paths.home, { headers: { "Set-Cookie": clearCookie } });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return data<EraseAccountAnswer>({ intent: "erase-account", problem: error.message }, { status: error.status });
  }
}
