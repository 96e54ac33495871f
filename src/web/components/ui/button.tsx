import { Slot } from "@radix-ui/react-slot";
import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

/**
 * cn does not merge classes, so when two classes set one property the stylesheet's order decides, not the
 * caller. A caller's classes therefore never restyle what these variants set: a button drawn its own way
 * passes `null` for that axis (`variant={null}`: colours; `size={null}`: height, padding, font and icon
 * size; `display={null}`) and gives those classes itself. ui-classes.test.tsx checks it.
 */
export const buttonVariants = cva(
  "items-center justify-center gap-2 whitespace-nowrap font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:pointer-events-none disabled:opacity-60 [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        default: "bg-brand-600 text-white shadow-sm hover:bg-brand-700",
        accent: "bg-accent-600 text-white shadow-sm hover:bg-accent-700",
        outline: "border border-border bg-white text-ink hover:bg-surface",
        secondary: "bg-brand-50 text-brand-800 hover:bg-brand-100",
        ghost: "text-ink hover:bg-surface",
        /** A quiet action that takes something away (remove a ticket type). */
        dangerGhost: "text-red-700 hover:bg-red-50",
        link: "text-brand-700 underline-offset-4 hover:underline",
        inverse: "bg-white text-brand-800 shadow-sm hover:bg-brand-50",
        danger: "bg-red-700 text-white shadow-sm hover:bg-red-800",
        /** A control that is recording right now (the assistant's microphone). */
        live: "bg-red-600 text-white shadow-sm hover:bg-red-700",
      },
      size: {
        default: "h-10 px-4 text-sm [&_svg]:size-4",
        sm: "h-9 px-3 text-sm [&_svg]:size-4",
        md: "h-11 px-4 text-sm [&_svg]:size-4",
        lg: "h-12 px-6 text-base [&_svg]:size-4",
        // The large links drawn with buttonVariants alone kept the base's text-sm (the stylesheet put it after text-base).
        "lg-text-sm": "h-12 px-6 text-sm [&_svg]:size-4",
        icon: "size-10 text-sm [&_svg]:size-4",
        "icon-md": "size-11 text-sm [&_svg]:size-4",
      },
      shape: {
        default: "rounded-xl",
        pill: "rounded-full",
      },
      display: {
        default: "inline-flex",
      },
      /** The focus ring's colour: `dark` for a button on a dark or coloured band. */
      backdrop: {
        light: "focus-visible:outline-brand-600",
        dark: "focus-visible:outline-white",
      },
    },
    defaultVariants: { variant: "default", size: "default", shape: "default", display: "default", backdrop: "light" },
  },
);

export interface ButtonProps extends ComponentProps<"button">, VariantProps<typeof buttonVariants> {
  asChild?: boolean;
}

export function Button({ className, variant, size, shape, display, backdrop, asChild = false, ...props }: ButtonProps) {
  const Component = asChild ? Slot : "button";
  return <Component className={cn(buttonVariants({ variant, size, shape, display, backdrop }), className)} {...props} />;
}

/** A <label> for a hidden file input, drawn as an outline button; the focus ring follows the input's keyboard focus. */
export function fileButtonClass(className?: string): string {
  return cn(
    buttonVariants({ variant: "outline" }),
    "cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600",
    className,
  );
}
