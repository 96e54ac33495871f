import { postAuth } from "./auth-request";

/** Ends the session on the server; the server revokes every session of the user (spec §7: global scope). */
export async function signOutEverywhere(): Promise<void> {
  await postAuth("/sign-out");
}
