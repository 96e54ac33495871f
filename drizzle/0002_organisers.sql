CREATE TABLE "affiliates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"affiliate_code" text NOT NULL,
	"commission_rate" integer DEFAULT 10 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"total_earnings_pence" integer DEFAULT 0 NOT NULL,
	"total_referrals" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "affiliates_affiliate_code_unique" UNIQUE("affiliate_code")
);
--> statement-breakpoint
ALTER TABLE "affiliates" ADD CONSTRAINT "affiliates_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "affiliates_user_idx" ON "affiliates" USING btree ("user_id","created_at");--> statement-breakpoint
-- Live sales (ARCHITECTURE Realtime): every confirmed booking written or changed is announced on the
-- 'booking_events' channel, so an organiser connected to any app node hears about it.
CREATE OR REPLACE FUNCTION notify_booking_change() RETURNS trigger AS $$
BEGIN
  IF NEW.status = 'confirmed' THEN
    PERFORM pg_notify('booking_events', json_build_object('bookingId', NEW.id, 'change', CASE WHEN TG_OP = 'INSERT' THEN 'new' ELSE 'updated' END)::text);
  END IF;
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER bookings_notify_change AFTER INSERT OR UPDATE ON "bookings" FOR EACH ROW EXECUTE FUNCTION notify_booking_change();
