/**
 * A load tender's policy (ADR 149): what may be done with it when. Only a pending tender whose
 * respond-by time has not passed is answered (accepted or declined); one past it is refused even
 * before the expiry task marks it `expired`. Answering asks `edi` update and, to book the load,
 * `load` create: dispatchers and admins. The tender model refuses with these reasons; the tender
 * page offers exactly what is allowed. No zod and nothing server-only (ADR 047, ADR 059).
 */
import type { EDI_TENDER_STATUSES } from '~/schemas/edi-options'
import type { LoadStatus } from '~/schemas/load-options'
import { can, type Role } from '~/utils/permissions'

import { canEditLoad } from './load'
import type { PolicyRefusal } from './refusal'

type TenderStatus = (typeof EDI_TENDER_STATUSES)[number]
export type TenderState = { status: TenderStatus; respondBy: Date | string | null }

/** Whether the respond-by time has passed at `now` (a tender without one never expires). */
export function pastRespondBy(tender: Pick<TenderState, 'respondBy'>, now: Date) {
  return tender.respondBy !== null && new Date(tender.respondBy).getTime() <= now.getTime()
}

/** Why the tender cannot be accepted or declined now, or null when it can. */
export function tenderAnswerRefusal(tender: TenderState, now: Date): PolicyRefusal | null {
  if (tender.status !== 'pending') return { code: 'invalid_transition', key: `edi.tenderRespond.errors.notPending.${tender.status}` }
  if (pastRespondBy(tender, now)) return { code: 'invalid_transition', key: 'edi.tenderRespond.errors.pastRespondBy' }
  return null
}

/** Who may answer tenders: those who may update EDI and book loads. */
export function mayAnswerTenders(role: Role) {
  return can(role, 'update', 'edi') && can(role, 'create', 'load')
}

/** What the tender page offers this role for this tender now. */
export function tenderAnswersOffered(role: Role, tender: TenderState, now: Date) {
  const open = mayAnswerTenders(role) && !tenderAnswerRefusal(tender, now)
  return { accept: open, decline: open }
}

/**
 * The load statuses in which a partner's change after acceptance still reaches the booked load
 * (its stops and windows): before it is on the road past dispatch. Later, the change is kept on
 * the tender and shown as a conflict for dispatch to settle by hand.
 */
export const TENDER_LOAD_EDITABLE: readonly LoadStatus[] = ['draft', 'booked', 'dispatched']

export function tenderLoadEditable(status: LoadStatus) {
  return TENDER_LOAD_EDITABLE.includes(status) && canEditLoad(status)
}
