import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

const badgeVariants = cva("inline-flex items-center gap-1 rounded-full font-semibold", {
  variants: {
    variant: {
      default: "bg-brand-600 text-white",
      secondary: "bg-brand-50 text-brand-800",
      accent: "bg-accent-600 text-white",
      outline: "border border-border bg-white text-ink",
      success: "bg-emerald-50 text-emerald-800",
      warning: "bg-amber-50 text-amber-900",
      danger: "bg-red-50 text-red-800",
      glass: "bg-white/90 text-ink shadow-sm backdrop-blur",
      ink: "bg-ink text-white",
      // Darker than the accent token: white on accent-500 misses WCAG AA contrast for small text.
      featured: "bg-orange-700 text-white",
    },
    size: {
      default: "px-2.5 py-0.5 text-xs",
      lg: "px-3 py-1 text-sm",
    },
  },
  defaultVariants: { variant: "default", size: "default" },
});

/** `className` adds layout only; colours and sizes come from the variants (cn does not merge classes). */
export function Badge({ className, variant, size, ...props }: ComponentProps<"span"> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ variant, size }), className)} {...props} />;
}
