/**
 * The 990 (Response to a Load Tender, 004010) we answer a 204 with (ADR 149), as the published
 * layout has it: ST, B1 (M: B1-01 the SCAC, B1-02 the shipment identification number as B2-04
 * sent it, B1-03 the date CCYYMMDD, B1-04 the reservation action code `A` accepted or `D`
 * declined), N9 (O, one): on an acceptance our load number (qualifier `CN`, the carrier's
 * reference), on a decline the reason (qualifier `ZZ`, N9-02 `DECLINED`, N9-03 the reason as free
 * text, at most 45 characters), SE. Only the segments between ST and SE: the envelope is
 * envelope.ts's. Pure.
 */
import type { OutboundSet } from './envelope'

export type TenderResponse = {
  scac: string
  shipmentId: string
  /** The day of the answer, in the organization's zone: CCYYMMDD. */
  date: string
  action: 'A' | 'D'
  /** On an acceptance: the load booked. */
  loadNumber?: string | null
  /** On a decline: why. */
  reason?: string | null
}

/**
 * Text an element may carry: X12's basic and extended characters, no separator of ours
 * (`*`, `~`, `>`) nor the repetition `^`, one line, trimmed, at most `max` characters.
 */
export function elementText(value: string, max: number) {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 !"&'()+,\-./:;?=%@[\]_{}\\|<#$]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim()
}

/** The SCAC B1-01 takes: 2 to 4 letters or digits (the partner's B2-02, else a stand-in). */
export function scacOf(value: string | null | undefined, fallback: string) {
  const clean = (text: string) => text.toUpperCase().replace(/[^A-Z0-9]/g, '')
  const given = clean(value ?? '')
  if (given.length >= 2 && given.length <= 4) return given
  const stand = clean(fallback).slice(0, 4)
  return stand.length >= 2 ? stand : 'XXXX'
}

export function writeTenderResponse(response: TenderResponse): OutboundSet {
  const segments: OutboundSet['segments'] = [['B1', [response.scac, elementText(response.shipmentId, 30), response.date, response.action]]]
  if (response.action === 'A' && response.loadNumber) segments.push(['N9', ['CN', elementText(response.loadNumber, 30)]])
  if (response.action === 'D') {
    const reason = elementText(response.reason ?? '', 45)
    segments.push(['N9', ['ZZ', 'DECLINED', ...(reason ? [reason] : [])]])
  }
  return { id: '990', segments }
}
