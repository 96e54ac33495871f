/** Moves focus to a form's control by name, so a keyboard or screen-reader user lands on what needs fixing. */
export function focusField(form: HTMLFormElement, name: string): void {
  const control = form.elements.namedItem(name);
  if (control instanceof HTMLElement) control.focus();
}
