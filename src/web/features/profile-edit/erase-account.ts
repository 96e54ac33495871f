/** The export of everything about the signed-in person: a plain link downloads it, no script needed. */
export const EXPORT_PATH = "/api/me/export";

/** The form's intent, and what a refused erasure answers the page (an erased account goes home). */
export const ERASE_ACCOUNT_INTENT = "erase-account";
export type EraseAccountAnswer = { intent: typeof ERASE_ACCOUNT_INTENT; problem: string };
