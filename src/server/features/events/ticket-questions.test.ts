import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError, ERASED_NAME, type AttendeeList, type EditableEvent, type EventDetail } from "../../../domain";
import { createTestApp } from "../../../../test/app";
import { TEST_PASSWORD, type AuthClient } from "../../../../test/auth-client";
import { createUser } from "../../../../test/fixtures";
import { eventInput, signInAs } from "../../../../test/organiser";
import { paidLocally } from "../../../../test/purchases";
import { orderLines } from "../../db/schema";
import { confirmOrder, createPayment } from "../checkout/checkout.service";

/** Organiser questions (issue 36): asked per ticket, answers checked on the server, shown to the organiser, the attendee's data. */
let t: Awaited<ReturnType<typeof createTestApp>>;
let organiser: AuthClient;
beforeAll(async () => {
  t = await createTestApp();
  organiser = (await signInAs(t.app, t.db, t.config.publicUrl, "user")).client;
});
afterAll(async () => t.close());

const questions = [
  { label: "Dietary needs", kind: "choice", options: ["None", "Vegetarian", "Vegan"], required: true },
  { label: "Child's age", kind: "text", required: true, ticketTypes: ["Child"] },
  { label: "Photo consent", kind: "checkbox" },
];

async function familyDay(): Promise<{ event: EditableEvent; standard: string; child: string; diet: string; age: string; photo: string }> {
  const response = await organiser.post("/api/events", {
    ...eventInput({ maxAttendees: 100 }),
    ticketTypes: [
      { name: "Standard", pricePence: 1500 },
      { name: "Child", pricePence: 800 },
      { name: "Crew", pricePence: 500, hidden: true },
    ],
    questions: [...questions, { label: "Crew role", kind: "text", ticketTypes: ["Crew"] }],
  });
  expect(response.statusCode, response.body).toBe(201);
  const event = response.json() as EditableEvent;
  const id = (name: string) => event.ticketTypes.find((type) => type.name === name)!.id;
  const question = (label: string) => event.questions.find((asked) => asked.label === label)!.id;
  return { event, standard: id("Standard"), child: id("Child"), diet: question("Dietary needs"), age: question("Child's age"), photo: question("Photo consent") };
}

/** An edit of the event as it is, with `changes`: its types sent back as they are unless changed. */
const edit = (event: EditableEvent, changes: Record<string, unknown>) =>
  organiser.request("PATCH", `/api/events/${event.id}`, {
    ...eventInput({ maxAttendees: 100 }),
    title: event.title,
    ticketTypes: event.ticketTypes.map(({ sold: _sold, removable: _removable, ...type }) => type),
    ...changes,
  });

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof AppError ? { code: error.code, message: error.message } : Promise.reject(error)),
  );

describe("an event's questions", () => {
  it("are saved with the types they are asked on, edited by name, and shown to buyers only on types they can see", async () => {
    const { event, child } = await familyDay();
    expect(event.questions.map((question) => [question.label, question.kind, question.options, question.required, question.ticketTypes])).toEqual([
      ["Dietary needs", "choice", ["None", "Vegetarian", "Vegan"], true, null],
      ["Child's age", "text", [], true, ["Child"]],
      ["Photo consent", "checkbox", [], false, null],
      ["Crew role", "text", [], false, ["Crew"]],
    ]);
    const page = (await t.app.inject({ method: "GET", url: `/api/events/${event.id}` })).json() as EventDetail;
    // The hidden Crew type's question is for its code's holders, not the public page.
    expect(page.questions.map((question) => [question.label, question.ticketTypeIds])).toEqual([
      ["Dietary needs", null],
      ["Child's age", [child]],
      ["Photo consent", null],
    ]);

    // Renaming a type keeps its questions (kept by id); an edit without questions keeps them.
    const renamed = event.ticketTypes.map(({ sold: _sold, removable: _removable, ...type }) => (type.name === "Child" ? { ...type, name: "Under 16" } : type));
    const edited = await edit(event, { ticketTypes: renamed });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((edited.json() as EditableEvent).questions.find((question) => question.label === "Child's age")!.ticketTypes).toEqual(["Under 16"]);

    // The list replaces the questions: one kept by its id, changed; the rest gone.
    const kept = event.questions[0]!;
    const replaced = await edit(event, { questions: [{ id: kept.id, label: "Diet", kind: "choice", options: ["None", "Halal"], required: false }] });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect((replaced.json() as EditableEvent).questions).toEqual([{ id: kept.id, label: "Diet", kind: "choice", options: ["None", "Halal"], required: false, ticketTypes: null }]);
  });

  it("refuses a choice without two options, a type the event does not sell, a question asked twice or one of another event, naming the field", async () => {
    const bad = async (asked: unknown[], extra: Record<string, unknown> = {}) => {
      const response = await organiser.post("/api/events", { ...eventInput(), ticketTypes: [{ name: "Standard", pricePence: 1500 }], questions: asked, ...extra });
      expect(response.statusCode).toBe(400);
      return response.json().error.message as string;
    };
    expect(await bad([{ label: "Size", kind: "choice", options: ["M"] }])).toBe("Invalid field 'questions.0.options': A choice needs at least two options");
    expect(await bad([{ label: "Size", kind: "text", options: ["M", "L"] }])).toBe("Invalid field 'questions.0.options': Only a choice has options");
    expect(await bad([{ label: "Age", kind: "text", ticketTypes: ["Child"] }])).toBe("Invalid field 'questions.0.ticketTypes': Child is not one of this event's ticket types");
    expect(await bad([{ label: "Age", kind: "text" }, { label: "age", kind: "text" }])).toBe("Invalid field 'questions.1.label': “age” is asked twice");
    expect(await bad([{ label: "Age", kind: "number" }])).toBe("Invalid field 'questions.0.kind': A question's kind is text, choice or checkbox");
    const { event } = await familyDay();
    const other = await organiser.post("/api/events", { ...eventInput(), pricePence: 1000, questions: [{ id: event.questions[0]!.id, label: "Stolen", kind: "text" }] });
    expect(other.statusCode).toBe(400);
    expect(other.json().error.message).toBe(`Invalid field 'questions.0.id': question ${event.questions[0]!.id} is not one of this event's`);
  });
});

describe("checkout answers each ticket's questions", () => {
  it("refuses a missing required answer, an answer not offered, a tick box that is not true or false, and a question not asked on that ticket", async () => {
    const { event, standard, child, diet, age, photo } = await familyDay();
    const buyer = await createUser(t.db);
    const pay = (items: unknown[]) => refusal(createPayment({ db: t.db, userId: buyer.id, input: { attendeeName: "Ada Buyer", items } }));
    // The spec's body names no attendees: a required question cannot be answered that way.
    expect(await pay([{ eventId: event.id, ticketTypeId: standard, ticketQuantity: 1 }])).toEqual({
      code: "VALIDATION_FAILED",
      message: `Invalid field 'attendees': name each ticket for ${event.title} and answer its questions: “Dietary needs” must be answered on every ticket`,
    });
    expect(await pay([{ eventId: event.id, ticketTypeId: standard, ticketQuantity: 2, attendees: [{ name: "Ada", answers: { [diet]: "Vegan" } }, { name: "Bo", answers: {} }] }])).toEqual({
      code: "VALIDATION_FAILED",
      message: `Invalid field 'attendees.1.answers.${diet}': Choose an answer to “Dietary needs” (ticket 2 for ${event.title})`,
    });
    expect((await pay([{ eventId: event.id, ticketTypeId: standard, ticketQuantity: 1, attendees: [{ name: "Ada", answers: { [diet]: "Pescatarian" } }] }]))?.message).toBe(
      `Invalid field 'attendees.0.answers.${diet}': Dietary needs: choose one of None, Vegetarian, Vegan (ticket 1 for ${event.title})`,
    );
    expect((await pay([{ eventId: event.id, ticketTypeId: standard, ticketQuantity: 1, attendees: [{ name: "Ada", answers: { [diet]: "None", [photo]: "yes" } }] }]))?.message).toBe(
      `Invalid field 'attendees.0.answers.${photo}': Photo consent: the answer must be true or false (ticket 1 for ${event.title})`,
    );
    // A child's age is asked on Child tickets only: not on a Standard one, and required on a Child one.
    expect((await pay([{ eventId: event.id, ticketTypeId: standard, ticketQuantity: 1, attendees: [{ name: "Ada", answers: { [diet]: "None", [age]: "9" } }] }]))?.message).toBe(
      `Invalid field 'attendees.0.answers.${age}': ${age} is not a question asked on this ticket`,
    );
    expect((await pay([{ eventId: event.id, ticketTypeId: child, ticketQuantity: 1, attendees: [{ name: "Cy", answers: { [diet]: "None", [age]: "   " } }] }]))?.message).toBe(
      `Invalid field 'attendees.0.answers.${age}': Answer “Child's age” (ticket 1 for ${event.title})`,
    );
    expect((await pay([{ eventId: event.id, ticketTypeId: child, ticketQuantity: 1, attendees: [{ name: "Cy", answers: { [diet]: "None", [age]: "9\u202Eevil" } }] }]))?.message).toContain("the answer contains a character that is not allowed");
    // Over HTTP, the same refusal is a 400 in the API's shape.
    const client = (await signInAs(t.app, t.db, t.config.publicUrl, "user")).client;
    const response = await client.post("/api/functions/create-payment", { attendeeName: "Ada Buyer", eventId: event.id, ticketTypeId: standard, ticketQuantity: 1 });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: "VALIDATION_FAILED", message: expect.stringContaining("“Dietary needs” must be answered on every ticket") });
  });

  it("keeps each ticket's answers as asked, for the attendee list, its CSV, the attendee's export; erasure takes them away", async () => {
    const { event, standard, child, diet, age, photo } = await familyDay();
    const buyer = await createUser(t.db);
    const friend = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const order = await createPayment({
      db: t.db,
      userId: buyer.id,
      input: {
        attendeeName: "Ada Buyer",
        items: [
          { eventId: event.id, ticketTypeId: standard, ticketQuantity: 2, attendees: [{ name: "Ada Buyer", answers: { [diet]: " Vegan ", [photo]: true } }, { name: "Bo Friend", email: friend.account.email, answers: { [diet]: "None" } }] },
          { eventId: event.id, ticketTypeId: child, ticketQuantity: 1, attendees: [{ name: "Cy Child", answers: { [diet]: "Vegetarian", [age]: "9" } }] },
        ],
      },
    });
    const [line] = await t.db.select().from(orderLines).where(eq(orderLines.ticketTypeId, standard));
    // Kept with the question as it was asked; a tick box left unticked is a No.
    expect(line!.attendees).toEqual([
      { name: "Ada Buyer", answers: [{ questionId: diet, question: "Dietary needs", answer: "Vegan" }, { questionId: photo, question: "Photo consent", answer: true }] },
      { name: "Bo Friend", email: friend.account.email, answers: [{ questionId: diet, question: "Dietary needs", answer: "None" }, { questionId: photo, question: "Photo consent", answer: false }] },
    ]);
    await paidLocally(t.db, [order.sessionId]);
    expect((await confirmOrder({ db: t.db, jobs: t.app.jobs, company: t.config.company, sessionId: order.sessionId })).status).toBe("confirmed");

    // The organiser renames a question afterwards: what was asked at the sale stays with its answers.
    const list = async () => ((await organiser.get(`/api/events/${event.id}/attendees`)).json() as AttendeeList).attendees;
    const answersOf = async (name: string) => (await list()).find((attendee) => attendee.name === name)!.answers.map((given) => [given.question, given.answer]);
    expect(await answersOf("Cy Child")).toEqual([["Dietary needs", "Vegetarian"], ["Child's age", "9"], ["Photo consent", false]]);
    expect(await answersOf("Bo Friend")).toEqual([["Dietary needs", "None"], ["Photo consent", false]]);

    const csv = (await organiser.get(`/api/events/${event.id}/attendees?format=csv`)).body.replace(/^\uFEFF/, "").trim().split("\r\n");
    const header = csv[0]!.split(",");
    expect(header.slice(-5)).toEqual(["Dietary needs", "Child's age", "Photo consent", "Crew role", "Other answers"]);
    const row = (name: string) => csv.find((line) => line.startsWith(`${name},`))!.split(",").slice(-5);
    expect(row("Ada Buyer")).toEqual(["Vegan", "", "Yes", "", ""]);
    expect(row("Cy Child")).toEqual(["Vegetarian", "9", "No", "", ""]);

    // A question no longer asked: its answers move to the last column, under the words they were asked in.
    const edited = await edit(event, { questions: [] });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = (await organiser.get(`/api/events/${event.id}/attendees?format=csv`)).body.replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(after[0]!.split(",").at(-1)).toBe("Other answers");
    expect(after.find((line) => line.startsWith("Cy Child,"))).toContain("Dietary needs: Vegetarian; Child's age: 9; Photo consent: No");

    // The friend's ticket, bought by someone else in their e-mail, is in their export with their answers…
    const exported = (await friend.client.get("/api/me/export")).json() as { ticketsInYourName: { attendeeName: string; answers: unknown[] }[] };
    expect(exported.ticketsInYourName).toEqual([expect.objectContaining({ attendeeName: "Bo Friend", answers: [{ question: "Dietary needs", answer: "None" }, { question: "Photo consent", answer: false }] })]);
    // …and erasing their account takes their answers and e-mail from the buyer's order, leaving the others'.
    const erased = await friend.client.post("/api/me/erase", { email: friend.account.email, password: TEST_PASSWORD });
    expect(erased.statusCode, erased.body).toBe(200);
    const [afterErasure] = await t.db.select().from(orderLines).where(eq(orderLines.ticketTypeId, standard));
    expect(afterErasure!.attendees![1]).toEqual({ name: ERASED_NAME });
    expect(afterErasure!.attendees![0]!.answers).toHaveLength(2);
    expect(await answersOf("Ada Buyer")).toEqual([["Dietary needs", "Vegan"], ["Photo consent", true]]);
  });
});
