/**
 * X12 reading and writing (ADR 147): the fixtures' 204s read into tenders (with and without the
 * optional loops, several stops, a change and a cancel), every envelope fault found with its
 * code, and the 997 written and read back strictly by node-x12's parser.
 */
import fs from 'node:fs'
import path from 'node:path'

import { X12Parser } from 'node-x12'
import { describe, expect, it } from 'vitest'

import { writeAcknowledgment } from '~/models/edi/acknowledgment'
import { allProblems, EDI_INTERCHANGE_MAX_BYTES, type Interchange, readInterchange } from '~/models/edi/interchange'
import { readLoadTender } from '~/models/edi/load-tender-204'

const fixture = (name: string) => fs.readFileSync(path.join(__dirname, '../fixtures/edi', name), 'utf8')
const PARTIES = {
  senderQualifier: 'ZZ',
  senderId: 'FDCARRIER',
  senderGsId: 'FDCARRIER',
  receiverQualifier: 'ZZ',
  receiverId: 'BROKERA',
  receiverGsId: 'BROKERA',
}

function read(text: string): Interchange {
  const result = readInterchange(text)
  if (!result.ok) throw new Error(`not read: ${result.code}`)
  return result.interchange
}
const tenderOf = (text: string, zone = 'America/Chicago') => readLoadTender(read(text).groups[0].transactions[0], zone)
const codes = (text: string) => allProblems(read(text)).map((problem) => problem.code)

/** A 997 read back strictly by node-x12 (counts, control numbers), as segments `TAG*…`. */
function strictly(ack: string) {
  const parsed = new X12Parser(true).parse(ack) as unknown as {
    functionalGroups: { transactions: { segments: { tag: string; elements: { value: string }[] }[] }[] }[]
  }
  return parsed.functionalGroups.flatMap((group) =>
    group.transactions.flatMap((set) => set.segments.map((segment) => [segment.tag, ...segment.elements.map((each) => each.value)].join('*'))),
  )
}

describe('reading 204s', () => {
  it('reads the minimal tender: shipment, purpose, two stops with their windows in the organization’s zone, weight and charge', () => {
    const tender = tenderOf(fixture('204-minimal.edi'))!
    expect(codes(fixture('204-minimal.edi'))).toEqual([])
    expect(tender).toMatchObject({
      shipmentId: 'SH1001',
      purpose: 'new',
      scac: 'FDCR',
      weightLb: 42_000,
      rateCents: 185_000,
      equipmentType: null,
      respondBy: null,
    })
    expect(tender.stops.map((stop) => [stop.sequence, stop.kind, stop.name, stop.city, stop.state, stop.windowStart?.toISOString()])).toEqual([
      [1, 'pickup', 'Acme Plastics', 'Dallas', 'TX', '2026-12-05T14:00:00.000Z'],
      [2, 'delivery', 'Bob Foods', 'Austin', 'TX', '2026-12-06T20:00:00.000Z'],
    ])
  })

  it('reads the optional loops: references, respond-by, equipment, three stops with windows and their own references', () => {
    const tender = tenderOf(fixture('204-full.edi'), 'UTC')!
    expect(tender.references).toEqual([
      { qualifier: 'PO', value: 'PO-77821' },
      { qualifier: 'BM', value: 'BOL-5512' },
    ])
    // G62*64 at 17:00 Central (CT), whatever the organization's zone.
    expect(tender.respondBy?.toISOString()).toBe('2026-12-03T23:00:00.000Z')
    expect([tender.equipmentType, tender.weightLb, tender.rateCents]).toEqual(['TF', 42_000, 185_000])
    expect(
      tender.stops.map((stop) => [
        stop.sequence,
        stop.reason,
        stop.kind,
        stop.city,
        stop.windowStart?.toISOString(),
        stop.windowEnd?.toISOString(),
        stop.weightLb,
      ]),
    ).toEqual([
      [1, 'CL', 'pickup', 'Dallas', '2026-12-05T14:00:00.000Z', '2026-12-05T18:00:00.000Z', 20_000],
      [2, 'PL', 'pickup', 'Fort Worth', '2026-12-05T20:00:00.000Z', '2026-12-05T22:00:00.000Z', 22_000],
      [3, 'CU', 'delivery', 'Austin', '2026-12-06T15:00:00.000Z', '2026-12-06T21:00:00.000Z', 42_000],
    ])
    expect(tender.stops[0]).toMatchObject({ address: '2200 Industrial Blvd', postalCode: '75201', references: [{ qualifier: 'PU', value: 'PU-1' }] })
  })

  it('reads a change (04) and a cancel (01) without stops', () => {
    expect(tenderOf(fixture('204-change.edi'))).toMatchObject({ shipmentId: 'SH2002', purpose: 'change', rateCents: 195_000, equipmentType: 'RT' })
    expect(tenderOf(fixture('204-cancel.edi'))).toMatchObject({ shipmentId: 'SH2002', purpose: 'cancel', stops: [] })
  })

  it('faults a 204 without B2 as a missing mandatory segment, and a bad purpose code at B2A-01', () => {
    const set = read(fixture('204-missing-b2.edi')).groups[0].transactions[0]
    expect(readLoadTender(set, 'UTC')).toBeNull()
    expect(set.faults).toEqual([{ tag: 'B2', position: 12, code: '3' }])
    const purpose = read(fixture('204-minimal.edi').replace('B2A*00', 'B2A*99')).groups[0].transactions[0]
    expect(readLoadTender(purpose, 'UTC')).toBeNull()
    expect(purpose.faults).toEqual([{ tag: 'B2A', position: 3, code: '8', element: { position: 1, reference: '353', code: '7', value: '99' } }])
  })
})

describe('reading envelopes', () => {
  it('takes the separators from the ISA: another element separator and terminator read the same', () => {
    const other = fixture('204-minimal.edi').replaceAll('*', '|').replaceAll('~\n', '\n')
    expect(codes(other)).toEqual([])
    expect(tenderOf(other)?.shipmentId).toBe('SH1001')
  })

  it('finds each count and control number that does not match', () => {
    const text = fixture('204-minimal.edi')
    expect(codes(text.replace('SE*13*0001', 'SE*12*0001'))).toEqual(['se_count'])
    expect(codes(text.replace('SE*13*0001', 'SE*13*0002'))).toEqual(['se_control'])
    expect(codes(text.replace('GE*1*101', 'GE*2*101'))).toEqual(['ge_count'])
    expect(codes(text.replace('GE*1*101', 'GE*1*102'))).toEqual(['ge_control'])
    expect(codes(text.replace('IEA*1*000000101', 'IEA*2*000000101'))).toEqual(['iea_count'])
    expect(codes(text.replace('IEA*1*000000101', 'IEA*1*000000999'))).toEqual(['iea_control'])
    expect(codes(text.replace('IEA*1*000000101~\n', ''))).toEqual(['iea_missing'])
    expect(codes(text.replace('SE*13*0001~\n', ''))).toEqual(['se_missing'])
    expect(codes(text.replace('N4*Dallas', 'n4*Dallas'))).toEqual(['segment_syntax'])
    expect(codes(text.replace('ST*204', 'ST*850'))).toEqual(['unsupported_transaction'])
    expect(codes(text.replace('004010~', '005010~'))).toEqual(['gs_version'])
  })

  it('refuses what is no interchange, a broken ISA and what is over the bound, before reading segments', () => {
    expect(readInterchange('Hello, please find our load attached.')).toMatchObject({ ok: false, code: 'not_x12' })
    expect(readInterchange(fixture('204-minimal.edi').replace('*U*00401', '*U**00401'))).toMatchObject({ ok: false, code: 'isa_malformed' })
    expect(readInterchange('ISA*00*')).toMatchObject({ ok: false, code: 'isa_malformed' })
    expect(readInterchange(`ISA${'x'.repeat(EDI_INTERCHANGE_MAX_BYTES)}`)).toMatchObject({ ok: false, code: 'too_large' })
  })
})

describe('writing 997s', () => {
  const NOW = new Date('2026-12-03T15:30:00Z')

  it('accepts: AK1 for the group, AK2/AK5 A per transaction set, AK9 A; read back strictly', () => {
    const ack = writeAcknowledgment(read(fixture('204-two-tenders.edi')), PARTIES, 42, true, NOW)
    expect(ack.startsWith('ISA*00*          *00*          *ZZ*FDCARRIER      *ZZ*BROKERA        *261203*1530*U*00401*000000042*0*T*>~')).toBe(true)
    expect(strictly(ack)).toEqual(['AK1*SM*105', 'AK2*204*0001', 'AK5*A', 'AK2*204*0002', 'AK5*A', 'AK9*A*2*2*2'])
  })

  it('rejects with the codes of what was wrong: AK5 R 4 for a count, AK3/AK4 for a missing or bad segment', () => {
    const counted = read(fixture('204-bad-se-count.edi'))
    expect(strictly(writeAcknowledgment(counted, PARTIES, 43, false, NOW))).toEqual(['AK1*SM*106', 'AK2*204*0001', 'AK5*R*4', 'AK9*R*1*1*0'])

    const missing = read(fixture('204-missing-b2.edi'))
    readLoadTender(missing.groups[0].transactions[0], 'UTC')
    expect(strictly(writeAcknowledgment(missing, PARTIES, 44, false, NOW))).toEqual(['AK1*SM*107', 'AK2*204*0001', 'AK3*B2*12**3', 'AK5*R*5', 'AK9*R*1*1*0'])

    const purpose = read(fixture('204-minimal.edi').replace('B2A*00', 'B2A*99'))
    readLoadTender(purpose.groups[0].transactions[0], 'UTC')
    expect(strictly(writeAcknowledgment(purpose, PARTIES, 46, false, NOW)).slice(2, 4)).toEqual(['AK3*B2A*3**8', 'AK4*1*353*7*99'])

    const control = read(fixture('204-minimal.edi').replace('GE*1*101', 'GE*1*9'))
    expect(strictly(writeAcknowledgment(control, PARTIES, 45, false, NOW)).at(-1)).toBe('AK9*R*1*1*0*4')
  })
})
