/**
 * The dispatch board's columns and bounds, shared by the board page and the load model. No zod
 * and no server code here: the page imports it in the browser.
 */
import type { LoadStatus } from './load-options'

/** The columns, in the status machine's order: from booked to delivered (draft, invoiced and canceled stay on the list). */
export const BOARD_STATUSES = ['booked', 'dispatched', 'at_pickup', 'in_transit', 'at_delivery', 'delivered'] as const satisfies readonly LoadStatus[]
export type BoardStatus = (typeof BOARD_STATUSES)[number]

export function isBoardStatus(status: string): status is BoardStatus {
  return (BOARD_STATUSES as readonly string[]).includes(status)
}

/** Cards per column: the most relevant ones; the column's count and "view all" lead to the list for the rest. */
export const BOARD_COLUMN_LIMIT = 50
/** Delivered loads stay on the board for this many days (by pickup day, in the organization's time zone). */
export const BOARD_DELIVERED_DAYS = 7
