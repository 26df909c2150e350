/**
 * The 997 (Functional Acknowledgment, 004010) that answers every interchange we can address:
 * one transaction set per functional group received (AK1), an AK2/AK5 per transaction set with
 * the AK3/AK4 faults of its segments, and the group's AK9. An interchange is taken whole or not
 * at all (ADR 147): when anything in it is wrong, every set is answered `R` and every group `R`.
 * Written in the envelope of `envelope.ts`, in the separators the partner used.
 */
import { type EnvelopeParties, type OutboundSet, writeEnvelope } from './envelope'
import type { Interchange } from './interchange'

export type AcknowledgmentParties = EnvelopeParties

/** The 997's text for an interchange read, accepted when `accepted`, else rejecting every group. */
export function writeAcknowledgment(interchange: Interchange, parties: AcknowledgmentParties, control: number, accepted: boolean, now: Date) {
  const sets = interchange.groups.map((received): OutboundSet => {
    const segments: OutboundSet['segments'] = [['AK1', [received.functionalId, received.control]]]
    for (const transaction of received.transactions) {
      segments.push(['AK2', [transaction.id, transaction.control]])
      for (const fault of transaction.faults) {
        segments.push(['AK3', [fault.tag, String(fault.position), '', fault.code]])
        if (fault.element)
          segments.push([
            'AK4',
            [String(fault.element.position), fault.element.reference, fault.element.code, ...(fault.element.value ? [fault.element.value.slice(0, 99)] : [])],
          ])
      }
      segments.push(['AK5', accepted ? ['A'] : ['R', ...transaction.ak5Codes.slice(0, 5)]])
    }
    const count = String(received.transactions.length)
    segments.push(['AK9', accepted ? ['A', count, count, count] : ['R', count, count, '0', ...received.ak9Codes.slice(0, 5)]])
    return { id: '997', segments }
  })
  return writeEnvelope({
    parties,
    control,
    now,
    functionalId: 'FA',
    sets,
    usage: interchange.usage === 'P' ? 'P' : 'T',
    separators: interchange.separators,
  })
}
