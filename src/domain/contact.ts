/** Limits of the contact form (decisions.md D7): the same for the page and POST /api/contact. */
export const CONTACT_LIMITS = {
  nameMax: 100,
  emailMax: 254,
  subjectMax: 200,
  messageMin: 10,
  messageMax: 5000,
} as const;

/** Support hours (spec §2 Contact), also quoted by the help pages and the assistant. */
export const SUPPORT_HOURS = [
  { days: "Monday to Friday", short: "Mon-Fri", hours: "9:00-6:00" },
  { days: "Saturday", short: "Sat", hours: "10:00-4:00" },
  { days: "Sunday", short: "Sun", hours: "Closed" },
] as const;

/** 'Mon-Fri 9:00-6:00, Sat 10:00-4:00, Sun closed' (spec §2 Contact). */
export const SUPPORT_HOURS_TEXT = SUPPORT_HOURS.map((row) => `${row.short} ${row.hours === "Closed" ? "closed" : row.hours}`).join(", ");

/** spec §2 Contact: emergency support never closes for urgent ticket issues. */
export const EMERGENCY_SUPPORT_TEXT = "Emergency support is available 24/7 for urgent ticket issues.";
