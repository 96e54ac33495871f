/** The visible star of a required field; the control itself carries `required` for screen readers. */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="ml-0.5 text-red-700">
      *
    </span>
  );
}
