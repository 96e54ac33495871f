import { useId } from "react";
import { Label } from "~/components/ui/input";
import type { DoorList } from "./door-bar";

/** The door's check-in list and, where it allows re-entry, Entry or Exit (issue 38). */
export default function DoorListControls({
  lists,
  listId,
  onListChange,
  direction,
  onDirectionChange,
}: {
  lists: readonly DoorList[];
  listId: string;
  onListChange: (listId: string) => void;
  direction: "in" | "out" | null;
  onDirectionChange?: (direction: "in" | "out") => void;
}) {
  const listSelectId = useId();
  const defaultList = lists.find((list) => list.isDefault);
  const others = lists.filter((list) => !list.isDefault);
  return (
    <>
          <div className="flex min-w-0 flex-col gap-1.5 sm:w-56">
            <Label htmlFor={listSelectId}>Check-in list</Label>
            <select
              id={listSelectId}
              value={listId}
              onChange={(event) => onListChange(event.target.value)}
              className="h-11 w-full rounded-xl border border-border bg-white px-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              <option value="">{defaultList?.name ?? "All tickets"}</option>
              {others.map((list) => (
                <option key={list.id} value={list.id}>
                  {list.name}
                </option>
              ))}
            </select>
          </div>
        {direction && onDirectionChange && (
          <fieldset className="flex flex-col gap-1.5">
            <legend className="mb-1.5 text-sm font-semibold">Scanning</legend>
            <div className="inline-flex rounded-xl border border-border bg-white p-1">
              {(["in", "out"] as const).map((value) => (
                <label
                  key={value}
                  className={`cursor-pointer rounded-lg px-4 py-2 text-sm font-bold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600 ${direction === value ? "bg-brand-700 text-white" : "text-ink"}`}
                >
                  <input type="radio" name="door-direction" value={value} checked={direction === value} onChange={() => onDirectionChange(value)} className="sr-only" />
                  {value === "in" ? "Entry" : "Exit"}
                </label>
              ))}
            </div>
          </fieldset>
        )}
    </>
  );
}
