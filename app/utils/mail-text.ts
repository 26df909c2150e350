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
