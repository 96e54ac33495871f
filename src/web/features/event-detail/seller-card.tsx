import { Store } from "lucide-react";
import { agentLine, type EventDetail } from "@domain";
import { CancellationTerms } from "~/components/cancellation-terms";
import { Card } from "~/components/ui/card";

/**
 * "Sold by" (issue 34, D28): the seller's legal or trading name and geographic address, a company's
 * number, and Eventora's part as their agent, beside Buy Now, before the buyer commits to pay.
 */
export function SellerCard({ seller }: { seller: NonNullable<EventDetail["seller"]> }) {
  return (
    <Card className="p-6 text-sm">
      <section aria-labelledby="sold-by-heading">
        <h2 id="sold-by-heading" className="flex items-center gap-2 text-lg font-bold">
          <Store className="size-5 text-brand-600" aria-hidden="true" />
          Sold by
        </h2>
        <p className="mt-3 font-semibold text-ink">{seller.name}</p>
        <address className="mt-1 whitespace-pre-line not-italic text-muted">{seller.address}</address>
        {seller.companyNumber && <p className="mt-1 text-muted">Company number {seller.companyNumber}</p>}
        <p className="mt-3 text-muted">{agentLine()}</p>
        <CancellationTerms className="mt-3 text-muted" />
      </section>
    </Card>
  );
}
