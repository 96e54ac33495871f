-- Organiser questions (issue 36): an event's questions about each ticket's attendee, kept with the event; each ticket's answers
-- travel in its order line's attendees, with the question as it was asked.
ALTER TABLE "events" ADD COLUMN "questions" jsonb DEFAULT '[]'::jsonb NOT NULL;