/**
 * The look of every text input and select (forms, list toolbars, filters): the `fd-input` class in
 * app/app.css, one short class instead of the same utilities on every field of every page.
 */
export const inputClass = 'fd-input'

/** The look of every file input: the browser's button drawn as ours, the chosen file's name beside it. */
export const fileInputClass =
  'block w-full text-sm file:me-3 file:rounded-lg file:border file:border-line file:bg-surface file:px-3 file:py-2 file:text-sm file:font-semibold'
