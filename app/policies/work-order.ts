/**
 * The work order's policy (ADR 132): its status table and which actions each status allows. The
 * work-order model refuses with these reasons; the work-order pages offer exactly what is allowed.
 * No zod and nothing server-only.
 */
import type { WorkOrderStatus } from '~/schemas/work-order-options'

import type { PolicyRefusal } from './refusal'

/** open → in progress → completed; open or in progress may be canceled; completed and canceled are final. */
export const WORK_ORDER_TRANSITIONS: Record<WorkOrderStatus, readonly WorkOrderStatus[]> = {
  open: ['in_progress', 'completed', 'canceled'],
  in_progress: ['completed', 'canceled'],
  completed: [],
  canceled: [],
}

export function canMoveWorkOrder(from: WorkOrderStatus, to: WorkOrderStatus) {
  return WORK_ORDER_TRANSITIONS[from].includes(to)
}

export const WORK_ORDER_ACTIONS = ['edit', 'start', 'complete', 'cancel', 'delete'] as const
export type WorkOrderAction = (typeof WORK_ORDER_ACTIONS)[number]

/**
 * Why an action is refused on a work order in this state, or null when allowed. A completed or
 * canceled order is the unit's maintenance record (396.3): never edited, never deleted. Deleting is
 * for an order opened by mistake, before work started.
 */
export function workOrderRefusal(action: WorkOrderAction, { status }: { status: WorkOrderStatus }): PolicyRefusal | null {
  switch (action) {
    case 'edit':
      return status === 'open' || status === 'in_progress' ? null : { code: 'invalid_transition', key: 'workOrders.errors.closed' }
    case 'delete':
      return status === 'open' ? null : { code: 'in_use', key: 'workOrders.errors.keep' }
    case 'start':
      return canMoveWorkOrder(status, 'in_progress') ? null : { code: 'invalid_transition', key: 'workOrders.errors.startNotOpen' }
    case 'complete':
      return canMoveWorkOrder(status, 'completed') ? null : { code: 'invalid_transition', key: 'workOrders.errors.closed' }
    case 'cancel':
      return canMoveWorkOrder(status, 'canceled') ? null : { code: 'invalid_transition', key: 'workOrders.errors.closed' }
  }
}

export function workOrderAllows(action: WorkOrderAction, order: { status: WorkOrderStatus }) {
  return !workOrderRefusal(action, order)
}
