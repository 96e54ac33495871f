import { useRef } from "react";
import type { DashboardEvent } from "@domain";
import { TipsCard } from "./tips-card";
import { CreatorForm } from "./creator-form";
import { ImageHistory } from "./image-history";
import { useImageCreator } from "./use-image-creator";

/** /video-creator, 'Create Images' (spec §2 AI Image Creator). */
export function ImageCreatorPage({ aiConfigured, ownEvents }: { aiConfigured: boolean; ownEvents: DashboardEvent[] }) {
  const creator = useImageCreator();
  const historyRef = useRef<HTMLElement>(null);

  async function generate() {
    const image = await creator.generate();
    // The new image appears below the form: bring it into view (on a phone it is a screen away).
    if (image) {
      const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      requestAnimationFrame(() => historyRef.current?.scrollIntoView({ behavior: smooth ? "smooth" : "auto", block: "start" }));
    }
  }

  return (
    <div className="bg-surface">
      <div className="container-page max-w-6xl py-10 sm:py-14">
        <header className="max-w-2xl">
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">AI Image Creator</h1>
          <p className="mt-2 text-muted">Make a promotional image for your event in seconds, then download it, share it or put it on your event&apos;s page.</p>
        </header>
        <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
          <div className="flex min-w-0 flex-col gap-10">
            <CreatorForm
              fields={creator.fields}
              ownEvents={ownEvents}
              generating={creator.generating}
              aiConfigured={aiConfigured}
              onChange={creator.change}
              onStartFrom={creator.startFrom}
              onAutoGenerate={creator.autoGenerate}
              onGenerate={() => void generate()}
            />
            <ImageHistory
              ref={historyRef}
              history={creator.history}
              generating={creator.generating}
              pendingSize={creator.fields.size}
              ownEvents={ownEvents}
              suggestedEventId={creator.fields.eventId}
            />
          </div>
          <aside aria-label="Tips" className="lg:sticky lg:top-24">
            <TipsCard />
          </aside>
        </div>
      </div>
    </div>
  );
}
