import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { AppError, type QuestionValues, type TicketQuestion } from "../../../domain";
import type { Tx } from "../../db/client";
import { events } from "../../db/schema";

/**
 * Saves an event's questions (issue 36) after its types: `wanted` is the whole list (an id names a question
 * kept, so its answers still belong to it; a question without one is new), its types named as the form
 * names them and kept by id, so a type renamed later keeps its questions. Answers already given keep the
 * question as it was asked: they travel with their order lines.
 */
export async function saveQuestions(tx: Tx, eventId: string, current: readonly TicketQuestion[], types: readonly { id: string; name: string }[], wanted: readonly QuestionValues[]): Promise<void> {
  const currentIds = new Set(current.map((question) => question.id));
  const typeIds = new Map(types.map((type) => [type.name.toLowerCase(), type.id]));
  const questions = wanted.map((question, index): TicketQuestion => {
    if (question.id && !currentIds.has(question.id)) throw new AppError("VALIDATION_FAILED", `Invalid field 'questions.${index}.id': question ${question.id} is not one of this event's`, { field: "questions" });
    const ticketTypeIds =
      question.ticketTypes?.map((name) => {
        const id = typeIds.get(name.toLowerCase());
        if (!id) throw new AppError("VALIDATION_FAILED", `Invalid field 'questions.${index}.ticketTypes': ${name} is not one of this event's ticket types`, { field: "questions" });
        return id;
      }) ?? null;
    return { id: question.id ?? randomUUID(), label: question.label, kind: question.kind, options: question.kind === "choice" ? question.options : [], required: question.required, ticketTypeIds };
  });
  await tx.update(events).set({ questions }).where(eq(events.id, eventId));
}

/** The questions as the edit form shows them: types by name (a type since removed is left out). */
export function editableQuestions(questions: readonly TicketQuestion[], types: readonly { id: string; name: string }[]): (Omit<TicketQuestion, "ticketTypeIds"> & { ticketTypes: string[] | null })[] {
  const names = new Map(types.map((type) => [type.id, type.name]));
  return questions.map(({ ticketTypeIds, ...question }) => ({ ...question, ticketTypes: ticketTypeIds ? ticketTypeIds.flatMap((id) => (names.has(id) ? [names.get(id)!] : [])) : null }));
}

/** The questions a buyer is asked on the event page: those on a type they can see (a hidden type's are for its code's holders). */
export function publicQuestions(questions: readonly TicketQuestion[], visibleTypeIds: readonly string[]): TicketQuestion[] {
  return questions.flatMap((question) => {
    if (!question.ticketTypeIds) return [question];
    const ticketTypeIds = question.ticketTypeIds.filter((id) => visibleTypeIds.includes(id));
    return ticketTypeIds.length ? [{ ...question, ticketTypeIds }] : [];
  });
}
