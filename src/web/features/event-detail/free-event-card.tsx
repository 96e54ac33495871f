import { CircleCheck, Gift } from "lucide-react";
import { Card } from "~/components/ui/card";
import { unavailableNotice, type SaleState } from "./sale-state";

/** Free events need no booking (spec §2 Event detail). */
export function FreeEventCard({ state, status }: { state: SaleState; status: string }) {
  const notice = unavailableNotice(state, status);
  return (
    <Card className="overflow-hidden">
      <div className="bg-gradient-to-br from-brand-700 to-brand-900 px-6 py-5 text-white">
        <h2 className="flex items-center gap-2 text-lg font-bold">
          <Gift className="size-5" aria-hidden="true" />
          Free Event
        </h2>
        <p className="mt-3 text-3xl font-extrabold tracking-tight">Free</p>
      </div>
      <div className="flex flex-col gap-3 p-6 text-sm">
        <p className="flex items-center gap-2 font-semibold text-ink">
          <CircleCheck className="size-5 shrink-0 text-emerald-700" aria-hidden="true" />
          No booking required
        </p>
        <p className="text-muted">
          {notice ? `${notice}.` : "Just turn up on the day. There are no tickets to buy and no fees to pay."}
        </p>
      </div>
    </Card>
  );
}
