-- The retention job (issue 34) finds the financial records past their six years that still hold personal data,
-- and expired sessions, through these indexes rather than by reading whole tables every day.
CREATE INDEX "orders_retention_idx" ON "orders" USING btree (coalesce("paid_at", "created_at")) WHERE "orders"."attendee_email" <> 'anonymised@invalid';--> statement-breakpoint
CREATE INDEX "bookings_retention_idx" ON "bookings" USING btree ("created_at") WHERE "bookings"."attendee_email" <> 'anonymised@invalid';--> statement-breakpoint
CREATE INDEX "session_expires_at_idx" ON "session" USING btree ("expires_at");
