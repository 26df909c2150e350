/** Plain-text helpers shared by every way a mail message is made (compose, inbound, API). */

/** The line a message list shows under the subject: the text's first 160 characters, spaces collapsed. */
export function mailSnippet(text: string) {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > 160 ? `${flat.slice(0, 159)}…` : flat
}

/** "Name <email>" or the address alone, as a header and a list show a party. */
export function mailParty(party: { name?: string | null; email: string }) {
  return party.name ? `${party.name} <${party.email}>` : party.email
}

/**
 * A subject as stored and sent: one line. CR, LF and the other line breaks (and any control
 * character) become a space, so no stored subject can fold into a second header line when it is
 * emailed or shown as a header; runs of spaces they leave collapse to one.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what goes
const BREAKS = /[\u0000-\u001f\u007f\u0085\u2028\u2029]+/g

export function mailSubjectLine(subject: string) {
  return subject.replace(BREAKS, ' ').replace(/ {2,}/g, ' ').trim()
}
