/**
 * A partner's 997 read (ADR 150): which of our functional groups (AK1: functional id and GS06)
 * and transaction sets (AK2: ST01 and ST02) it answers, and whether each was accepted (AK5-01 and
 * AK9-01 `A` or `E`) or rejected (`R`, `M`, `W`, `X`, or `P` for a group with no set named),
 * with the codes the partner gave. Pure.
 */
import { element, type TransactionSet } from './interchange'

export type AcknowledgedGroup = {
  /** AK1-01 (GF 990, QM 214, IM 210). */
  functionalId: string
  /** AK1-02: our GS06, which is our ISA13 too. */
  control: number
  accepted: boolean
  /** AK9-05… or the rejected sets' AK5-02…. */
  codes: string[]
  sets: { id: string; control: string; accepted: boolean; codes: string[] }[]
}

/** The transaction set a functional group of ours holds. */
export const FUNCTIONAL_TYPES: Record<string, string> = { GF: '990', QM: '214', IM: '210', SM: '204', FA: '997' }

const ACCEPTING = new Set(['A', 'E'])

/** The groups a 997 answers, or none when it names none. */
export function readFunctionalAcknowledgment(set: TransactionSet): AcknowledgedGroup[] {
  const groups: AcknowledgedGroup[] = []
  let group: AcknowledgedGroup | null = null
  let current: AcknowledgedGroup['sets'][number] | null = null
  for (const segment of set.segments) {
    switch (segment.tag) {
      case 'AK1': {
        const control = Number(element(segment, 2))
        group = Number.isInteger(control) && control > 0 ? { functionalId: element(segment, 1), control, accepted: true, codes: [], sets: [] } : null
        if (group) groups.push(group)
        current = null
        break
      }
      case 'AK2':
        current = group ? { id: element(segment, 1), control: element(segment, 2), accepted: true, codes: [] } : null
        if (group && current) group.sets.push(current)
        break
      case 'AK5':
        if (current) {
          current.accepted = ACCEPTING.has(element(segment, 1))
          current.codes = segment.elements.slice(2).filter(Boolean)
        }
        break
      case 'AK9':
        if (group) {
          const code = element(segment, 1)
          const rejectedSets = group.sets.filter((each) => !each.accepted)
          // A partial acceptance (P) rejects what its AK5s reject; with no AK2, the whole group.
          group.accepted = group.sets.length ? rejectedSets.length === 0 && code !== 'R' : ACCEPTING.has(code)
          group.codes = [...segment.elements.slice(5).filter(Boolean), ...rejectedSets.flatMap((each) => each.codes)]
        }
        group = null
        current = null
        break
    }
  }
  return groups
}
