/**
 * The look of every text input and select (forms, list toolbars, filters): the `fd-input` class in
 * app/app.css, one short class instead of the same utilities on every field of every page.
 */
export const inputClass = 'fd-input'
