/**
 * The user this browser has just signed out. Pages stop showing them at once (spec §4: sign-out clears
 * the local session immediately), before the server has answered and the root loader has re-read the
 * session; a failed sign-out call still leaves the page signed out. Only changed in the browser.
 */
let signedOutUserId: string | null = null;
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

export function markSignedOut(userId: string): void {
  signedOutUserId = userId;
  notify();
}

/** After a new sign-in the session the server reports is shown again. */
export function clearSignedOutMark(): void {
  if (signedOutUserId === null) return;
  signedOutUserId = null;
  notify();
}

export function subscribeToSignedOut(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function signedOutUser(): string | null {
  return signedOutUserId;
}

export function noSignedOutUserOnServer(): null {
  return null;
}

/** The user to show: the session's user unless this browser has just signed them out. */
export function visibleSessionUser<User extends { id: string }>(user: User | null, signedOutId: string | null): User | null {
  return user && user.id !== signedOutId ? user : null;
}
