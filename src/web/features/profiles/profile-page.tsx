import { ArrowRight, CalendarDays, ExternalLink, Globe, MapPin } from "lucide-react";
import { Link } from "react-router";
import { LIST_SIZES, type PublicProfile } from "@domain";
import { buttonVariants } from "~/components/ui/button";
import { EventCard } from "~/components/event-card";
import { paths } from "~/paths";
import { ProfileAvatar } from "./profile-avatar";
import { profileWebsite } from "./website";

/** /profile/:username (spec §2 Profiles): the organiser, their links and the events they have listed. */
export function ProfilePage({ profile }: { profile: PublicProfile }) {
  const name = profile.displayName || profile.username;
  const website = profileWebsite(profile.website);
  // 'View All Events' appears once the profile's list is full (spec §2 Profiles).
  const showViewAll = profile.activeEventCount >= LIST_SIZES.profileEvents;

  return (
    <>
      <div aria-hidden="true" className="relative h-40 overflow-hidden bg-gradient-to-br from-brand-800 via-brand-600 to-accent-500 sm:h-56">
        <div className="absolute -left-16 top-6 size-72 rounded-full bg-white/10 blur-2xl" />
        <div className="absolute -bottom-24 right-10 size-80 rounded-full bg-accent-400/30 blur-3xl" />
      </div>

      <div className="container-page pb-16 sm:pb-20">
        <section className="relative -mt-20 rounded-3xl border border-border bg-white p-6 shadow-lg sm:-mt-24 sm:p-8">
          <div className="flex flex-col gap-6 sm:flex-row sm:items-start">
            <ProfileAvatar name={name} url={profile.avatarUrl} className="-mt-16 size-28 text-4xl sm:-mt-20 sm:size-36 sm:text-5xl" />
            <div className="min-w-0 flex-1">
              <h1 className="text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">{name}</h1>
              <p className="mt-1 font-semibold text-brand-700">@{profile.username}</p>
              {profile.bio && <p className="mt-4 max-w-2xl whitespace-pre-line leading-relaxed text-ink/90">{profile.bio}</p>}
              <ul className="mt-5 flex flex-wrap items-center gap-x-6 gap-y-2 text-sm text-muted">
                {profile.location && (
                  <li className="flex items-center gap-2">
                    <MapPin className="size-4 text-brand-600" aria-hidden="true" />
                    {profile.location}
                  </li>
                )}
                {website && (
                  <li className="flex items-center gap-2">
                    <Globe className="size-4 text-brand-600" aria-hidden="true" />
                    <a
                      href={website.href}
                      target="_blank"
                      rel="nofollow noopener"
                      className="inline-flex items-center gap-1 font-semibold text-brand-700 underline-offset-4 hover:underline"
                    >
                      {website.label}
                      <ExternalLink className="size-3.5" aria-hidden="true" />
                      <span className="sr-only">(opens in a new tab)</span>
                    </a>
                  </li>
                )}
                <li className="flex items-center gap-2">
                  <CalendarDays className="size-4 text-brand-600" aria-hidden="true" />
                  <span>
                    <span className="font-semibold text-ink">{profile.activeEventCount}</span>{" "}
                    {profile.activeEventCount === 1 ? "event listed" : "events listed"}
                  </span>
                </li>
              </ul>
            </div>
          </div>
        </section>

        <section aria-labelledby="profile-events" className="mt-12">
          <div className="flex flex-wrap items-end justify-between gap-4">
            <div>
              <h2 id="profile-events" className="text-2xl font-extrabold tracking-tight">
                Events by {name}
              </h2>
              <p className="mt-1 text-muted">Everything {name} has listed, soonest first.</p>
            </div>
            {showViewAll && (
              <Link to={paths.events({ organiser: profile.username })} className={buttonVariants({ variant: "outline" })}>
                View All Events
                <ArrowRight aria-hidden="true" />
              </Link>
            )}
          </div>

          {profile.events.length > 0 ? (
            <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {profile.events.map((event) => (
                <li key={event.id}>
                  <EventCard event={event} />
                </li>
              ))}
            </ul>
          ) : (
            <div className="mt-6 flex flex-col items-center rounded-3xl border border-dashed border-border bg-surface px-6 py-14 text-center">
              <CalendarDays className="size-10 text-brand-600" aria-hidden="true" />
              <h3 className="mt-4 text-lg font-bold">No events listed</h3>
              <p className="mt-1 max-w-sm text-muted">{name} has nothing listed right now. Check back soon.</p>
              <Link to={paths.events()} className={buttonVariants({ variant: "secondary", className: "mt-6" })}>
                Browse All Events
              </Link>
            </div>
          )}
        </section>
      </div>
    </>
  );
}
