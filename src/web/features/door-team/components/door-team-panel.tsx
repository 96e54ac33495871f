import { Check, Copy, DoorOpen, KeyRound, UserPlus } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { doorDateTime, formatEventDate, type DoorAccessSummary } from "@domain";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import type { DoorTeamActionResult } from "../lib/door-team-action-result";

export type DoorEventChoice = { id: string; title: string; dateTime: string };

const STATUS: Record<DoorAccessSummary["status"], { label: string; variant: "success" | "warning" | "outline" }> = {
  invited: { label: "Invited", variant: "warning" },
  active: { label: "Active", variant: "success" },
  revoked: { label: "Revoked", variant: "outline" },
};

function EventChoices({ idPrefix, events, chosen, error }: { idPrefix: string; events: readonly DoorEventChoice[]; chosen: readonly string[]; error?: string }) {
  const errorId = `${idPrefix}-events-error`;
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-sm font-semibold text-ink">Events</legend>
      {events.length === 0 ? (
        <p className="text-sm text-muted">You have no upcoming events to give a door team.</p>
      ) : (
        <ul className="flex max-h-56 flex-col gap-1 overflow-y-auto rounded-xl border border-border bg-white p-2">
          {events.map((event) => (
            <li key={event.id}>
              <label className="flex cursor-pointer items-start gap-3 rounded-lg px-2 py-1.5 text-sm hover:bg-surface">
                <input type="checkbox" name="eventIds" value={event.id} defaultChecked={chosen.includes(event.id)} className="mt-0.5 size-4 shrink-0 accent-brand-600" />
                <span>
                  <span className="font-medium">{event.title}</span> <span className="text-muted">{doorDateTime(event.dateTime)}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The new link's address, once: selectable before the scripts load, with a copy button after. */
function NewLink({ link }: { link: { label: string; url: string } }) {
  const [copied, setCopied] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  // The form stays where it was (preventScrollReset): bring the address, shown this once, into view.
  useEffect(() => heading.current?.focus(), [link.url]);
  return (
    <Card tone={null} className="border-brand-200 bg-brand-50/60 p-5" role="region" aria-labelledby="new-link-heading">
      <h3 id="new-link-heading" ref={heading} tabIndex={-1} className="scroll-mt-24 text-lg font-bold focus-visible:outline-none">
        Door link for {link.label}
      </h3>
      <p className="mt-1 text-sm font-medium text-ink">Copy this link now: it will not be shown again. Anyone with it (and the PIN, if you set one) can check tickets in.</p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <Input aria-label={`Door link for ${link.label}`} readOnly value={link.url} tone="muted" className="font-mono" onFocus={(event) => event.currentTarget.select()} />
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            void navigator.clipboard?.writeText(link.url).then(() => setCopied(true));
          }}
        >
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? "Copied" : "Copy link"}
        </Button>
      </div>
      <p role="status" className="sr-only">
        {copied ? "Link copied" : ""}
      </p>
    </Card>
  );
}

function AccessRow({ access, confirming }: { access: DoorAccessSummary; confirming: boolean }) {
  const status = STATUS[access.status];
  return (
    <li>
      <Card className="p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h4 className="font-bold">{access.label}</h4>
          <Badge variant={status.variant}>{status.label}</Badge>
        </div>
        <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
          {access.kind === "staff" && access.email !== access.label && (
            <div>
              <dt className="text-muted">E-mail</dt>
              <dd className="font-medium break-all">{access.email}</dd>
            </div>
          )}
          {access.kind === "link" && (
            <div>
              <dt className="text-muted">PIN</dt>
              <dd className="font-medium">{access.hasPin ? "Yes" : "No"}</dd>
            </div>
          )}
          <div>
            <dt className="text-muted">{access.kind === "staff" ? "Invited on" : "Created on"}</dt>
            <dd className="font-medium">{formatEventDate(access.createdAt)}</dd>
          </div>
          <div className="sm:col-span-2">
            <dt className="text-muted">Events</dt>
            <dd className="font-medium">{access.events.map((event) => event.title).join(", ") || "None"}</dd>
          </div>
        </dl>
        {access.status !== "revoked" &&
          (confirming ? (
            <Form method="post" action="?" preventScrollReset className="mt-3 flex flex-col gap-2 rounded-xl bg-red-50 p-3" aria-label={`Revoke ${access.label}`}>
              <p className="text-sm font-medium text-red-900">Revoke {access.label}? They can no longer check tickets in, from now on.</p>
              <input type="hidden" name="id" value={access.id} />
              <div className="flex flex-wrap gap-2">
                <Button type="submit" name="intent" value="revoke" variant="danger" size="sm">
                  Yes, revoke
                </Button>
                <Link to="." preventScrollReset className={buttonVariants({ variant: "outline", size: "sm" })}>
                  Cancel
                </Link>
              </div>
            </Form>
          ) : (
            <div className="mt-3">
              <Link to={`?revoke=${access.id}`} preventScrollReset className={buttonVariants({ variant: "dangerGhost", size: "sm" })} aria-label={`Revoke ${access.label}`}>
                Revoke
              </Link>
            </div>
          ))}
      </Card>
    </li>
  );
}

function AccessList({ title, id, team, confirming, empty }: { title: string; id: string; team: DoorAccessSummary[]; confirming: string | null; empty: string }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h3 id={id} className="text-lg font-bold">
        {title}
      </h3>
      {team.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border bg-white px-4 py-6 text-center text-sm text-muted">{empty}</p>
      ) : (
        <ul aria-labelledby={id} className="flex flex-col gap-3">
          {team.map((access) => (
            <AccessRow key={access.id} access={access} confirming={confirming === access.id} />
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * Door team (issue 38, D26): staff invited by e-mail and door links, for chosen events, each revocable at
 * once. Every change is a form post to the route's action (Revoke asks first, on its own address), so it
 * works before the scripts load.
 */
export function DoorTeamPanel({
  team,
  events,
  confirming,
  result,
}: {
  team: DoorAccessSummary[];
  events: DoorEventChoice[];
  confirming: string | null;
  result: DoorTeamActionResult | null;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const refused = (intent: DoorTeamActionResult["intent"]) => (result?.intent === intent && !result.done ? result : null);
  const invite = refused("invite");
  const link = refused("link");
  return (
    <section aria-labelledby="door-team-heading" className="flex flex-col gap-5">
      <div>
        <h2 id="door-team-heading" className="text-xl font-bold tracking-tight">
          Door team
        </h2>
        <p className="mt-1 text-sm text-muted">Let stewards check tickets in for chosen events: no money, attendees or editing. Revoke at any time; it takes effect at once.</p>
      </div>
      {result?.done && (
        <p role="status" className="rounded-xl bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-900">
          {result.done}
        </p>
      )}
      {result?.intent === "revoke" && result.message && (
        <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {result.message}
        </p>
      )}
      {result?.link && <NewLink link={result.link} />}

      <div className="grid gap-5 lg:grid-cols-2">
        <Card className="p-5">
          <h3 id="invite-heading" className="flex items-center gap-2 text-lg font-bold">
            <UserPlus className="size-5 text-brand-700" aria-hidden="true" />
            Invite staff
          </h3>
          <p className="mt-1 text-sm text-muted">They accept from the e-mail, signed in with that address.</p>
          <Form key={`invite-${result?.intent === "invite" && result.done ? result.nonce : "form"}`} method="post" action="?" preventScrollReset aria-labelledby="invite-heading" className="mt-4 flex flex-col gap-4" noValidate>
            <Field id="invite-email" label="E-mail" error={invite?.errors?.email}>
              <Input type="email" name="email" autoComplete="off" required defaultValue={invite?.values?.email ?? ""} />
            </Field>
            <Field id="invite-name" label="Name (optional)" error={invite?.errors?.name}>
              <Input name="name" autoComplete="off" maxLength={60} defaultValue={invite?.values?.name ?? ""} />
            </Field>
            <EventChoices idPrefix="invite" events={events} chosen={invite?.values?.eventIds ?? []} error={invite?.errors?.eventIds} />
            {invite?.message && (
              <p role="alert" className="text-sm font-medium text-red-700">
                {invite.message}
              </p>
            )}
            <div>
              <Button type="submit" name="intent" value="invite" disabled={busy === "invite"}>
                Send invitation
              </Button>
            </div>
          </Form>
        </Card>

        <Card className="p-5">
          <h3 id="link-heading" className="flex items-center gap-2 text-lg font-bold">
            <KeyRound className="size-5 text-brand-700" aria-hidden="true" />
            Create a door link
          </h3>
          <p className="mt-1 text-sm text-muted">For a phone without an account. The link is shown once.</p>
          <Form key={`link-${result?.intent === "link" && result.done ? result.nonce : "form"}`} method="post" action="?" preventScrollReset aria-labelledby="link-heading" className="mt-4 flex flex-col gap-4" noValidate>
            <Field id="link-name" label="Name" hint="Where it is used, e.g. North door" error={link?.errors?.name}>
              <Input name="name" autoComplete="off" required maxLength={60} defaultValue={link?.values?.name ?? ""} />
            </Field>
            <Field id="link-pin" label="PIN (optional)" hint="4 to 8 digits, asked when the link is opened" error={link?.errors?.pin}>
              <Input name="pin" inputMode="numeric" autoComplete="off" pattern="[0-9]{4,8}" maxLength={8} />
            </Field>
            <EventChoices idPrefix="link" events={events} chosen={link?.values?.eventIds ?? []} error={link?.errors?.eventIds} />
            {link?.message && (
              <p role="alert" className="text-sm font-medium text-red-700">
                {link.message}
              </p>
            )}
            <div>
              <Button type="submit" name="intent" value="link" disabled={busy === "link"}>
                Create link
              </Button>
            </div>
          </Form>
        </Card>
      </div>

      {team.length === 0 ? (
        <div className="flex flex-col items-center rounded-3xl border border-dashed border-border bg-white px-6 py-10 text-center">
          <span className="flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
            <DoorOpen className="size-7" aria-hidden="true" />
          </span>
          <h3 className="mt-4 text-lg font-bold">No door team yet</h3>
          <p className="mt-1 max-w-md text-muted">Invite staff or create a door link above.</p>
        </div>
      ) : (
        <div className="grid gap-5 lg:grid-cols-2">
          <AccessList title="Staff" id="staff-heading" team={team.filter((one) => one.kind === "staff")} confirming={confirming} empty="No staff invited yet." />
          <AccessList title="Door links" id="links-heading" team={team.filter((one) => one.kind === "link")} confirming={confirming} empty="No door links yet." />
        </div>
      )}
    </section>
  );
}
