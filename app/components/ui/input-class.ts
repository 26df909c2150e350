/** The look of every text input and select (forms, list toolbars, filters). */
export const inputClass =
  'block w-full rounded-lg border border-line bg-surface px-3.5 h-11 text-sm text-ink placeholder:text-muted focus:border-primary focus:outline-none focus:ring-1 focus:ring-primary aria-[invalid=true]:border-error aria-[invalid=true]:ring-error'
