import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names. It does not merge Tailwind utilities: when two classes set the same property the
 * stylesheet's order decides, not the caller's. So a component never takes a `className` that restyles
 * what its own classes set; it offers a variant for that, or `null` for a variant the caller draws itself
 * (ui-classes.test.tsx checks the components and their call sites).
 */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}
