import type { AttendeeRow } from "../../lib/attendee-rows";

/** What the attendee answered to the event's questions (issue 36), question by question; nothing when none. */
export function AttendeeAnswers({ row, className = "" }: { row: AttendeeRow; className?: string }) {
  if (!row.answers.length) return null;
  return (
    <dl className={`flex flex-col gap-0.5 text-xs font-normal ${className}`}>
      {row.answers.map((given) => (
        <div key={given.question} className="break-words">
          <dt className="inline text-muted">{given.question}: </dt>
          <dd className="inline text-ink">{given.answer}</dd>
        </div>
      ))}
    </dl>
  );
}
