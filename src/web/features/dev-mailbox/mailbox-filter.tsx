import { RefreshCw, Search, X } from "lucide-react";
import { Form, Link, useLocation } from "react-router";
import { buttonVariants, Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";

/** Filter by recipient (e-mail address or phone number), clear the filter, or re-read the outbox. */
export function MailboxFilter({ to }: { to: string }) {
  const location = useLocation();
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <Form method="get" role="search" className="flex flex-1 flex-col gap-1.5" key={to}>
        <Label htmlFor="mailbox-to">Recipient</Label>
        <div className="flex gap-2">
          <Input id="mailbox-to" name="to" type="search" defaultValue={to} placeholder="someone@example.com or +447700900123" autoComplete="off" />
          <Button type="submit" variant="secondary" size="md">
            <Search aria-hidden="true" />
            Filter
          </Button>
        </div>
      </Form>
      <div className="flex gap-2">
        {to && (
          <Link to={location.pathname} className={buttonVariants({ variant: "ghost", size: "md" })}>
            <X aria-hidden="true" />
            Show all
          </Link>
        )}
        <Link to={`${location.pathname}${location.search}`} className={buttonVariants({ variant: "outline", size: "md" })}>
          <RefreshCw aria-hidden="true" />
          Refresh
        </Link>
      </div>
    </div>
  );
}
