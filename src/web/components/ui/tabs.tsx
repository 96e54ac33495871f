import type { ComponentProps, KeyboardEvent, ReactNode } from "react";
import { Link } from "react-router";
import { cn } from "~/lib/cn";

/**
 * Tabs whose selected tab lives in the address (`?tab=…`): each tab is a link, so a tap works before
 * the page's scripts have run and the server draws the chosen panel (issue 16). Only the selected
 * panel is rendered. Once hydrated, arrow keys, Home and End move between tabs as in the ARIA tabs
 * pattern; every tab also stays in the Tab order, since arrow keys need the scripts.
 */
/**
 * How the tabs are drawn: `default` is a grey track with a white selected tab; `raised` a white card,
 * two tabs a row on phones, with a brand-coloured selected tab. `className` adds to these classes and
 * never restyles them (cn does not merge).
 */
export type TabsLook = "default" | "raised";

const LIST_LOOK: Record<TabsLook, string> = {
  default: "grid-flow-col bg-surface",
  raised: "grid-flow-row grid-cols-2 bg-white shadow-sm ring-1 ring-border sm:grid-flow-col sm:grid-cols-none",
};

const SELECTED_TAB_LOOK: Record<TabsLook, string> = {
  default: "data-[state=active]:bg-white data-[state=active]:text-brand-800 data-[state=active]:shadow-sm",
  raised: "data-[state=active]:bg-brand-600 data-[state=active]:text-white data-[state=active]:shadow-sm",
};

export function TabsList({ className, label, look = "default", children }: { className?: string; label: string; look?: TabsLook; children: ReactNode }) {
  return (
    <div role="tablist" aria-label={label} onKeyDown={moveBetweenTabs} className={cn("grid auto-cols-fr gap-1 rounded-xl p-1", LIST_LOOK[look], className)}>
      {children}
    </div>
  );
}

function moveBetweenTabs(event: KeyboardEvent<HTMLDivElement>) {
  const tabs = Array.from(event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]'));
  const current = tabs.indexOf(event.target as HTMLElement);
  if (current < 0) return;
  if (event.key === " ") {
    // A tab is a link: Enter follows it natively, Space does for a button-like control.
    event.preventDefault();
    tabs[current]!.click();
    return;
  }
  const next =
    event.key === "ArrowRight" ? (current + 1) % tabs.length
    : event.key === "ArrowLeft" ? (current - 1 + tabs.length) % tabs.length
    : event.key === "Home" ? 0
    : event.key === "End" ? tabs.length - 1
    : null;
  if (next === null) return;
  event.preventDefault();
  tabs[next]!.focus();
}

/** A tab: a link to the address that selects it. `id` names the tab; the selected one controls `panelId`. `compact` narrows its padding on phones. */
export function TabsTrigger({
  className,
  selected,
  panelId,
  look = "default",
  compact = false,
  ...props
}: Omit<ComponentProps<typeof Link>, "role"> & { id: string; selected: boolean; panelId: string; look?: TabsLook; compact?: boolean }) {
  return (
    <Link
      role="tab"
      aria-selected={selected}
      aria-controls={selected ? panelId : undefined}
      data-state={selected ? "active" : "inactive"}
      // Switching tabs neither fills the Back button's history nor jumps to the top of the page.
      replace
      preventScrollReset
      className={cn(
        "flex items-center justify-center rounded-lg py-2 text-center text-sm font-semibold text-muted transition-colors hover:text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
        compact ? "px-1 sm:px-2" : "px-2",
        SELECTED_TAB_LOOK[look],
        className,
      )}
      {...props}
    />
  );
}

/** The selected tab's panel, labelled by its tab. */
export function TabsContent({ className, id, tabId, ...props }: ComponentProps<"div"> & { id: string; tabId: string }) {
  return (
    <div
      role="tabpanel"
      id={id}
      aria-labelledby={tabId}
      tabIndex={0}
      className={cn("mt-6 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600", className)}
      {...props}
    />
  );
}

/**
 * A whole tab set: the list of `tabs`, each a link to `searchFor(value)`, and the selected tab's panel
 * (`children`). Ids are `idPrefix-tab-value` and `idPrefix-panel-value`.
 */
export function AddressTabs<Value extends string>({
  idPrefix,
  label,
  tabs,
  selected,
  searchFor,
  onTabClick,
  look = "default",
  compact = false,
  className,
  listClassName,
  tabClassName,
  children,
}: {
  idPrefix: string;
  label: string;
  tabs: readonly { value: Value; label: ReactNode }[];
  selected: Value;
  searchFor: (value: Value) => string;
  onTabClick?: () => void;
  look?: TabsLook;
  compact?: boolean;
  className?: string;
  listClassName?: string;
  tabClassName?: string;
  children: ReactNode;
}) {
  const { tabId, panelId } = tabIds(idPrefix, selected);
  return (
    <div className={className}>
      <TabsList label={label} look={look} className={listClassName}>
        {tabs.map(({ value, label: tabLabel }) => {
          const ids = tabIds(idPrefix, value);
          return (
            <TabsTrigger
              key={value}
              id={ids.tabId}
              panelId={ids.panelId}
              selected={value === selected}
              to={{ search: searchFor(value) }}
              onClick={onTabClick}
              look={look}
              compact={compact}
              className={tabClassName}
            >
              {tabLabel}
            </TabsTrigger>
          );
        })}
      </TabsList>
      <TabsContent id={panelId} tabId={tabId}>
        {children}
      </TabsContent>
    </div>
  );
}

/** Ids for a tab set's tabs and panels (`prefix-tab-value`, `prefix-panel-value`). */
export function tabIds(prefix: string, value: string): { tabId: string; panelId: string } {
  return { tabId: `${prefix}-tab-${value}`, panelId: `${prefix}-panel-${value}` };
}

/** The value of `param` in the address when it is one of `values`, else the first of them. */
export function selectedTab<Value extends string>(params: URLSearchParams, param: string, values: readonly Value[]): Value {
  const wanted = params.get(param);
  return values.find((value) => value === wanted) ?? values[0]!;
}

/** The search string selecting `value` (for `to={{ search }}`): other parameters kept, the default (first) tab left out of the address. */
export function tabSearch<Value extends string>(params: URLSearchParams, param: string, values: readonly Value[], value: Value): string {
  const next = new URLSearchParams(params);
  if (value === values[0]) next.delete(param);
  else next.set(param, value);
  const query = next.toString();
  return query ? `?${query}` : "";
}

/**
 * True when a navigation only chose another tab (the `param` in the address changed, nothing else):
 * a route's shouldRevalidate then has nothing to fetch again. A revalidate() keeps the same URL.
 */
export function isTabOnlyChange(currentUrl: URL, nextUrl: URL, param = "tab"): boolean {
  if (currentUrl.pathname !== nextUrl.pathname || currentUrl.search === nextUrl.search) return false;
  const current = new URLSearchParams(currentUrl.search);
  const next = new URLSearchParams(nextUrl.search);
  current.delete(param);
  next.delete(param);
  current.sort();
  next.sort();
  return current.toString() === next.toString();
}
