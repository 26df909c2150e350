import { describe, expect, it } from 'vitest'

import { linesOf } from '~/utils/rate-confirmation-lines'
import { pdfTextLines } from '~/utils/rate-confirmation-pdf.server'
import { equipmentOf, moneyCents, poundsOf, readRateConfirmationText, windowOf } from '~/utils/rate-confirmation-rules'

import { RATE_CONFIRMATION_LAYOUTS, scannedRateConfirmation } from '../rate-confirmations'

describe('rate confirmation rules', () => {
  it.each(RATE_CONFIRMATION_LAYOUTS.map((layout) => [layout.name, layout] as const))('reads every field of the %s layout', async (_name, layout) => {
    const lines = await pdfTextLines(new Uint8Array(await layout.pdf()))
    expect(lines).not.toBeNull()
    expect(readRateConfirmationText(lines!)).toEqual(layout.expected)
  })

  it('finds no text in a scanned (image-only) PDF', async () => {
    const lines = await pdfTextLines(new Uint8Array(await scannedRateConfirmation()))
    expect(lines).toEqual([])
    expect(readRateConfirmationText([])).toEqual({ stops: [] })
  })

  it('answers null for bytes that are not a PDF', async () => {
    expect(await pdfTextLines(new TextEncoder().encode('%PDF-1.7 but nothing after'))).toBeNull()
  })

  it('reads windows in US and ISO forms, with AM/PM and two-digit years', () => {
    expect(windowOf('11/28/2026 08:00 - 12:00')).toEqual({ windowStart: '2026-11-28T08:00', windowEnd: '2026-11-28T12:00' })
    expect(windowOf('2026-12-03T07:30 to 2026-12-04T09:30')).toEqual({ windowStart: '2026-12-03T07:30', windowEnd: '2026-12-04T09:30' })
    expect(windowOf('12/1/26 1:00 PM-2:30 pm')).toEqual({ windowStart: '2026-12-01T13:00', windowEnd: '2026-12-01T14:30' })
    expect(windowOf('12/01/2026 12:15 AM')).toEqual({ windowStart: '2026-12-01T00:15', windowEnd: undefined })
    expect(windowOf('Ship Date: 2026-12-01')).toEqual({ windowStart: '2026-12-01T00:00', windowEnd: undefined })
    expect(windowOf('13/45/2026 08:00')).toEqual({ windowStart: undefined, windowEnd: undefined })
  })

  it('reads money to the cent, weights in pounds and equipment as the form names it', () => {
    expect(moneyCents('$2,450.00')).toBe(245000)
    expect(moneyCents('USD 1,980.5')).toBe(198050)
    expect(moneyCents('$0.00')).toBeUndefined()
    expect(poundsOf('42,000 lbs')).toBe(42000)
    expect(poundsOf('20000 kg')).toBe(44092)
    expect(poundsOf('900,000 lbs')).toBeUndefined()
    expect(equipmentOf("53' Dry Van")).toBe('dry_van')
    expect(equipmentOf('Reefer Van')).toBe('reefer')
    expect(equipmentOf('Step Deck')).toBe('step_deck')
    expect(equipmentOf('RGN')).toBe('lowboy')
    expect(equipmentOf('Conestoga')).toBe('other')
  })

  it('splits a line into cells at wide gaps and ignores the carrier’s MC number', () => {
    const lines = linesOf([
      { page: 1, str: 'Carrier: Road Co MC 998877', x: 40, y: 700, width: 120, size: 10 },
      { page: 1, str: 'Broker: Small Freight LLC', x: 40, y: 680, width: 110, size: 10 },
      { page: 1, str: 'MC 112233', x: 300, y: 680.5, width: 40, size: 10 },
    ])
    expect(lines.map((line) => line.cells.map((cell) => cell.text))).toEqual([['Carrier: Road Co MC 998877'], ['Broker: Small Freight LLC', 'MC 112233']])
    expect(readRateConfirmationText(lines)).toMatchObject({ brokerName: 'Small Freight LLC', brokerMc: '112233' })
  })

  it('reads Shipper: / Consignee: lines with ZIP+4, two-digit years and AM/PM windows, and a load number without a colon', () => {
    const line = (text: string, y: number) => ({ page: 1, str: text, x: 40, y, width: text.length * 5, size: 10 })
    const lines = linesOf([
      line('Small Freight LLC', 760),
      line('Load # SF-88 Rate Confirmation', 740),
      line('Shipper: Plant 4, 12 Mill Rd, Akron, OH 44301-1234', 720),
      line('Pickup Appt: 12/7/26 7:30 AM - 9:00 AM', 705),
      line('Consignee: Cold Hub, 9 Bay St, Erie, PA 16501', 690),
      line('Delivery Appt: 12/8/26 2:00 PM', 675),
      line('Rate: 1,200', 660),
    ])
    expect(readRateConfirmationText(lines)).toEqual({
      brokerName: 'Small Freight LLC',
      brokerReference: 'SF-88',
      linehaulCents: 120000,
      stops: [
        {
          type: 'pickup',
          facilityName: 'Plant 4',
          line1: '12 Mill Rd',
          city: 'Akron',
          state: 'OH',
          postalCode: '44301-1234',
          windowStart: '2026-12-07T07:30',
          windowEnd: '2026-12-07T09:00',
        },
        { type: 'delivery', facilityName: 'Cold Hub', line1: '9 Bay St', city: 'Erie', state: 'PA', postalCode: '16501', windowStart: '2026-12-08T14:00' },
      ],
    })
  })
  it('reads the broker’s contact, phone, email and address from labelled lines above the stops, never a stop’s, the carrier’s or a fax', () => {
    const line = (text: string, y: number, x = 40) => ({ page: 1, str: text, x, y, width: text.length * 5, size: 10 })
    const lines = linesOf([
      line('Broker: Small Freight LLC', 760),
      line('Broker Address: 12 Elm St, Akron, OH 44301', 745),
      line('Fax: 330-555-0100', 730),
      line('Broker Phone: 330-555-0142 ext. 7', 730, 300),
      line('Broker Contact: Lee Park lee@smallfreight.example', 715),
      line('Carrier: Road Co  Phone: 216-555-0999  Email: ops@roadco.example', 700),
      line('Pickup: Plant 4, 9 Mill Rd, Canton, OH 44702', 685),
      line('Contact: Dock Boss 330-555-0777 dock@plant4.example', 670),
      line('Delivery: Cold Hub, 9 Bay St, Erie, PA 16501', 655),
    ])
    expect(readRateConfirmationText(lines)).toMatchObject({
      brokerName: 'Small Freight LLC',
      brokerContactName: 'Lee Park',
      brokerPhone: '330-555-0142 ext. 7',
      brokerEmail: 'lee@smallfreight.example',
      brokerAddressLine1: '12 Elm St',
      brokerCity: 'Akron',
      brokerState: 'OH',
      brokerPostalCode: '44301',
    })
    // Nothing above the stops but the carrier's: nothing read for the broker.
    const carrierOnly = linesOf([
      line('Carrier: Road Co  Phone: 216-555-0999', 760),
      line('Pickup: Plant 4, Canton, OH 44702', 745),
      line('Contact: 330-555-0777', 730),
    ])
    const read = readRateConfirmationText(carrierOnly)
    expect(read).not.toHaveProperty('brokerPhone')
    expect(read).not.toHaveProperty('brokerContactName')
  })
})
