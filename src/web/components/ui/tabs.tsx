import { createContext, useContext, useId, useState, type ComponentProps, type KeyboardEvent } from "react";
import { cn } from "~/lib/cn";

/**
 * Tabs as WAI-ARIA's tabs pattern (https://www.w3.org/WAI/ARIA/apg/patterns/tabs/) asks, with automatic
 * activation: arrow keys, Home and End move between tabs and select them, only the selected tab is in
 * the tab order, and each panel is labelled by its tab. The same markup and `data-state` Radix Tabs
 * gave, without its 8.6 kB of script on /auth (decision 018).
 */
interface TabsState {
  value: string;
  select(value: string): void;
  idOf(part: "trigger" | "content", value: string): string;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(part: string): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error(`${part} must be inside <Tabs>`);
  return state;
}

type TabsProps = Omit<ComponentProps<"div">, "defaultValue" | "dir"> & {
  /** The selected tab, when the parent holds it (with `onValueChange`). */
  value?: string;
  /** The tab selected first, when the tabs hold it themselves. */
  defaultValue?: string;
  onValueChange?: (value: string) => void;
};

export function Tabs({ value, defaultValue, onValueChange, ...props }: TabsProps) {
  const [own, setOwn] = useState(defaultValue ?? "");
  const baseId = useId();
  const selected = value ?? own;
  const state: TabsState = {
    value: selected,
    select(next) {
      if (next === selected) return;
      if (value === undefined) setOwn(next);
      onValueChange?.(next);
    },
    // A value may hold spaces; an id may not.
    idOf: (part, tab) => `${baseId}-${part}-${tab.replace(/\s/g, "-")}`,
  };
  return (
    <TabsContext.Provider value={state}>
      <div data-orientation="horizontal" {...props} />
    </TabsContext.Provider>
  );
}

const NEXT: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

export function TabsList({ className, onKeyDown, ...props }: ComponentProps<"div">) {
  const moveFocus = (event: KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(event);
    const next = NEXT[event.key];
    if (!next || event.defaultPrevented) return;
    const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')];
    const index = tabs.findIndex((tab) => tab === document.activeElement);
    if (index === -1) return;
    event.preventDefault();
    // Focusing a tab selects it (onFocus below).
    tabs[next(index, tabs.length)]!.focus();
  };
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      data-orientation="horizontal"
      className={cn("grid auto-cols-fr grid-flow-col gap-1 rounded-xl bg-surface p-1", className)}
      onKeyDown={moveFocus}
      {...props}
    />
  );
}

export function TabsTrigger({ value, className, onMouseDown, onFocus, onClick, disabled, ...props }: ComponentProps<"button"> & { value: string }) {
  const tabs = useTabs("TabsTrigger");
  const active = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={tabs.idOf("trigger", value)}
      aria-selected={active}
      aria-controls={tabs.idOf("content", value)}
      data-state={active ? "active" : "inactive"}
      data-orientation="horizontal"
      tabIndex={active ? 0 : -1}
      disabled={disabled}
      className={cn(
        "rounded-lg px-2 py-2 text-sm font-semibold text-muted transition-colors hover:text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
        "data-[state=active]:bg-white data-[state=active]:text-brand-800 data-[state=active]:shadow-sm",
        className,
      )}
      // As Radix: a press selects on mouse down (left button, no Ctrl), a key on focus or Enter/Space (click).
      onMouseDown={(event) => {
        onMouseDown?.(event);
        if (!disabled && event.button === 0 && !event.ctrlKey) tabs.select(value);
        else if (event.button === 0) event.preventDefault();
      }}
      onFocus={(event) => {
        onFocus?.(event);
        if (!disabled) tabs.select(value);
      }}
      onClick={(event) => {
        onClick?.(event);
        if (!disabled) tabs.select(value);
      }}
      {...props}
    />
  );
}

export function TabsContent({ value, className, children, ...props }: ComponentProps<"div"> & { value: string }) {
  const tabs = useTabs("TabsContent");
  const active = tabs.value === value;
  return (
    <div
      role="tabpanel"
      id={tabs.idOf("content", value)}
      aria-labelledby={tabs.idOf("trigger", value)}
      data-state={active ? "active" : "inactive"}
      data-orientation="horizontal"
      hidden={!active}
      tabIndex={0}
      className={cn("mt-6 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600", className)}
      {...props}
    >
      {active && children}
    </div>
  );
}
