/**
 * Enter in a text field presses the form's first submit button (HTML's implicit submission). In a
 * form whose row, preview or re-invite buttons come before its main one, this one goes first:
 * out of sight, of the tab order and of screen readers, it submits as the main button does.
 */
export function DefaultSubmit({ label, name, value }: { label: string; name?: string; value?: string }) {
  return (
    <button type="submit" name={name} value={value} className="sr-only" tabIndex={-1} aria-hidden="true">
      {label}
    </button>
  )
}
