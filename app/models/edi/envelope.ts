/**
 * The ISA/GS/ST…SE/GE/IEA envelope of every interchange we write (997, 990, 214, 210), through
 * node-x12's interchange model: one functional group of the given sets, in the separators given
 * (the partner's own when we answer what they sent; `~`, `*`, `>` otherwise). A writer for a
 * transaction set only says its segments between ST and SE.
 */
import { X12Interchange, X12SerializationOptions } from 'node-x12'

import type { Separators } from './interchange'

export type EnvelopeParties = {
  /** Ours: ISA05/06 and GS02. */
  senderQualifier: string
  senderId: string
  senderGsId: string
  /** Theirs: ISA07/08 and GS03. */
  receiverQualifier: string
  receiverId: string
  receiverGsId: string
}

/** The identifiers a partner row keeps: theirs (what they send as) and ours. */
type PartnerIdentifiers = { isaQualifier: string; isaId: string; gsId: string; ourIsaQualifier: string; ourIsaId: string; ourGsId: string }

/** Our side as sender, the partner's as receiver: ISA05-08 and GS02-03 of whatever we write them. */
export function partiesOf(partner: PartnerIdentifiers): EnvelopeParties {
  return {
    senderQualifier: partner.ourIsaQualifier,
    senderId: partner.ourIsaId,
    senderGsId: partner.ourGsId,
    receiverQualifier: partner.isaQualifier,
    receiverId: partner.isaId,
    receiverGsId: partner.gsId,
  }
}

/** A transaction set's body: its identifier (ST01) and the segments between ST and SE. */
export type OutboundSet = { id: string; segments: Array<[tag: string, elements: string[]]> }

export const DEFAULT_SEPARATORS: Separators = { element: '*', segment: '~', component: '>' }

const pad = (value: string, width: number) => value.slice(0, width).padEnd(width, ' ')

/**
 * The interchange's text: control number `control` as ISA13 (9 digits) and GS06, sets numbered
 * 0001… in ST02. `functionalId` is GS01 (FA 997, GF 990, QM 214, IM 210).
 */
export function writeEnvelope(input: {
  parties: EnvelopeParties
  control: number
  now: Date
  functionalId: string
  sets: OutboundSet[]
  usage?: 'P' | 'T'
  separators?: Separators
}) {
  const separators = input.separators ?? DEFAULT_SEPARATORS
  const { parties } = input
  const options = new X12SerializationOptions({
    elementDelimiter: separators.element,
    segmentTerminator: separators.segment,
    subElementDelimiter: separators.component,
    repetitionDelimiter: 'U',
  })
  const iso = input.now.toISOString()
  const day = iso.slice(0, 10).replaceAll('-', '')
  const time = iso.slice(11, 13) + iso.slice(14, 16)
  const number = String(input.control)
  const interchange = new X12Interchange(options)
  interchange.setHeader([
    '00',
    pad('', 10),
    '00',
    pad('', 10),
    pad(parties.senderQualifier, 2),
    pad(parties.senderId, 15),
    pad(parties.receiverQualifier, 2),
    pad(parties.receiverId, 15),
    day.slice(2),
    time,
    'U',
    '00401',
    number.padStart(9, '0'),
    '0',
    input.usage === 'P' ? 'P' : 'T',
    separators.component,
  ])
  const group = interchange.addFunctionalGroup()
  group.setHeader([input.functionalId, parties.senderGsId, parties.receiverGsId, day, time, number, 'X', '004010'])
  input.sets.forEach((body, index) => {
    const set = group.addTransaction()
    set.setHeader([body.id, String(index + 1).padStart(4, '0')])
    for (const [tag, elements] of body.segments) set.addSegment(tag, elements)
  })
  return interchange.toString()
}
