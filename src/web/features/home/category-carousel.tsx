import { ArrowRight, ChevronLeft, ChevronRight, Pause, Play } from "lucide-react";
import { memo, useCallback, useEffect, useRef, useState, type FocusEvent, type TouchEvent } from "react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { type EventSummary, responsiveImage } from "@domain";
import { cn } from "~/lib/cn";
import { paths } from "~/paths";
import { CATEGORY_SLIDES, slideHref, type CategorySlide } from "./category-slides";
import { useReducedMotion } from "./use-reduced-motion";
import { useNearViewport } from "~/hooks/use-near-viewport";
import { HYDRATE_NEAR } from "~/lib/hydration";

/** Spec §9 Timings: auto-advance every 4 s; input is locked for 500 ms while a slide moves. */
const AUTO_ADVANCE_MS = 4000;
const TRANSITION_LOCK_MS = 500;
const SWIPE_THRESHOLD_PX = 40;

/**
 * The category carousel (spec §2 Home, item 2), following the WAI-ARIA APG carousel pattern:
 * rotation pauses on hover and keyboard focus, can be stopped with a button, never starts under
 * prefers-reduced-motion, and slides are announced only when the visitor moves them.
 */
export function CategoryCarousel({ featuredEvents }: { featuredEvents: (EventSummary | null)[] }) {
  const slides = CATEGORY_SLIDES;
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(true);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reducedMotion = useReducedMotion();
  const lockedUntil = useRef(0);
  const touchStartX = useRef<number | null>(null);
  const regionRef = useRef<HTMLDivElement>(null);
  const nearViewport = useNearViewport(regionRef, "100% 0px");
  // Set by the first move, which draws the other slides in the same update that shows the next one.
  const [moved, setMoved] = useState(false);
  const rotating = playing && !hovered && !focused && !reducedMotion;

  const go = useCallback(
    (target: (current: number) => number) => {
      const now = performance.now();
      if (now < lockedUntil.current) return;
      lockedUntil.current = now + TRANSITION_LOCK_MS;
      setMoved(true);
      setIndex((current) => (target(current) + slides.length) % slides.length);
    },
    [slides.length],
  );
  const previous = () => go((current) => current - 1);
  const next = () => go((current) => current + 1);

  useEffect(() => {
    if (!rotating) return;
    // Restarted after every move, so each slide gets its full 4 s.
    const timer = window.setTimeout(() => go((current) => current + 1), AUTO_ADVANCE_MS);
    return () => window.clearTimeout(timer);
  }, [rotating, index, go]);

  const onFocus = (event: FocusEvent<HTMLElement>) => {
    // Only keyboard focus pauses; a mouse click leaves rotation to the hover rule.
    if (event.target.matches(":focus-visible")) setFocused(true);
  };
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };
  const onTouchStart = (event: TouchEvent) => {
    touchStartX.current = event.touches[0]?.clientX ?? null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStartX.current;
    const end = event.changedTouches[0]?.clientX;
    touchStartX.current = null;
    if (start == null || end == null || Math.abs(end - start) < SWIPE_THRESHOLD_PX) return;
    if (end < start) next();
    else previous();
  };

  return (
    <section aria-labelledby="home-categories-title" className="container-page render-when-visible pt-14 sm:pt-20">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-sm font-bold uppercase tracking-[0.16em] text-brand-700">Explore</p>
          <h2 id="home-categories-title" className="mt-1 text-3xl font-extrabold tracking-tight sm:text-4xl">
            What are you in the mood for?
          </h2>
        </div>
        <Link to={paths.categories} className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline">
          All categories
          <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </div>

      <div
        ref={regionRef}
        // It moves only with the page's scripts: they start as it nears the screen (decision 039).
        {...HYDRATE_NEAR}
        role="region"
        aria-roledescription="carousel"
        aria-label="Event categories"
        className="mt-6"
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
        onFocus={onFocus}
        onBlur={onBlur}
      >
        <div className="overflow-hidden rounded-3xl shadow-xl shadow-brand-950/10" onTouchStart={onTouchStart} onTouchEnd={onTouchEnd}>
          <div
            id="home-category-slides"
            aria-live={rotating ? "off" : "polite"}
            className="flex transition-transform duration-500 ease-out motion-reduce:transition-none"
            style={{ transform: `translateX(-${index * 100}%)` }}
          >
            {slides.map((slide, i) => (
              <Slide
                key={slide.id}
                slide={slide}
                event={featuredEvents[i] ?? null}
                position={i + 1}
                total={slides.length}
                active={i === index}
                // Only the first slide is drawn until the carousel first moves (which needs the page's scripts):
                // the others cannot be seen before, and they were a sixth of the page's HTML and hydration.
                drawn={i === 0 || moved}
                // Posters load once the carousel is close, for the current slide and its neighbours only, so
                // six posters never compete with the page's first paint.
                showPoster={nearViewport && circularDistance(i, index, slides.length) <= 1}
              />
            ))}
          </div>
        </div>

        <div className="mt-4 flex items-center justify-between gap-3">
          <div className="flex items-center gap-1">
            {slides.map((slide, i) => (
              <button
                key={slide.id}
                type="button"
                aria-controls="home-category-slides"
                aria-current={i === index ? "true" : undefined}
                aria-label={`Show slide ${i + 1}: ${slide.title}`}
                onClick={() => go(() => i)}
                className="group flex h-11 min-w-6 items-center justify-center px-1"
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    "block h-2.5 rounded-full transition-all duration-300 motion-reduce:transition-none",
                    i === index ? "w-8" : "w-2.5 bg-brand-200 group-hover:bg-brand-300",
                  )}
                  style={i === index ? { backgroundColor: slide.colour } : undefined}
                />
              </button>
            ))}
          </div>
          <div className="flex items-center gap-2">
            {!reducedMotion && (
              <button
                type="button"
                onClick={() => setPlaying((value) => !value)}
                aria-label={playing ? "Stop automatic slide show" : "Start automatic slide show"}
                className={buttonVariants({ variant: "outline", size: "icon", shape: "pill" })}
              >
                {playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
              </button>
            )}
            <button
              type="button"
              onClick={previous}
              aria-controls="home-category-slides"
              aria-label="Previous slide"
              className={buttonVariants({ variant: "outline", size: "icon", shape: "pill" })}
            >
              <ChevronLeft aria-hidden="true" />
            </button>
            <button
              type="button"
              onClick={next}
              aria-controls="home-category-slides"
              aria-label="Next slide"
              className={buttonVariants({ variant: "outline", size: "icon", shape: "pill" })}
            >
              <ChevronRight aria-hidden="true" />
            </button>
          </div>
        </div>
      </div>
    </section>
  );
}

/** How many steps apart two slides are, going round either way. */
function circularDistance(a: number, b: number, total: number): number {
  const d = Math.abs(a - b) % total;
  return Math.min(d, total - d);
}

// Memoised: the carousel re-renders on hover, focus and once hydrated (reduced motion known), its slides only when they change.
const Slide = memo(function Slide({
  slide,
  event,
  position,
  total,
  active,
  drawn,
  showPoster,
}: {
  slide: CategorySlide;
  event: EventSummary | null;
  position: number;
  total: number;
  active: boolean;
  drawn: boolean;
  showPoster: boolean;
}) {
  const Icon = slide.icon;
  const image = responsiveImage(event?.imageUrl);
  return (
    <div
      role="group"
      aria-roledescription="slide"
      aria-label={`${position} of ${total}: ${slide.title}`}
      // Off-screen slides leave the tab order and the accessibility tree.
      inert={!active}
      className="relative isolate w-full shrink-0 overflow-hidden text-white"
      style={{ backgroundImage: slide.art }}
    >
      {drawn && (
        <>
          <Icon
            aria-hidden="true"
            strokeWidth={1}
            className="absolute -bottom-10 -left-8 -z-10 size-64 rotate-[-12deg] text-white/[0.07]"
          />
          <div className="grid h-full grid-cols-1 gap-6 p-5 sm:p-8 lg:grid-cols-[1.1fr_1fr] lg:items-center lg:gap-12 lg:px-12 lg:py-10">
            <div className="order-2 lg:order-1">
              <p className="text-sm font-bold uppercase tracking-[0.18em] text-white/85">
                {String(position).padStart(2, "0")} / {String(total).padStart(2, "0")}
              </p>
              <h3 className="mt-2 text-3xl font-extrabold tracking-tight sm:text-4xl lg:text-5xl">{slide.title}</h3>
              <p className="mt-3 max-w-md text-base leading-relaxed text-white/90 sm:text-lg">{slide.description}</p>
              <Link
                to={slideHref(slide)}
                className={cn(buttonVariants({ variant: "inverse", size: "lg", backdrop: "dark" }), "mt-6")}
              >
                Explore {slide.title}
                <ArrowRight aria-hidden="true" />
              </Link>
            </div>
            <div className="order-1 lg:order-2">
              {event && image ? (
                <Link to={paths.event(event.id)} className="group/poster block rounded-2xl focus-visible:outline-white">
                  <span className="block overflow-hidden rounded-2xl shadow-2xl ring-1 ring-white/20 transition duration-300 group-hover/poster:-translate-y-1 motion-reduce:transition-none">
                    {showPoster ? (
                      <img
                        src={image.smallSrc}
                        srcSet={image.srcSet}
                        sizes="(min-width: 1280px) 560px, (min-width: 1024px) 45vw, 100vw"
                        alt=""
                        width={1200}
                        height={675}
                        decoding="async"
                        className="aspect-video w-full bg-white/10 object-cover"
                      />
                    ) : (
                      <span className="block aspect-video w-full bg-white/10" />
                    )}
                  </span>
                  <span className="mt-3 flex items-center gap-2 text-sm font-semibold text-white/95">
                    <span className="shrink-0 whitespace-nowrap rounded-full bg-white/20 px-2 py-0.5 text-xs uppercase tracking-wide">
                      Coming up
                    </span>
                    <span className="min-w-0 truncate group-hover/poster:underline">{event.title}</span>
                  </span>
                </Link>
              ) : (
                <div
                  aria-hidden="true"
                  className="relative flex aspect-video w-full items-center justify-center overflow-hidden rounded-2xl bg-white/10 ring-1 ring-white/20"
                >
                  <span className="absolute inset-0 bg-[repeating-radial-gradient(circle_at_center,rgba(255,255,255,0.1)_0_2px,transparent_2px_28px)]" />
                  <span className="relative flex size-32 items-center justify-center rounded-full bg-white/15 shadow-2xl ring-1 ring-white/30 backdrop-blur">
                    <Icon className="size-16 text-white" strokeWidth={1.5} />
                  </span>
                </div>
              )}
            </div>
          </div>
        </>
      )}
    </div>
  );
});
