export type DoorTeamIntent = "invite" | "link" | "revoke";

/** What the door team's form posts answer: done, or refused beside the field named, with what was typed kept. */
export interface DoorTeamActionResult {
  intent: DoorTeamIntent;
  /** Tells one answer from the next, so a form is cleared after each success. */
  nonce: number;
  done?: string;
  /** A refusal not about one field. */
  message?: string;
  errors?: Partial<Record<"email" | "name" | "eventIds" | "pin", string>>;
  values?: { email?: string; name?: string; pin?: string; eventIds: string[] };
  /** A new door link's address: shown this once. */
  link?: { label: string; url: string };
}

/** The field a refusal names ("Invalid field 'pin': …"), with its message alone. */
export function fieldOfRefusal(message: string): { field: "email" | "name" | "eventIds" | "pin"; message: string } | null {
  const match = /^Invalid field '(email|name|eventIds|pin)(?:\.\d+)?': (.*)$/.exec(message);
  return match ? { field: match[1] as "email" | "name" | "eventIds" | "pin", message: match[2]! } : null;
}
