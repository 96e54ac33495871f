import { answerProblem, AppError, keptAnswers, questionsForType, type LineAttendee, type MergedCheckoutLine, type TicketQuestion } from "../../../domain";
import type { PurchaseRules } from "./purchase-rules";

/**
 * Each line's answers to its event's questions (issue 36), checked as the form checks them
 * (domain/ticket-questions.ts) and kept with the question as asked. A line that names no attendees
 * answers nothing: refused when its tickets must answer a required question. An answer to a question
 * not asked on that ticket is refused, so nothing a buyer sends is kept unread.
 */
export function answeredLines<L extends MergedCheckoutLine>(lines: readonly L[], rules: readonly PurchaseRules[]): (Omit<L, "attendees"> & { attendees: LineAttendee[] | null })[] {
  const byEvent = new Map(rules.filter((event) => event.questions.length > 0).map((event) => [event.id, event]));
  return lines.map((line) => {
    const event = byEvent.get(line.eventId);
    // The spec's body names no type: its event's one type is the one asked about.
    const typeId = line.ticketTypeId ?? (event?.types.length === 1 ? event.types[0]! : null);
    const questions: TicketQuestion[] = event ? questionsForType(event.questions, typeId) : [];
    if (!line.attendees) {
      const required = questions.find((question) => question.required);
      if (required) throw refusal("attendees", `name each ticket for ${event!.title} and answer its questions: “${required.label}” must be answered on every ticket`);
      return { ...line, attendees: null };
    }
    const asked = new Set(questions.map((question) => question.id));
    const attendees = line.attendees.map((attendee, index): LineAttendee => {
      const stray = Object.keys(attendee.answers ?? {}).find((id) => !asked.has(id));
      if (stray) throw refusal(`attendees.${index}.answers.${stray}`, `${stray} is not a question asked on this ticket`);
      for (const question of questions) {
        const problem = answerProblem(question, attendee.answers?.[question.id]);
        if (problem) throw refusal(`attendees.${index}.answers.${question.id}`, `${problem} (ticket ${index + 1} for ${event!.title})`);
      }
      const { answers, ...named } = attendee;
      const kept = keptAnswers(questions, answers);
      return kept.length ? { ...named, answers: kept } : named;
    });
    return { ...line, attendees };
  });
}

function refusal(field: string, message: string): AppError {
  return new AppError("VALIDATION_FAILED", `Invalid field '${field}': ${message}`, { field });
}
