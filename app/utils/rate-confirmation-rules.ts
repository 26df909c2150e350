/**
 * The rules that read a rate confirmation's text (ADR 055): lines of cells
 * (./rate-confirmation-lines) in, what the document says out: the broker's name and MC number,
 * its load number, the stops in order (facility, street, city, state, ZIP, window), the rate in
 * cents, equipment, commodity and weight. Whatever is not found stays undefined. Pure and
 * zod-free: unit-tested on the generated layouts (tests/rate-confirmations.ts).
 *
 * What it understands, as brokers lay them out: `Label: value` cells, a label cell with its value
 * in the next cell, a row of labels above a row of values, a table of stops with a header row
 * (City, State, Zip…), and blocks of stops headed "Stop 1 - Pickup", "Pickup:", "Shipper",
 * "Consignee", "Origin", "Destination"… Dates are US (11/28/2026, 11/28/26) or ISO (2026-11-28,
 * 2026-11-28T08:00), times 24-hour or with AM/PM; a window is two times, or two dates and times.
 */
import { TRAILER_TYPES, type TrailerType } from '~/schemas/trailer-options'

import { parseDollars } from './money'
import type { TextLine } from './rate-confirmation-lines'

export type StopRead = {
  type: 'pickup' | 'delivery'
  facilityName?: string
  line1?: string
  city?: string
  state?: string
  postalCode?: string
  /** Wall clock, as the load form writes it: `2026-11-28T08:00`. */
  windowStart?: string
  windowEnd?: string
}

export type RateConfirmationText = {
  brokerName?: string
  brokerMc?: string
  /** The broker's own details, from its letterhead or labelled lines above the stops ("Add a broker" prefilled). */
  brokerContactName?: string
  brokerPhone?: string
  brokerEmail?: string
  brokerAddressLine1?: string
  brokerCity?: string
  brokerState?: string
  brokerPostalCode?: string
  brokerReference?: string
  equipmentType?: TrailerType
  commodity?: string
  weightLb?: number
  linehaulCents?: number
  stops: StopRead[]
}

type Pair = { label: string; value: string; line: number }

/** A label as compared: lower case, `#`, dots, colons and brackets as spaces. */
export function labelKey(label: string) {
  return label
    .toLowerCase()
    .replace(/[#.:()]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

const LABELS = {
  broker: /^(broker|broker name|brokered by|customer|shipper of record)$/,
  mc: /^(broker )?mc( number| no)?$/,
  reference: /^(broker )?(load|ref|reference|order|pro|shipment|confirmation|conf|tender|trip)( ?(no|number|id))?$/,
  equipment: /^(equipment|equipment type|equip|trailer|trailer type)$/,
  commodity: /^(commodity|commodities|product|freight description|description of goods)$/,
  weight: /^(weight|total weight|gross weight|wt|weight lbs)$/,
  linehaul: /^(line ?haul|line ?haul rate|flat rate|rate|base rate|freight rate|carrier rate)$/,
  total: /^(total|total rate|total carrier pay|total pay|carrier pay|total amount|agreed rate)$/,
  carrier: /^carrier( name)?$/,
  facility: /^(facility|facility name|name|location|company|site|shipper name|consignee name)$/,
  street: /^(address|street|street address|addr|address 1|address line 1)$/,
  cityStateZip: /^(city ?\/ ?state ?\/ ?zip|city, state zip|city state zip|city\/st\/zip|csz)$/,
  city: /^city$/,
  state: /^(state|st)$/,
  postalCode: /^(zip|zip code|postal code|postal)$/,
  when: /\b(date|time|appt|appointment|window|ready|deliver by|eta|scheduled)\b/,
  type: /^(type|stop type|activity)$/,
}

function isLabel(text: string) {
  const key = labelKey(text)
  return key !== '' && Object.values(LABELS).some((rule) => rule.test(key))
}

/** `Label: value` cells, label cells with the value beside them, and a row of labels above its values. */
function pairsOf(lines: TextLine[]): Pair[] {
  const pairs: Pair[] = []
  lines.forEach((line, index) => {
    const { cells } = line
    const next = lines[index + 1]
    if (
      cells.length >= 2 &&
      cells.every((cell) => isLabel(cell.text)) &&
      next &&
      next.cells.length === cells.length &&
      !next.cells.some((cell) => isLabel(cell.text))
    ) {
      cells.forEach((cell, column) => pairs.push({ label: labelKey(cell.text), value: next.cells[column].text, line: index + 1 }))
      return
    }
    for (let i = 0; i < cells.length; i++) {
      const text = cells[i].text
      const colon = /^([^:]{1,40}?)\s*:\s*(.*)$/.exec(text)
      if (colon && !/^\d/.test(colon[1])) {
        let value = colon[2]
        if (!value && cells[i + 1] && !/:/.test(cells[i + 1].text) && !isLabel(cells[i + 1].text)) value = cells[++i].text
        pairs.push({ label: labelKey(colon[1]), value: value.trim(), line: index })
      } else if (isLabel(text) && cells[i + 1] && !isLabel(cells[i + 1].text) && !/^[^:]{1,40}:/.test(cells[i + 1].text)) {
        pairs.push({ label: labelKey(text), value: cells[++i].text.trim(), line: index })
      }
    }
  })
  return pairs
}

function firstValue(pairs: Pair[], rule: RegExp, accept: (value: string) => boolean = (value) => value !== '') {
  return pairs.find((pair) => rule.test(pair.label) && accept(pair.value))?.value
}

/** `$2,450.00`, `USD 2,890.75`, `1980` as cents. */
export function moneyCents(text: string) {
  const match = /(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?/.exec(text)
  if (!match) return undefined
  const cents = parseDollars(match[0]) ?? 0
  return cents > 0 ? cents : undefined
}

/** `42,000 lbs`, `45000 lb`, `20,000 kg` as whole pounds. */
export function poundsOf(text: string) {
  const match = /(\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?\s*(lbs?|pounds|#|kgs?)?/i.exec(text)
  if (!match) return undefined
  const amount = Number(match[1].replace(/,/g, ''))
  const pounds = /^kg/i.test(match[2] ?? '') ? Math.round(amount * 2.20462) : amount
  return pounds > 0 && pounds <= 200_000 ? pounds : undefined
}

/** The form's equipment type for what the document calls it. */
export function equipmentOf(text: string): TrailerType | undefined {
  const value = text.toLowerCase()
  if (!value.trim()) return undefined
  const rules: Array<[RegExp, TrailerType]> = [
    [/reefer|refrigerat|temp control/, 'reefer'],
    [/step ?deck|drop ?deck|single drop/, 'step_deck'],
    [/lowboy|low boy|rgn|double drop/, 'lowboy'],
    [/flat/, 'flatbed'],
    [/tank/, 'tanker'],
    [/power only/, 'power_only'],
    [/\bvan\b|dry/, 'dry_van'],
  ]
  const found = rules.find(([rule]) => rule.test(value))?.[1]
  return found ?? ((TRAILER_TYPES as readonly string[]).find((type) => type === value.replace(/\s+/g, '_')) as TrailerType | undefined) ?? 'other'
}

/** An MC number on a line that is not the carrier's. */
function brokerMcOf(lines: TextLine[]) {
  for (const line of lines) {
    if (/carrier/i.test(line.text)) continue
    const match = /\bMC\s*(?:#|No\.?|Number)?\s*:?\s*#?\s*(\d{3,8})\b/i.exec(line.text)
    if (match) return match[1]
  }
  return undefined
}

const COMPANY = /\b(llc|inc|logistics|freight|brokerage|transport|transportation|partners|co|corp|company|group|solutions|shipping)\b\.?/i

function cleanName(value: string) {
  return value
    .replace(/\s*\bMC\b.*$/i, '')
    .replace(/[\s,;-]+$/, '')
    .trim()
    .slice(0, 100)
}

function brokerNameOf(lines: TextLine[], pairs: Pair[]) {
  const labelled = firstValue(pairs, LABELS.broker)
  if (labelled) return cleanName(labelled) || undefined
  // Else the letterhead: the first lines, before the title, name the broker.
  for (const line of lines.slice(0, 4)) {
    const text = line.cells[0]?.text ?? ''
    if (/rate|confirmation|carrier|load/i.test(text)) continue
    if (COMPANY.test(text)) return cleanName(text) || undefined
  }
  return undefined
}

function referenceOf(lines: TextLine[], pairs: Pair[]) {
  const token = (value: string) => /^[#\s]*([A-Z0-9][A-Z0-9-]{2,39})\b/i.exec(value)?.[1]
  const labelled = firstValue(pairs, LABELS.reference, (value) => Boolean(token(value)))
  if (labelled) return token(labelled)
  for (const line of lines) {
    const match = /\b(?:load|order|ref(?:erence)?|pro|confirmation)\s*(?:#|no\.?|number|id)\s*:?\s*([A-Z0-9][A-Z0-9-]{2,39})\b/i.exec(line.text)
    if (match && !/carrier/i.test(line.text)) return match[1]
  }
  return undefined
}

// Dates and times ------------------------------------------------------------------------------

const TIME = String.raw`\d{1,2}:\d{2}(?:\s*[AaPp]\.?[Mm]\.?)?`
const WHEN = new RegExp(String.raw`(\d{4}-\d{2}-\d{2})(?:(?:T|\s+)(${TIME}))?|(\d{1,2}/\d{1,2}/(?:\d{4}|\d{2}))(?:\s+(${TIME}))?|(${TIME})`, 'g')

function isoDate(us: string) {
  const [month, day, year] = us.split('/').map(Number)
  const fullYear = year < 100 ? 2000 + year : year
  if (month < 1 || month > 12 || day < 1 || day > 31) return undefined
  return `${fullYear}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

function clock(time: string) {
  const match = /^(\d{1,2}):(\d{2})\s*([AaPp])?/.exec(time.trim())
  if (!match) return undefined
  let hours = Number(match[1])
  const minutes = Number(match[2])
  const half = match[3]?.toLowerCase()
  if (half === 'p' && hours < 12) hours += 12
  if (half === 'a' && hours === 12) hours = 0
  if (hours > 23 || minutes > 59) return undefined
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`
}

export function hasWhen(text: string) {
  return new RegExp(WHEN.source).test(text)
}

/** The first two moments in a text: `11/28/2026 08:00 - 12:00`, `2026-12-03 07:30 to 2026-12-03 09:30`. */
export function windowOf(text: string): { windowStart?: string; windowEnd?: string } {
  const moments: string[] = []
  let date: string | undefined
  let dateOnly: string | undefined
  for (const match of text.matchAll(WHEN)) {
    const [, iso, isoTime, us, usTime, lone] = match
    const day = iso ?? (us ? isoDate(us) : undefined)
    if (day) {
      date = day
      const time = clock(isoTime ?? usTime ?? '')
      if (time) {
        moments.push(`${day}T${time}`)
        dateOnly = undefined
      } else dateOnly = day
    } else if (lone && date) {
      const time = clock(lone)
      if (time) moments.push(`${date}T${time}`)
      dateOnly = undefined
    }
    if (moments.length === 2) break
  }
  if (moments.length === 0 && dateOnly) moments.push(`${dateOnly}T00:00`)
  return { windowStart: moments[0], windowEnd: moments[1] }
}

// Stops ----------------------------------------------------------------------------------------

const PICKUP = /pick|shipper|origin|ship from|loading/i
const DELIVERY = /drop|deliver|consignee|destination|receiver|ship to|unload/i
const STOP_HEADER = /^stop\s*#?\s*(\d+)\b\s*[-–:]?\s*(.*)$/i
const PICKUP_HEADER = /^(pick\s*-?\s*up|shipper|origin|ship from)\s*(?:#?\s*\d+)?\s*(?::\s*(.*))?$/i
const DELIVERY_HEADER = /^(delivery|deliver to|drop|drop off|consignee|receiver|destination|ship to)\s*(?:#?\s*\d+)?\s*(?::\s*(.*))?$/i
/** Lines that end a block of stops: the load's other parts. */
const SECTION_END =
  /^(notes|terms|special instructions|instructions|carrier|payment|charges|rate|line ?haul|total|signature|accepted|load details|equipment|commodity|weight|broker)\b/i

type Block = { type?: 'pickup' | 'delivery'; lines: TextLine[]; rest: string }

function stopHeader(line: TextLine): Omit<Block, 'lines'> | null {
  const first = line.cells[0]?.text ?? ''
  const others = line.cells
    .slice(1)
    .map((cell) => cell.text)
    .join(', ')
  const stop = STOP_HEADER.exec(first)
  if (stop) {
    const words = `${stop[2]} ${others}`
    return {
      type: PICKUP.test(stop[2]) ? 'pickup' : DELIVERY.test(stop[2]) ? 'delivery' : undefined,
      rest: PICKUP.test(words) || DELIVERY.test(words) ? '' : words.trim(),
    }
  }
  const pickup = PICKUP_HEADER.exec(first)
  if (pickup) return { type: 'pickup', rest: [pickup[2], others].filter(Boolean).join(', ') }
  const delivery = DELIVERY_HEADER.exec(first)
  if (delivery) return { type: 'delivery', rest: [delivery[2], others].filter(Boolean).join(', ') }
  return null
}

/** A stop's address from its pieces in order: facility, street, city, then "ST 12345" (or "City ST 12345"). */
function addressOf(pieces: string[], stop: StopRead) {
  const at = pieces.findIndex((piece) => /^(?:(.+?)\s+)?([A-Z]{2})\s+(\d{5}(?:-\d{4})?)$/.test(piece))
  if (at < 0) {
    // City, state and ZIP under their own labels: the pieces are the facility and the street.
    const street = pieces.find((piece) => /^\d+\s+\S/.test(piece))
    if (street) stop.line1 ??= street
    const facility = pieces.find((piece) => piece !== street)
    if (facility) stop.facilityName ??= facility
    return
  }
  const [, cityBefore, state, zip] = /^(?:(.+?)\s+)?([A-Z]{2})\s+(\d{5}(?:-\d{4})?)$/.exec(pieces[at])!
  stop.state ??= state
  stop.postalCode ??= zip
  let cityAt = at
  if (cityBefore) stop.city ??= cityBefore.replace(/,$/, '')
  else if (at > 0) {
    cityAt = at - 1
    stop.city ??= pieces[cityAt]
  }
  const before = pieces.slice(0, cityAt)
  const streetAt = before.findIndex((piece) => /^\d+\s+\S/.test(piece))
  if (streetAt >= 0) stop.line1 ??= before[streetAt]
  const facility = before.find((_, index) => index !== streetAt && (streetAt < 0 || index < streetAt))
  if (facility) stop.facilityName ??= facility
}

function readBlock(block: Block): StopRead {
  const stop: StopRead = { type: block.type ?? 'pickup' }
  const pieces: string[] = []
  let when = ''
  const take = (text: string) => {
    if (hasWhen(text)) when += ` ${text}`
    else
      pieces.push(
        ...text
          .split(',')
          .map((piece) => piece.trim())
          .filter(Boolean),
      )
  }
  if (block.rest) take(block.rest)
  for (const line of block.lines) {
    const pairs = pairsOf([line])
    if (pairs.length === 0) {
      take(line.cells.map((cell) => cell.text).join(', '))
      continue
    }
    for (const pair of pairs) {
      const { label, value } = pair
      if (LABELS.type.test(label)) block.type ??= PICKUP.test(value) ? 'pickup' : DELIVERY.test(value) ? 'delivery' : undefined
      else if (LABELS.cityStateZip.test(label) || LABELS.street.test(label)) take(value)
      else if (LABELS.city.test(label)) stop.city ??= value
      else if (LABELS.state.test(label)) stop.state ??= value.toUpperCase()
      else if (LABELS.postalCode.test(label)) stop.postalCode ??= value
      else if (LABELS.facility.test(label) || PICKUP_HEADER.test(label) || DELIVERY_HEADER.test(label)) stop.facilityName ??= value
      else if (LABELS.when.test(label)) when += ` ${value}`
    }
  }
  addressOf(pieces, stop)
  if (block.type) stop.type = block.type
  Object.assign(stop, windowOf(when))
  return prune(stop)
}

function prune<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined && field !== '')) as T
}

const COLUMNS: Array<[RegExp, keyof StopRead | 'date' | 'time' | 'kind']> = [
  [/^(type|stop type|activity|p\/d|pu\/del)$/, 'kind'],
  [/^(facility|name|location|company|shipper ?\/ ?consignee|site)$/, 'facilityName'],
  [/^(address|street|street address)$/, 'line1'],
  [/^city$/, 'city'],
  [/^(state|st)$/, 'state'],
  [/^(zip|zip code|postal code|postal)$/, 'postalCode'],
  [/^(date|appt date|appointment date|ready date)$/, 'date'],
  [/^(time|window|appt time|appointment|hours|appt)$/, 'time'],
]

/** A table of stops: a header row naming City and State or Zip, then one row per stop. */
function tableStops(lines: TextLine[]): { stops: StopRead[]; used: Set<number> } | null {
  const headerAt = lines.findIndex((line) => {
    const keys = line.cells.map((cell) => labelKey(cell.text))
    return line.cells.length >= 4 && keys.includes('city') && keys.some((key) => /^(state|st|zip|zip code|postal code)$/.test(key))
  })
  if (headerAt < 0) return null
  const columns = lines[headerAt].cells.map((cell) => ({ x: cell.x, field: COLUMNS.find(([rule]) => rule.test(labelKey(cell.text)))?.[1] }))
  const stops: StopRead[] = []
  const used = new Set([headerAt])
  for (let index = headerAt + 1; index < lines.length; index++) {
    const line = lines[index]
    if (line.cells.length < 3) break
    const row: Partial<Record<string, string>> = {}
    for (const cell of line.cells) {
      const column = columns.filter((candidate) => candidate.x <= cell.x + 8).at(-1) ?? columns[0]
      if (column.field) row[column.field] = row[column.field] ? `${row[column.field]} ${cell.text}` : cell.text
    }
    if (!row.city) break
    used.add(index)
    const kind = row.kind ?? ''
    stops.push(
      prune({
        type: DELIVERY.test(kind) ? 'delivery' : PICKUP.test(kind) ? 'pickup' : stops.length === 0 ? 'pickup' : 'delivery',
        facilityName: row.facilityName,
        line1: row.line1,
        city: row.city,
        state: row.state?.toUpperCase(),
        postalCode: row.postalCode,
        ...windowOf(`${row.date ?? ''} ${row.time ?? ''}`),
      }),
    )
  }
  return { stops, used }
}

function blockStops(lines: TextLine[]): StopRead[] {
  const blocks: Block[] = []
  let current: Block | null = null
  for (const line of lines) {
    const header = stopHeader(line)
    if (header) {
      current = { ...header, lines: [] }
      blocks.push(current)
      continue
    }
    if (!current) continue
    const first = line.cells[0]?.text ?? ''
    if (SECTION_END.test(first) && !LABELS.when.test(labelKey(first.split(':')[0]))) {
      current = null
      continue
    }
    current.lines.push(line)
  }
  return blocks.map((block, index) => {
    const stop = readBlock(block)
    if (!block.type) stop.type = index === 0 ? 'pickup' : index === blocks.length - 1 ? 'delivery' : stop.type
    return stop
  })
}

// The broker's details ------------------------------------------------------------------------

const EMAIL = /[A-Z0-9._%+-]{1,64}@[A-Z0-9-]{1,63}(?:\.[A-Z0-9-]{1,63})*\.[A-Z]{2,24}/i
const PHONE = /(?:\+?1[-. ]?)?\(?\d{3}\)?[-. ]?\d{3}[-. ]\d{4}(?:\s*(?:x|ext\.?)\s*\d{1,6})?/i
const STREET_CITY_ZIP = /^(\d+\s+[^,]+?),\s*([^,]+?),?\s+([A-Z]{2})\s+(\d{5}(?:-\d{4})?)\b/
const CITY_ZIP = /^([A-Za-z][^,\d]*?),?\s+([A-Z]{2})\s+(\d{5}(?:-\d{4})?)\b/
const BROKER_LABELS = {
  phone: /^(broker )?(phone|phone number|tel|telephone|ph|office|main)$/,
  email: /^(broker )?(e ?mail|email address)$/,
  contact: /^(broker )?(contact|contact name|agent|rep|representative|booked by|dispatcher)$/,
  address: /^(broker )?(address|mailing address|office address)$/,
}

/**
 * The lines that speak for the broker: everything above the first stop (a stop's header or the
 * stops' table), so a facility's contact or address is never taken for the broker's. Lines about
 * the carrier are left out.
 */
function brokerLines(lines: TextLine[]) {
  const end = lines.findIndex((line) => {
    const keys = line.cells.map((cell) => labelKey(cell.text))
    return stopHeader(line) !== null || (keys.includes('city') && keys.some((key) => /^(state|st|zip|zip code|postal code)$/.test(key)))
  })
  return (end < 0 ? lines : lines.slice(0, end)).filter((line) => !/carrier/i.test(line.text))
}

/** Pieces of a broker line: its cells, split again at `|` (a letterhead's "MC 123 | a@b.com"). */
function segmentsOf(line: TextLine) {
  return line.cells
    .flatMap((cell) => cell.text.split('|'))
    .map((piece) => piece.trim())
    .filter(Boolean)
}

/** The broker's contact, phone, email and address, as far as its part of the document says them. */
function brokerDetailsOf(lines: TextLine[]) {
  const region = brokerLines(lines)
  const pairs = pairsOf(region)
  const labelled = (rule: RegExp) => pairs.find((pair) => rule.test(pair.label) && pair.value !== '')?.value
  const segments = region.flatMap(segmentsOf)
  const email = EMAIL.exec(labelled(BROKER_LABELS.email) ?? '')?.[0] ?? segments.map((piece) => EMAIL.exec(piece)?.[0]).find(Boolean)
  // A fax number is not the phone: unlabelled numbers are taken only from pieces that do not say "fax".
  const phone =
    PHONE.exec(labelled(BROKER_LABELS.phone) ?? '')?.[0] ??
    segments
      .filter((piece) => !/fax/i.test(piece))
      .map((piece) => PHONE.exec(piece.replace(/\bMC\b.*$/i, ''))?.[0])
      .find(Boolean)
  const contact = labelled(BROKER_LABELS.contact)
    ?.replace(EMAIL, '')
    .replace(PHONE, '')
    .replace(/[\s,;|/-]+$/, '')
    .trim()
  const address: { addressLine1?: string; city?: string; state?: string; postalCode?: string } = {}
  // Each piece with its line: a street's city, state and ZIP are on the next line, whatever sits beside them.
  const pieces = [
    ...(labelled(BROKER_LABELS.address) ? [{ line: -2, text: labelled(BROKER_LABELS.address)! }] : []),
    ...region.flatMap((line, index) => segmentsOf(line).map((text) => ({ line: index, text }))),
  ]
  for (const { line, text } of pieces) {
    if (address.addressLine1) break
    const piece = text.replace(/\s*\bMC\b.*$/i, '')
    const whole = STREET_CITY_ZIP.exec(piece)
    if (whole) Object.assign(address, { addressLine1: whole[1], city: whole[2], state: whole[3], postalCode: whole[4] })
    else if (/^\d+\s+\S/.test(piece) && !PHONE.test(piece)) {
      const next = CITY_ZIP.exec(pieces.find((other) => other.line === line + 1)?.text ?? '')
      if (next) Object.assign(address, { addressLine1: piece, city: next[1], state: next[2], postalCode: next[3] })
    }
  }
  return {
    brokerContactName: contact ? contact.slice(0, 120) : undefined,
    brokerPhone: phone?.trim().slice(0, 40),
    brokerEmail: email?.slice(0, 254),
    brokerAddressLine1: address.addressLine1?.slice(0, 120),
    brokerCity: address.city?.slice(0, 80),
    brokerState: address.state,
    brokerPostalCode: address.postalCode,
  }
}

/** Everything the rules find in a rate confirmation's lines. */
export function readRateConfirmationText(lines: TextLine[]): RateConfirmationText {
  const table = tableStops(lines)
  const rest = table ? lines.filter((_, index) => !table.used.has(index)) : lines
  const pairs = pairsOf(rest)
  const weight = firstValue(pairs, LABELS.weight, (value) => poundsOf(value) !== undefined)
  const rate =
    firstValue(pairs, LABELS.linehaul, (value) => moneyCents(value) !== undefined) ??
    firstValue(pairs, LABELS.total, (value) => moneyCents(value) !== undefined)
  const equipment = firstValue(pairs, LABELS.equipment)
  const commodity = firstValue(pairs, LABELS.commodity)
  const stops = (table?.stops.length ? table.stops : blockStops(rest)).filter((stop) => stop.city || stop.facilityName || stop.line1)
  return prune({
    brokerName: brokerNameOf(lines, pairs),
    brokerMc: firstValue(pairs, LABELS.mc, (value) => /\d{3,8}/.test(value))?.replace(/\D/g, '') || brokerMcOf(lines),
    ...brokerDetailsOf(lines),
    brokerReference: referenceOf(rest, pairs),
    equipmentType: equipment ? equipmentOf(equipment) : undefined,
    commodity: commodity?.slice(0, 100),
    weightLb: weight ? poundsOf(weight) : undefined,
    linehaulCents: rate ? moneyCents(rate) : undefined,
    stops,
  })
}
