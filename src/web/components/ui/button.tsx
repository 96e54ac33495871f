import { Slot } from "@radix-ui/react-slot";
import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

export const buttonVariants = cva(
  "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-xl text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        default: "bg-brand-600 text-white shadow-sm hover:bg-brand-700",
        accent: "bg-accent-600 text-white shadow-sm hover:bg-accent-700",
        outline: "border border-border bg-white text-ink hover:bg-surface",
        secondary: "bg-brand-50 text-brand-800 hover:bg-brand-100",
        ghost: "text-ink hover:bg-surface",
        link: "text-brand-700 underline-offset-4 hover:underline",
        inverse: "bg-white text-brand-800 shadow-sm hover:bg-brand-50",
      },
      size: {
        default: "h-10 px-4",
        sm: "h-9 px-3 text-sm",
        lg: "h-12 px-6 text-base",
        icon: "size-10",
      },
    },
    defaultVariants: { variant: "default", size: "default" },
  },
);

export interface ButtonProps extends ComponentProps<"button">, VariantProps<typeof buttonVariants> {
  asChild?: boolean;
}

export function Button({ className, variant, size, asChild = false, ...props }: ButtonProps) {
  const Component = asChild ? Slot : "button";
  return <Component className={cn(buttonVariants({ variant, size }), className)} {...props} />;
}

/** A <label> for a hidden file input, drawn as an outline button; the focus ring follows the input's keyboard focus. */
export function fileButtonClass(className?: string): string {
  return cn(
    buttonVariants({ variant: "outline" }),
    "cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600",
    className,
  );
}
