import type { ReactNode } from "react";

/** A page that is one form: its title, a line about it, and the form on a white card (Edit Profile, Create Event). */
export function FormPage({ title, intro, children }: { title: ReactNode; intro: ReactNode; children: ReactNode }) {
  return (
    <div className="bg-surface">
      <div className="container-page py-10 sm:py-14">
        <div className="mx-auto max-w-3xl">
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{title}</h1>
          <p className="mt-2 text-muted">{intro}</p>
          <div className="mt-8 rounded-3xl border border-border bg-white p-6 shadow-sm sm:p-8">{children}</div>
        </div>
      </div>
    </div>
  );
}
