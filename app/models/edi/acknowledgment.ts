/**
 * The 997 (Functional Acknowledgment, 004010) that answers every interchange we can address:
 * one transaction set per functional group received (AK1), an AK2/AK5 per transaction set with
 * the AK3/AK4 faults of its segments, and the group's AK9. An interchange is taken whole or not
 * at all (ADR 147): when anything in it is wrong, every set is answered `R` and every group `R`.
 * Written through node-x12's interchange model, in the separators the partner used.
 */
import { X12Interchange, X12SerializationOptions } from 'node-x12'

import type { Interchange } from './interchange'

export type AcknowledgmentParties = {
  /** Ours: ISA05/06 and GS02 of the 997. */
  senderQualifier: string
  senderId: string
  senderGsId: string
  /** Theirs: ISA07/08 and GS03. */
  receiverQualifier: string
  receiverId: string
  receiverGsId: string
}

const pad = (value: string, width: number) => value.slice(0, width).padEnd(width, ' ')

/** The 997's text for an interchange read, accepted when `accepted`, else rejecting every group. */
export function writeAcknowledgment(interchange: Interchange, parties: AcknowledgmentParties, control: number, accepted: boolean, now: Date) {
  const { separators } = interchange
  const options = new X12SerializationOptions({
    elementDelimiter: separators.element,
    segmentTerminator: separators.segment,
    subElementDelimiter: separators.component,
    repetitionDelimiter: 'U',
  })
  const iso = now.toISOString()
  const day = iso.slice(0, 10).replaceAll('-', '')
  const time = iso.slice(11, 13) + iso.slice(14, 16)
  const number = String(control)
  const ack = new X12Interchange(options)
  ack.setHeader([
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
    interchange.usage === 'P' ? 'P' : 'T',
    separators.component,
  ])
  const group = ack.addFunctionalGroup()
  group.setHeader(['FA', parties.senderGsId, parties.receiverGsId, day, time, number, 'X', '004010'])
  interchange.groups.forEach((received, index) => {
    const set = group.addTransaction()
    set.setHeader(['997', String(index + 1).padStart(4, '0')])
    set.addSegment('AK1', [received.functionalId, received.control])
    for (const transaction of received.transactions) {
      set.addSegment('AK2', [transaction.id, transaction.control])
      for (const fault of transaction.faults) {
        set.addSegment('AK3', [fault.tag, String(fault.position), '', fault.code])
        if (fault.element)
          set.addSegment('AK4', [
            String(fault.element.position),
            fault.element.reference,
            fault.element.code,
            ...(fault.element.value ? [fault.element.value.slice(0, 99)] : []),
          ])
      }
      set.addSegment('AK5', accepted ? ['A'] : ['R', ...transaction.ak5Codes.slice(0, 5)])
    }
    const count = String(received.transactions.length)
    set.addSegment('AK9', accepted ? ['A', count, count, count] : ['R', count, count, '0', ...received.ak9Codes.slice(0, 5)])
  })
  return ack.toString()
}
