/**
 * The 214 and 210 writers (ADR 150): their segments checked by hand against the 004010 layouts,
 * then written in the envelope and read back strictly (our reader: no problem; node-x12's strict
 * parser: counts and control numbers), every figure where it belongs.
 */
import { X12Parser } from 'node-x12'
import { describe, expect, it } from 'vitest'

import { writeEnvelope } from '~/models/edi/envelope'
import { allProblems, EDI_SUPPORTED_TRANSACTIONS, EDI_WRITTEN_TRANSACTIONS, readInterchange } from '~/models/edi/interchange'
import { invoiceTotalCents, writeCarrierInvoice } from '~/models/edi/invoice-210'
import { x12DateTime } from '~/models/edi/segments'
import { type StatusCode, statusCodeFor, writeShipmentStatus } from '~/models/edi/status-214'

const PARTIES = {
  senderQualifier: 'ZZ',
  senderId: 'FDCARRIER',
  senderGsId: 'FDCARRIER',
  receiverQualifier: 'ZZ',
  receiverId: 'BROKERA',
  receiverGsId: 'BROKERA',
}
const NOW = new Date('2026-12-04T15:30:00Z')

const lines = (set: { segments: [string, string[]][] }) => set.segments.map(([tag, elements]) => [tag, ...elements].join('*'))

/** Written in the envelope, read back by our reader (no problem) and by node-x12 strictly: the body's segments. */
function roundTrip(set: { id: string; segments: [string, string[]][] }, functionalId: string) {
  const raw = writeEnvelope({ parties: PARTIES, control: 42, now: NOW, functionalId, sets: [set] })
  const read = readInterchange(raw, EDI_WRITTEN_TRANSACTIONS)
  if (!read.ok) throw new Error(read.code)
  expect(allProblems(read.interchange)).toEqual([])
  expect(read.interchange.groups[0].functionalId).toBe(functionalId)
  const transaction = read.interchange.groups[0].transactions[0]
  expect(transaction.id).toBe(set.id)
  const strict = new X12Parser(true).parse(raw) as unknown as {
    functionalGroups: { transactions: { segments: { tag: string; elements: { value: string }[] }[] }[] }[]
  }
  const parsed = strict.functionalGroups[0].transactions[0].segments.map((each) => [each.tag, ...each.elements.map((value) => value.value)].join('*'))
  const ours = transaction.segments.slice(1, -1).map((each) => each.elements.join('*'))
  expect(parsed).toEqual(ours)
  return { raw, segments: ours }
}

const STATUS = {
  loadNumber: 'L-000123',
  shipmentId: 'SH2002',
  scac: 'FDCR',
  references: [
    { qualifier: 'BM', value: 'BOL778' },
    { qualifier: 'PO', value: 'PO-55*1' },
  ],
  parties: [
    { code: 'SH', name: 'Acme Foods DC', address: '100 Main St', city: 'Dallas', state: 'TX', postalCode: '75201' },
    { code: 'CN', name: 'Austin Grocers', city: 'Austin', state: 'TX' },
  ],
  status: { code: 'X3' as StatusCode, at: new Date('2026-12-04T14:05:00Z'), timeZone: 'America/Chicago', city: 'Dallas', state: 'TX', stopSequence: 1 },
  equipment: { number: 'TR-53', type: 'dry_van' },
  weightLb: 42_000,
  pieces: 24,
}

describe('the 214 writer', () => {
  it('writes B10, the references, the parties and one LX/AT7/MS1/MS2 status, read back strictly', () => {
    const set = writeShipmentStatus(STATUS)
    expect(set.id).toBe('214')
    expect(lines(set)).toEqual([
      'B10*L-000123*SH2002*FDCR',
      'L11*BOL778*BM',
      'L11*PO-55 1*PO',
      'N1*SH*Acme Foods DC',
      'N3*100 Main St',
      'N4*Dallas*TX*75201',
      'N1*CN*Austin Grocers',
      'N4*Austin*TX',
      'LX*1',
      // 14:05 UTC is 08:05 in Chicago on December 4 (CST, UTC-6).
      'AT7*X3*NS***20261204*0805*CT',
      'MS1*Dallas*TX*US',
      'MS2*FDCR*TR-53*TV',
      'L11*1*QN',
      'AT8*G*L*42000*24',
    ])
    const { raw, segments } = roundTrip(set, 'QM')
    expect(segments).toEqual(lines(set))
    expect(raw).toContain('GS*QM*FDCARRIER*BROKERA*20261204*1530*42*X*004010~ST*214*0001~')
    // A partner's reader does not take a 214: only our own output is read with it.
    const asInbound = readInterchange(raw, EDI_SUPPORTED_TRANSACTIONS)
    expect(asInbound.ok && allProblems(asInbound.interchange).map((problem) => problem.code)).toEqual(['unsupported_transaction'])
  })

  it('leaves out MS2 without equipment and AT8 without weight; a zone outside the US is written in UTC', () => {
    const set = writeShipmentStatus({
      ...STATUS,
      references: [],
      parties: [],
      status: { ...STATUS.status, code: 'D1', timeZone: 'Europe/Paris', city: 'Austin', state: 'TX', stopSequence: 3 },
      equipment: { number: null, type: null },
      weightLb: null,
    })
    expect(lines(set)).toEqual(['B10*L-000123*SH2002*FDCR', 'LX*1', 'AT7*D1*NS***20261204*1405*UT', 'MS1*Austin*TX*US', 'L11*3*QN'])
    roundTrip(set, 'QM')
  })

  it('names each stop event by its code', () => {
    expect(statusCodeFor({ type: 'pickup', last: false }, 'arrival')).toBe('X3')
    expect(statusCodeFor({ type: 'pickup', last: false }, 'departure')).toBe('AF')
    expect(statusCodeFor({ type: 'delivery', last: false }, 'arrival')).toBe('X1')
    expect(statusCodeFor({ type: 'delivery', last: false }, 'departure')).toBe('CD')
    expect(statusCodeFor({ type: 'delivery', last: true }, 'arrival')).toBe('X1')
    expect(statusCodeFor({ type: 'delivery', last: true }, 'departure')).toBe('D1')
  })

  it('writes the time in the zone with its code, daylight saving included', () => {
    expect(x12DateTime(new Date('2026-07-01T16:00:00Z'), 'America/New_York')).toEqual({ date: '20260701', time: '1200', timeCode: 'ET' })
    expect(x12DateTime(new Date('2026-01-01T03:30:00Z'), 'America/Los_Angeles')).toEqual({ date: '20251231', time: '1930', timeCode: 'PT' })
    expect(x12DateTime(new Date('2026-01-01T03:30:00Z'), 'UTC')).toEqual({ date: '20260101', time: '0330', timeCode: 'UT' })
  })
})

const INVOICE = {
  invoiceNumber: 'INV-000042',
  shipmentId: 'SH2002',
  loadNumber: 'L-000123',
  scac: 'FDCR',
  invoiceDate: '2026-12-04',
  deliveredOn: '2026-12-03',
  references: [{ qualifier: 'BM', value: 'BOL778' }],
  parties: [
    { code: 'BT', name: 'Broker A Logistics', address: '1 Broker Way', city: 'Chicago', state: 'IL', postalCode: '60601' },
    { code: 'SH', name: 'Acme Foods DC', city: 'Dallas', state: 'TX' },
    { code: 'CN', name: 'Austin Grocers', city: 'Austin', state: 'TX' },
  ],
  charges: [
    { kind: 'linehaul' as const, description: 'Linehaul L-000123', amountCents: 185_000 },
    { kind: 'fuel_surcharge' as const, description: null, amountCents: 21_075 },
    { kind: 'detention' as const, description: 'Detention 2h', amountCents: 15_000 },
    { kind: 'other' as const, description: 'Scale ticket', amountCents: 1_250 },
  ],
  weightLb: 42_000,
}

describe('the 210 writer', () => {
  it('writes B3 with B3-07 the total in N2, C3, N9, the parties, one LX/L1 per charge with its code and L3 = B3-07', () => {
    const set = writeCarrierInvoice(INVOICE)
    expect(set.id).toBe('210')
    // 1,850.00 + 210.75 + 150.00 + 12.50 = 2,223.25
    expect(invoiceTotalCents(INVOICE.charges)).toBe(222_325)
    expect(lines(set)).toEqual([
      'B3**INV-000042*SH2002*PP*L*20261204*222325**20261203*035*FDCR',
      'C3*USD',
      'N9*CN*L-000123',
      'N9*BM*BOL778',
      'N1*BT*Broker A Logistics',
      'N3*1 Broker Way',
      'N4*Chicago*IL*60601',
      'N1*SH*Acme Foods DC',
      'N4*Dallas*TX',
      'N1*CN*Austin Grocers',
      'N4*Austin*TX',
      'LX*1',
      'L5*1*Linehaul L-000123',
      'L1*1*1850.00*FR*185000****400',
      'LX*2',
      'L1*2*210.75*FR*21075****FUE',
      'LX*3',
      'L5*3*Detention 2h',
      'L1*3*150.00*FR*15000****DET',
      'LX*4',
      'L5*4*Scale ticket',
      'L1*4*12.50*FR*1250****MSC',
      'L3*42000*G***222325',
    ])
    const { raw, segments } = roundTrip(set, 'IM')
    const b3 = segments[0].split('*')
    const l3 = segments[segments.length - 1].split('*')
    expect(b3[7]).toBe('222325')
    expect(l3[5]).toBe(b3[7])
    const l1Sum = segments.filter((each) => each.startsWith('L1*')).reduce((sum, each) => sum + Number(each.split('*')[4]), 0)
    expect(l1Sum).toBe(222_325)
    expect(raw).toContain('GS*IM*FDCARRIER*BROKERA*')
  })

  it('without weight or delivery date writes no weight unit, L3 only its charge; a discount is a negative line', () => {
    const set = writeCarrierInvoice({
      ...INVOICE,
      deliveredOn: null,
      weightLb: null,
      references: [],
      parties: [],
      charges: [
        { kind: 'linehaul', description: null, amountCents: 100_000 },
        { kind: 'discount', description: null, amountCents: -5_000 },
      ],
    })
    expect(lines(set)).toEqual([
      'B3**INV-000042*SH2002*PP**20261204*95000****FDCR',
      'C3*USD',
      'N9*CN*L-000123',
      'LX*1',
      'L1*1*1000.00*FR*100000****400',
      'LX*2',
      'L1*2*-50.00*FR*-5000****DSC',
      'L3*****95000',
    ])
    roundTrip(set, 'IM')
  })

  it('refuses an amount that is not whole cents', () => {
    expect(() => writeCarrierInvoice({ ...INVOICE, charges: [{ kind: 'linehaul', description: null, amountCents: 10.5 }] })).toThrow(/whole cents/)
  })
})
