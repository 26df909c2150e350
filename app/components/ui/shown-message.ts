// Its own module, so a page that shows a refusal without a Conform form does not load Conform.

// A catalogue key (`validation.required`, `invoices.errors.paymentPositive`); anything else is text the server translated.
const KEY = /^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9_]+)+$/

/** A message as shown: a catalogue key translated, text the server already translated (with its parameters) as it is. */
export function shownMessage(t: (key: string) => string, message: string) {
  return KEY.test(message) ? t(message) : message
}
