/**
 * Small pieces shared by the transaction-set writers (214, 210): the X12 date and time of an
 * instant in a time zone with its time code, amounts in cents as N2 (implied two decimals), and
 * segments without their trailing empty elements (X12 forbids them). Pure: no database, no clock.
 */
import { zonedWallClock } from '~/utils/time'

import type { OutboundSet } from './envelope'

export type Reference = { qualifier: string; value: string }

/** Code list 623 for the time zones a US carrier dispatches in; any other zone is written in UTC (`UT`). */
const TIME_CODES: [RegExp, string][] = [
  [/^America\/(New_York|Detroit|Indiana\/.+|Kentucky\/.+|Toronto)$|^US\/Eastern$/, 'ET'],
  [/^America\/(Chicago|Menominee|North_Dakota\/.+|Winnipeg)$|^US\/Central$/, 'CT'],
  [/^America\/(Denver|Boise|Phoenix|Edmonton)$|^US\/(Mountain|Arizona)$/, 'MT'],
  [/^America\/(Los_Angeles|Vancouver)$|^US\/Pacific$/, 'PT'],
]

/** An instant as X12 writes it: `CCYYMMDD`, `HHMM` and the time code of the zone it is read in. */
export function x12DateTime(at: Date, timeZone: string) {
  const code = TIME_CODES.find(([zone]) => zone.test(timeZone))?.[1] ?? 'UT'
  const wall = code === 'UT' ? at.toISOString().slice(0, 16) : zonedWallClock(at, timeZone)
  return { date: wall.slice(0, 10).replaceAll('-', ''), time: wall.slice(11, 13) + wall.slice(14, 16), timeCode: code }
}

/** A calendar day (`YYYY-MM-DD`, or a date at UTC midnight) as `CCYYMMDD`. */
export function x12Date(day: string | Date) {
  return (typeof day === 'string' ? day : day.toISOString()).slice(0, 10).replaceAll('-', '')
}

/** Cents as an N2 amount: the digits of the cents, the decimal point implied (`$1,850.00` is `185000`). */
export function n2(cents: number) {
  if (!Number.isInteger(cents)) throw new Error(`amount is not whole cents: ${cents}`)
  return String(cents)
}

/** Text fit for an element: no separator characters, no control characters, at most `max` characters. */
export function text(value: string, max: number) {
  return value
    .replace(/[~*>^|\r\n\t]/g, ' ')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim()
}

/** A segment with its trailing empty elements dropped. */
export function segment(tag: string, elements: (string | null | undefined)[]): OutboundSet['segments'][number] {
  const values = elements.map((value) => value ?? '')
  while (values.length && values[values.length - 1] === '') values.pop()
  return [tag, values]
}

export type Party = {
  /** N1-01: BT bill-to, SH shipper, CN consignee, CA carrier. */
  code: string
  name: string
  address?: string | null
  city?: string | null
  state?: string | null
  postalCode?: string | null
  country?: string | null
}

/** An N1 loop: N1, then N3 and N4 when the address and place are known. */
export function partyLoop(party: Party): OutboundSet['segments'] {
  const segments: OutboundSet['segments'] = [segment('N1', [party.code, text(party.name, 60)])]
  if (party.address) segments.push(segment('N3', [text(party.address, 55)]))
  if (party.city)
    segments.push(
      segment('N4', [
        text(party.city, 30),
        party.state ? text(party.state, 2) : '',
        party.postalCode ? text(party.postalCode, 15) : '',
        party.country && party.country !== 'US' ? text(party.country, 3) : '',
      ]),
    )
  return segments
}
