import { useRef, useState } from "react";
import { answerProblem, attendeeEmailProblem, attendeeNameProblem, type AnswersInput, type RequestedAttendee, type TicketQuestion } from "@domain";

/** A ticket as the buyer fills it in (issue 36), unless it is the buyer's own (named in the name field). */
export interface TicketEntry {
  /** "Same as mine": the ticket carries the buyer's name, and its name field is disabled. */
  same: boolean;
  name: string;
  email: string;
}

export interface TicketErrors {
  name?: string;
  email?: string;
}

/** A question as the form asks it. */
export type AskedQuestion = Pick<TicketQuestion, "id" | "label" | "kind" | "options" | "required">;

/** A line of an order as its tickets' fields need it: the Buy Now's one line, or one of the cart's. */
export interface AttendeeLine {
  /** Which line: what is typed is kept under it, so it stays when another line changes or goes. */
  key: string;
  quantity: number;
  /** The organiser's questions asked on this line's tickets (those on its type). */
  questions: readonly AskedQuestion[];
  /** Whether ticket 1 is the buyer's own (the Buy Now's, the cart's first line): named in the name field. */
  buyerFirst: boolean;
}

// Each other ticket starts in the buyer's name ("Same as mine" ticked): naming it is one untick away, and a
// buyer of several tickets for their own group is not made to type their name again and again.
const blank: TicketEntry = { same: true, name: "", email: "" };

interface LineState {
  /** Every ticket's entry, ticket 1 first; kept when the quantity goes down and up again. */
  tickets: TicketEntry[];
  answers: AnswersInput[];
  errors: TicketErrors[];
  answerErrors: Record<string, string>[];
  /** The buyer chose to name this line's tickets (the cart shows a line without questions closed until then). */
  open: boolean;
}

const emptyLine: LineState = { tickets: [], answers: [], errors: [], answerErrors: [], open: false };

export interface TicketAttendeesFieldProps {
  /** Every ticket of the line, in order. */
  tickets: TicketEntry[];
  /** Ticket 1 is the buyer's own: it shows only its questions. */
  buyerFirst: boolean;
  errors: TicketErrors[];
  /** The buyer's name, which "Same as mine" puts on a ticket. */
  buyerName: string;
  onChange: (ticket: number, next: Partial<TicketEntry>) => void;
  /** Keeps a field's element, so a check can move focus to the first field at fault. */
  fieldRef: (field: string) => (element: HTMLInputElement | HTMLSelectElement | null) => void;
  /** The organiser's questions asked on each ticket (issue 36), and each ticket's answers and problems, ticket 1 first. */
  questions: readonly AskedQuestion[];
  answers: AnswersInput[];
  answerErrors: Record<string, string>[];
  onAnswer: (ticket: number, questionId: string, answer: string | boolean) => void;
  /** Whether the buyer chose to name the tickets, and how they do. */
  open: boolean;
  onOpen: () => void;
}

/**
 * The tickets of a checkout (issue 36), line by line: for each ticket not the buyer's own a name, or "Same
 * as mine", and an optional e-mail to which that attendee gets their own ticket; for every ticket, the
 * organiser's questions on its type. Checked as the server checks them (domain/attendee-name.ts,
 * domain/ticket-questions.ts). What is typed is kept per line and ticket, so it survives a change of quantity
 * and the removal of another line.
 */
export function useTicketAttendees() {
  const [lines, setLines] = useState<Record<string, LineState>>({});
  const fields = useRef(new Map<string, HTMLInputElement | HTMLSelectElement>());

  const stateOf = (key: string) => lines[key] ?? emptyLine;
  const ticketsOf = (state: LineState, quantity: number) => Array.from({ length: quantity }, (_, index) => state.tickets[index] ?? blank);
  const answersOf = (state: LineState, quantity: number) => Array.from({ length: quantity }, (_, index) => state.answers[index] ?? {});
  /**
   * Ticket 1 is the buyer's unless it was named for someone else while another line came first (the cart's
   * first line was removed): what the buyer typed for it stands.
   */
  const ownFirst = (line: AttendeeLine) => line.buyerFirst && (stateOf(line.key).tickets[0]?.same ?? true);
  const fieldKey = (line: string, field: string) => `${line}\n${field}`;

  function update(key: string, change: (state: LineState) => Partial<LineState>) {
    setLines((before) => {
      const state = before[key] ?? emptyLine;
      return { ...before, [key]: { ...state, ...change(state) } };
    });
  }

  /**
   * Every line's attendees, one per ticket, ticket 1 of a buyer's first line in `buyerName`; a line's is
   * undefined when every ticket is simply the buyer's and nothing is asked (the order's attendeeName names
   * them all). Null after showing what is wrong and moving focus to the first field at fault.
   */
  function checkedAttendees(buyerName: string, order: readonly AttendeeLine[]): (RequestedAttendee[] | undefined)[] | null {
    let first: string | null = null;
    const found = order.map((line) => {
      const own = ownFirst(line);
      const state = stateOf(line.key);
      const tickets = ticketsOf(state, line.quantity);
      const given = answersOf(state, line.quantity);
      const errors = tickets.map((ticket, index): TicketErrors => {
        if (own && index === 0) return {};
        const name = ticket.same ? null : attendeeNameProblem(ticket.name.trim());
        const email = ticket.email.trim() ? attendeeEmailProblem(ticket.email.trim()) : null;
        return { ...(name ? { name } : {}), ...(email ? { email } : {}) };
      });
      const answerErrors = given.map((answered) =>
        Object.fromEntries(
          line.questions.flatMap((question) => {
            const problem = answerProblem(question, answered[question.id]);
            return problem ? [[question.id, problem]] : [];
          }),
        ),
      );
      // The first field at fault, in the order the page shows them: line by line, each ticket's name and e-mail, then its answers.
      for (let ticket = 0; ticket < line.quantity && !first; ticket++) {
        const question = line.questions.find((asked) => answerErrors[ticket]![asked.id]);
        const field = errors[ticket]!.name ? "name" : errors[ticket]!.email ? "email" : question ? `q-${question.id}` : null;
        if (field) first = fieldKey(line.key, `${ticket}-${field}`);
      }
      const attendees: RequestedAttendee[] = tickets
        .map((ticket, index): RequestedAttendee => {
          if (own && index === 0) return { name: buyerName };
          const email = ticket.email.trim();
          return { name: ticket.same ? buyerName : ticket.name.trim(), ...(email ? { email } : {}) };
        })
        .map((attendee, index) => (line.questions.length ? { ...attendee, answers: answeredOnly(line.questions, given[index]!) } : attendee));
      const needed = line.questions.length > 0 || attendees.some((attendee) => attendee.name !== buyerName || attendee.email);
      return { line, errors, answerErrors, attendees: needed ? attendees : undefined };
    });
    setLines((before) => {
      const after = { ...before };
      for (const { line, errors, answerErrors } of found) after[line.key] = { ...(before[line.key] ?? emptyLine), errors, answerErrors };
      return after;
    });
    if (first) {
      fields.current.get(first)?.focus();
      return null;
    }
    return found.map(({ attendees }) => attendees);
  }

  function field(line: AttendeeLine, buyerName: string): TicketAttendeesFieldProps {
    const state = stateOf(line.key);
    return {
      tickets: ticketsOf(state, line.quantity),
      buyerFirst: ownFirst(line),
      errors: state.errors,
      buyerName,
      questions: line.questions,
      answers: answersOf(state, line.quantity),
      answerErrors: state.answerErrors,
      open: state.open || line.questions.length > 0,
      onOpen: () => update(line.key, () => ({ open: true })),
      fieldRef: (name) => (element) => {
        if (element) fields.current.set(fieldKey(line.key, name), element);
        else fields.current.delete(fieldKey(line.key, name));
      },
      onChange: (ticket, next) =>
        update(line.key, (before) => {
          const tickets = Array.from({ length: Math.max(before.tickets.length, ticket + 1) }, (_, i) => before.tickets[i] ?? blank);
          tickets[ticket] = { ...tickets[ticket]!, ...next };
          // The field changed is no longer at fault.
          const cleared: keyof TicketErrors = "email" in next ? "email" : "name";
          return { tickets, errors: before.errors.map((problem, i) => (i === ticket ? { ...problem, [cleared]: undefined } : problem)) };
        }),
      onAnswer: (ticket, questionId, answer) =>
        update(line.key, (before) => {
          const answers = Array.from({ length: Math.max(before.answers.length, ticket + 1) }, (_, i) => before.answers[i] ?? {});
          answers[ticket] = { ...answers[ticket], [questionId]: answer };
          return {
            answers,
            answerErrors: before.answerErrors.map((problems, i) => (i === ticket ? Object.fromEntries(Object.entries(problems).filter(([id]) => id !== questionId)) : problems)),
          };
        }),
    };
  }

  return { field, checkedAttendees };
}

/** The answers to send: only this ticket's questions (a type changed since may have left others), text trimmed. */
function answeredOnly(questions: readonly AskedQuestion[], given: AnswersInput): AnswersInput {
  return Object.fromEntries(
    questions.flatMap((question): [string, string | boolean][] => {
      const answer = given[question.id];
      if (question.kind === "checkbox") return [[question.id, answer === true]];
      return typeof answer === "string" && answer.trim() ? [[question.id, answer.trim()]] : [];
    }),
  );
}
