/**
 * Work order words shared by pages, schemas, the model and the policy (ADR 132). No zod here: the
 * pages that only show them do not download it.
 */

import type { Tone } from './tone'

/** A repair (of a driver's defects, or found in the shop), preventive service, or the annual inspection (396.17). */
export const WORK_ORDER_KINDS = ['repair', 'preventive', 'annual_inspection'] as const
export type WorkOrderKind = (typeof WORK_ORDER_KINDS)[number]

/** Open → in progress → completed, or canceled before it is completed (app/policies/work-order.ts moves them). */
export const WORK_ORDER_STATUSES = ['open', 'in_progress', 'completed', 'canceled'] as const
export type WorkOrderStatus = (typeof WORK_ORDER_STATUSES)[number]

export const WORK_ORDER_STATUS_TONE: Record<WorkOrderStatus, Tone> = {
  open: 'warning',
  in_progress: 'info',
  completed: 'success',
  canceled: 'default',
}

/** A line is a part (from the company store's products or bought outside) or labor (hours). */
export const WORK_ORDER_LINE_KINDS = ['part', 'labor'] as const
export type WorkOrderLineKind = (typeof WORK_ORDER_LINE_KINDS)[number]

/** The most lines one order holds, and the most defects it repairs. */
export const MAX_WORK_ORDER_LINES = 50
export const MAX_WORK_ORDER_DEFECTS = 50
/** The most preventive schedules one order carries out. */
export const MAX_WORK_ORDER_SCHEDULES = 20
export const WORK_ORDER_DESCRIPTION_MAX = 2000

export const WORK_ORDER_SORTS = ['createdAt', 'number', 'totalCents'] as const

/** WO-000042: the organization's sequence, as printed and as the API answers it. */
export function formatWorkOrderNumber(number: number) {
  return `WO-${String(number).padStart(6, '0')}`
}

/** One line as the editor shows it before the server has read it (text as typed). */
export type WorkOrderFormLine = { kind: string; description: string; productId: string; quantity: string; unitCost: string }
export const EMPTY_WORK_ORDER_LINE: WorkOrderFormLine = { kind: 'labor', description: '', productId: '', quantity: '1', unitCost: '' }
