import { DoorOpen, KeyRound, LogIn, ScanLine } from "lucide-react";
import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { doorDateTime, type DoorInvitation } from "@domain";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { paths } from "~/paths";

function DoorFrame({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <div className="bg-surface">
      <div className="container-page flex justify-center py-10 sm:py-16">
        <Card className="w-full max-w-lg p-6 sm:p-8">
          <span className="flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">{icon}</span>
          <h1 className="mt-5 text-2xl font-extrabold tracking-tight sm:text-3xl">{title}</h1>
          <div className="mt-3 flex flex-col gap-4">{children}</div>
        </Card>
      </div>
    </div>
  );
}

export type InvitationView =
  | { state: "signed-out"; signInTo: string }
  | { state: "not-found"; message: string }
  | { state: "open"; invitation: DoorInvitation };

/** A staff invitation (/door/invitations/:token): sign in first, then who invited you, to which events, and Accept. */
export function InvitationPage({ view, refusal }: { view: InvitationView; refusal: string | null }) {
  const navigation = useNavigation();
  if (view.state === "signed-out") {
    return (
      <DoorFrame title="Join a door team" icon={<DoorOpen className="size-7" aria-hidden="true" />}>
        <p className="text-muted">You have been invited to check tickets in. Sign in, or create an account, with the e-mail address the invitation was sent to, then accept it here.</p>
        <Link to={view.signInTo} className={buttonVariants({ size: "lg-text-sm", className: "self-start" })}>
          <LogIn aria-hidden="true" />
          Sign in or sign up
        </Link>
      </DoorFrame>
    );
  }
  if (view.state === "not-found") {
    return (
      <DoorFrame title="Invitation not found" icon={<DoorOpen className="size-7" aria-hidden="true" />}>
        <p className="text-muted">{view.message}</p>
      </DoorFrame>
    );
  }
  const { invitation } = view;
  const active = invitation.status === "active" && invitation.acceptedByYou;
  return (
    <DoorFrame title={active ? "You're on the door team" : `Join ${invitation.organiserName}'s door team`} icon={<DoorOpen className="size-7" aria-hidden="true" />}>
      <p className="text-muted">
        {active
          ? `You can check tickets in for ${invitation.organiserName} at these events.`
          : `${invitation.organiserName} has invited ${invitation.email} to check tickets in at these events. You will see the ticket scanner for them only.`}
      </p>
      <ul aria-label="Events" className="flex flex-col gap-2">
        {invitation.events.map((event) => (
          <li key={event.id} className="rounded-xl border border-border px-4 py-3">
            <p className="font-semibold">{event.title}</p>
            <p className="text-sm text-muted">{doorDateTime(event.dateTime)}</p>
          </li>
        ))}
      </ul>
      {refusal && (
        <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {refusal}
        </p>
      )}
      {invitation.status === "revoked" ? (
        <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          This invitation has been withdrawn by the organiser.
        </p>
      ) : active ? (
        <Link to={paths.checkIn} className={buttonVariants({ size: "lg-text-sm", className: "self-start" })}>
          <ScanLine aria-hidden="true" />
          Open the ticket scanner
        </Link>
      ) : (
        <Form method="post">
          <Button type="submit" size="lg-text-sm" disabled={navigation.state === "submitting"}>
            Accept
          </Button>
        </Form>
      )}
    </DoorFrame>
  );
}

export type DoorLinkView = { state: "open"; label: string; hasPin: boolean } | { state: "not-found"; message: string };

/** A door link on a phone (/door/:secret): its PIN, when it has one, then on to the scanner. */
export function DoorLinkPage({ view, refusal }: { view: DoorLinkView; refusal: string | null }) {
  const navigation = useNavigation();
  if (view.state === "not-found") {
    return (
      <DoorFrame title="Door link not valid" icon={<KeyRound className="size-7" aria-hidden="true" />}>
        <p className="text-muted">{view.message}</p>
      </DoorFrame>
    );
  }
  return (
    <DoorFrame title={view.label} icon={<KeyRound className="size-7" aria-hidden="true" />}>
      <p className="text-muted">{view.hasPin ? "Enter this door's PIN to open the ticket scanner on this device." : "Open the ticket scanner on this device."}</p>
      <Form method="post" className="flex flex-col gap-4" noValidate>
        {view.hasPin && (
          <Field id="door-pin" label="PIN" error={refusal}>
            <Input name="pin" type="password" inputMode="numeric" autoComplete="one-time-code" maxLength={8} required autoFocus />
          </Field>
        )}
        {!view.hasPin && refusal && (
          <p role="alert" className="text-sm font-medium text-red-700">
            {refusal}
          </p>
        )}
        <Button type="submit" size="lg-text-sm" className="self-start" disabled={navigation.state === "submitting"}>
          <ScanLine aria-hidden="true" />
          Open the scanner
        </Button>
      </Form>
    </DoorFrame>
  );
}
