import { ArrowRight, CalendarPlus, MapPin, QrCode, ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import type { SiteFigure } from "@domain";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { paths } from "~/paths";

const SELLING_POINTS = [
  { icon: CalendarPlus, label: "Create your own event" },
  { icon: QrCode, label: "Instant QR code delivery" },
  { icon: ShieldCheck, label: "100% secure checkout" },
] as const;

/** `figures` come from the server: counts from their threshold on, plain lines below it (decisions.md D3, decision 022). */
export function HomeHero({ figures }: { figures: SiteFigure[] }) {
  return (
    <section aria-labelledby="home-hero-title" className="relative isolate overflow-hidden bg-brand-950 text-white">
      {/* Layered CSS gradients instead of a photograph: striking, and nothing to download. */}
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(60rem_30rem_at_85%_-10%,rgba(255,107,61,0.45),transparent_60%),radial-gradient(50rem_35rem_at_0%_110%,rgba(114,70,253,0.65),transparent_60%),linear-gradient(135deg,#230a5f_0%,#3b158d_45%,#5418d6_100%)]"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 opacity-[0.12] [background-image:radial-gradient(rgba(255,255,255,0.9)_1px,transparent_1px)] [background-size:22px_22px] [mask-image:linear-gradient(to_bottom,black,transparent_85%)]"
      />
      <div className="container-page grid items-center gap-12 py-12 sm:py-16 lg:grid-cols-[1.15fr_0.85fr] lg:py-20">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-white/20 bg-white/10 px-3 py-1 text-sm font-semibold text-white">
            <span className="size-2 rounded-full bg-accent-400" aria-hidden="true" />
            Live music, comedy, theatre, food and sport
          </p>
          <h1 id="home-hero-title" className="mt-5 text-4xl font-extrabold leading-[1.05] tracking-tight text-balance sm:text-5xl lg:text-6xl">
            Discover events worth{" "}
            <span className="bg-gradient-to-r from-accent-400 via-[#ffb199] to-white bg-clip-text text-transparent">leaving the house for</span>
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-brand-100">
            Find what&rsquo;s on near you across the UK, book in seconds and get your tickets straight to your inbox.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link to={paths.events()} className={cn(buttonVariants({ size: "lg", variant: null, backdrop: "dark" }), "bg-white text-brand-800 shadow-lg shadow-brand-950/40 hover:bg-brand-50")}>
              Browse Events
              <ArrowRight aria-hidden="true" />
            </Link>
            <Link
              to={paths.events()}
              className={cn(buttonVariants({ size: "lg", variant: null, backdrop: "dark" }), "border border-white/30 bg-white/10 text-white hover:bg-white/20")}
            >
              <MapPin aria-hidden="true" />
              Find Local Events
            </Link>
          </div>
          <ul className="mt-8 flex flex-col gap-3 text-sm font-semibold text-white sm:flex-row sm:flex-wrap sm:gap-x-6">
            {SELLING_POINTS.map(({ icon: Icon, label }) => (
              <li key={label} className="flex items-center gap-2">
                <span className="flex size-7 items-center justify-center rounded-full bg-white/15">
                  <Icon className="size-4 text-accent-400" aria-hidden="true" />
                </span>
                {label}
              </li>
            ))}
          </ul>
        </div>
        <HeroTicket figures={figures} />
      </div>
    </section>
  );
}

/** The figures, set on a stylised ticket stub (pure CSS, so the hero stays light). */
function HeroTicket({ figures }: { figures: SiteFigure[] }) {
  return (
    <div className="relative mx-auto w-full max-w-md lg:mx-0 lg:ml-auto">
      {/* A glow drawn as a gradient, not a blur filter: on a 2-core host the filter's raster competed with the main thread. */}
      <div
        aria-hidden="true"
        className="absolute -inset-12 -z-10 bg-[radial-gradient(closest-side,rgba(255,107,61,0.35),rgba(139,122,255,0.22)_55%,transparent)]"
      />
      <div className="rotate-0 rounded-3xl bg-white p-1.5 text-ink shadow-2xl shadow-brand-950/50 lg:rotate-1">
        <div className="rounded-[1.25rem] bg-gradient-to-br from-brand-50 to-white px-6 pb-6 pt-5">
          <div className="flex items-center justify-between text-xs font-bold uppercase tracking-[0.18em] text-brand-700">
            <span>Admit one</span>
            <span>Eventora pass</span>
          </div>
          <h2 className="mt-3 text-lg font-extrabold">Eventora in numbers</h2>
          <ul className="mt-4 grid grid-cols-2 gap-3">
            {figures.map((figure) =>
              figure.kind === "count" ? (
                <li key={figure.label} className="flex flex-col rounded-2xl border border-border bg-white px-4 py-3 shadow-sm">
                  <span className="text-xs font-semibold uppercase tracking-wide text-muted">{figure.label}</span>
                  <span className="mt-0.5 text-2xl font-extrabold tracking-tight text-brand-700">{figure.value}</span>
                </li>
              ) : (
                <li key={figure.text} className="flex items-center rounded-2xl border border-border bg-white px-4 py-3 text-sm font-bold leading-snug text-brand-800 shadow-sm">
                  {figure.text}
                </li>
              ),
            )}
          </ul>
        </div>
        <div aria-hidden="true" className="mx-6 border-t-2 border-dashed border-border" />
        <div className="flex items-center justify-between gap-4 px-6 pb-5 pt-4">
          <div>
            <p className="text-sm font-bold">Your tickets, instantly</p>
            <p className="text-xs text-muted">Scan the QR code at the door</p>
          </div>
          <QrGlyph />
        </div>
      </div>
    </div>
  );
}

const QR_PATTERN = ["1110101", "1010011", "1110110", "0001010", "1101111", "0110001", "1011101"];
/** Every dark cell as one path: a single SVG element instead of one rect per cell. */
const QR_PATH = QR_PATTERN.flatMap((row, y) => [...row].map((cell, x) => (cell === "1" ? `M${x} ${y}h1v1h-1z` : ""))).join("");

/** A decorative QR-style glyph drawn from a fixed pattern (not a real code). */
function QrGlyph() {
  return (
    <svg viewBox="0 0 7 7" className="size-14 shrink-0 rounded-md bg-white p-1 ring-1 ring-border" aria-hidden="true" shapeRendering="crispEdges">
      <path d={QR_PATH} fill="#14112b" />
    </svg>
  );
}
