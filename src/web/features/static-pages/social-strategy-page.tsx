import { CalendarDays, Clock, Hash, Megaphone, Target, Users } from "lucide-react";
import { BRAND } from "@domain";
import { useSearchParams } from "react-router";
import { AddressTabs, selectedTab, tabSearch } from "~/components/ui/tabs";
import { CALENDAR_SLOTS, CAMPAIGNS, CONTENT_CALENDAR, KPI_TARGETS, POSTS_PER_DAY, SOCIAL_PLATFORMS } from "./social-strategy";
import { PageHero } from "./page-hero";

const panelTitle = "text-2xl font-extrabold tracking-tight";
const panelLead = "mt-2 max-w-3xl text-muted";

function PlatformsPanel() {
  return (
    <>
      <h2 className={panelTitle}>Three networks, {POSTS_PER_DAY} posts a day each</h2>
      <p className={panelLead}>Each network reaches different people, so each gets its own tone and format. All times are UK time.</p>
      <ul className="mt-6 grid gap-5 lg:grid-cols-3">
        {SOCIAL_PLATFORMS.map((platform) => (
          <li key={platform.name} className="flex flex-col gap-5 rounded-2xl border border-border bg-white p-6 shadow-sm">
            <div>
              <h3 className="text-xl font-bold">{platform.name}</h3>
              <p className="text-sm font-medium text-brand-700">{platform.handle}</p>
            </div>
            <p className="flex items-start gap-2 text-sm text-muted">
              <Users className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
              <span>{platform.audience}</span>
            </p>
            <p className="text-sm">{platform.focus}</p>
            <div>
              <h4 className="text-sm font-bold">What to post</h4>
              <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-muted">
                {platform.formats.map((format) => (
                  <li key={format}>{format}</li>
                ))}
              </ul>
            </div>
            <div>
              <h4 className="flex items-center gap-2 text-sm font-bold">
                <Clock className="size-4 text-brand-600" aria-hidden="true" />
                Posting times
              </h4>
              <ul className="mt-2 flex flex-col gap-1.5 text-sm">
                {platform.postingTimes.map(({ time, why }) => (
                  <li key={time} className="flex gap-3">
                    <span className="w-12 shrink-0 font-mono font-semibold text-ink">{time}</span>
                    <span className="text-muted">{why}</span>
                  </li>
                ))}
              </ul>
            </div>
            <div>
              <h4 className="flex items-center gap-2 text-sm font-bold">
                <Hash className="size-4 text-brand-600" aria-hidden="true" />
                Hashtags
              </h4>
              <ul className="mt-2 flex flex-wrap gap-1.5">
                {platform.hashtags.map((tag) => (
                  <li key={tag} className="rounded-full bg-brand-50 px-2.5 py-1 text-xs font-semibold text-brand-800">
                    {tag}
                  </li>
                ))}
              </ul>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

function CalendarPanel() {
  return (
    <>
      <h2 className={panelTitle}>A week of content</h2>
      <p className={panelLead}>
        {POSTS_PER_DAY} posts a day on every network, each adapted to its format: a Reel on Instagram, a short clip on TikTok, a post with the
        details on Facebook.
      </p>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {CONTENT_CALENDAR.map(({ day, posts }) => (
          <li key={day} className="rounded-2xl border border-border bg-white p-5 shadow-sm">
            <h3 className="flex items-center gap-2 font-bold">
              <CalendarDays className="size-4 text-brand-600" aria-hidden="true" />
              {day}
            </h3>
            <dl className="mt-3 flex flex-col gap-2.5 text-sm">
              {posts.map((post, index) => (
                <div key={post}>
                  <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{CALENDAR_SLOTS[index]}</dt>
                  <dd>{post}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}

function CampaignsPanel() {
  return (
    <>
      <h2 className={panelTitle}>Campaigns</h2>
      <p className={panelLead}>Recurring campaigns give the daily posts a purpose: each one has a moment, a goal and a few steps.</p>
      <ul className="mt-6 grid gap-5 md:grid-cols-2">
        {CAMPAIGNS.map((campaign) => (
          <li key={campaign.name} className="rounded-2xl border border-border bg-white p-6 shadow-sm">
            <h3 className="flex items-center gap-2 text-lg font-bold">
              <Megaphone className="size-5 text-accent-600" aria-hidden="true" />
              {campaign.name}
            </h3>
            <p className="mt-1 text-sm font-semibold text-brand-700">{campaign.when}</p>
            <p className="mt-3 text-sm">{campaign.goal}</p>
            <ol className="mt-3 list-decimal space-y-1 pl-5 text-sm text-muted">
              {campaign.steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </li>
        ))}
      </ul>
    </>
  );
}

function KpisPanel() {
  return (
    <>
      <h2 className={panelTitle}>KPI targets</h2>
      <p className={panelLead}>Reviewed every month for each network. A target missed two months running means the plan changes, not just the posts.</p>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {KPI_TARGETS.map((kpi) => (
          <li key={kpi.metric} className="rounded-2xl border border-border bg-white p-5 shadow-sm">
            <h3 className="flex items-center gap-2 text-sm font-bold text-muted">
              <Target className="size-4 text-brand-600" aria-hidden="true" />
              {kpi.metric}
            </h3>
            <p className="mt-2 text-xl font-extrabold tracking-tight text-brand-800">{kpi.target}</p>
            <p className="mt-1 text-sm text-muted">{kpi.measure}</p>
          </li>
        ))}
      </ul>
    </>
  );
}

const TABS = [
  { value: "platforms", label: "Platforms", panel: PlatformsPanel },
  { value: "calendar", label: "Content Calendar", panel: CalendarPanel },
  { value: "campaigns", label: "Campaigns", panel: CampaignsPanel },
  { value: "kpis", label: "KPIs", panel: KpisPanel },
] as const;

const TAB_VALUES = TABS.map(({ value }) => value);

/**
 * /social-media-strategy (spec §2 Marketing strategy page): static guidance in four tabs, each a link to
 * its address (`?tab=calendar`), so a tap works before the page's scripts run.
 */
export function SocialStrategyPage() {
  const [searchParams] = useSearchParams();
  const selected = selectedTab(searchParams, "tab", TAB_VALUES);
  const Panel = TABS.find(({ value }) => value === selected)!.panel;
  return (
    <>
      <PageHero
        id="social-title"
        eyebrow="Marketing strategy"
        title="Social media strategy"
        lead={`How ${BRAND.name} shows up on Instagram, TikTok and Facebook: where we post, when, what about, and how we know it's working.`}
      />
      <div className="bg-surface">
        <div className="container-page py-10 sm:py-14">
          <AddressTabs
            idPrefix="strategy"
            label="Strategy sections"
            tabs={TABS}
            selected={selected}
            searchFor={(value) => tabSearch(searchParams, "tab", TAB_VALUES, value)}
            look="raised"
            listClassName="sm:max-w-2xl"
          >
            <Panel />
          </AddressTabs>
        </div>
      </div>
    </>
  );
}
