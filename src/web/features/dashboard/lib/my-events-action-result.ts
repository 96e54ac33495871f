export type MyEventsIntent = "delete" | "cancel" | "postpone";

/** What a post to My Events answers: the change made to the event, or the server's refusal in its own words. */
export type MyEventsActionResult = { intent: MyEventsIntent; eventId: string; done: true } | { intent: MyEventsIntent; eventId: string; refused: { status: number; message: string } };
