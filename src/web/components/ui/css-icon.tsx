/** The icons app.css draws (`.css-icon-*`). */
export type CssIconName = "calendar-days" | "clock" | "map-pin";

/**
 * A decorative lucide icon drawn by CSS: one empty element instead of an inline SVG tree, for icons a
 * page repeats many times (the event cards). Size and colour come from `className` (`size-4
 * text-brand-600`), as with lucide-react's components.
 */
export function CssIcon({ name, className }: { name: CssIconName; className?: string }) {
  return <span aria-hidden="true" className={`css-icon css-icon-${name}${className ? ` ${className}` : ""}`} />;
}
