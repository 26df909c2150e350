/**
 * The dispatch board's columns and cards. Without JavaScript (and for roles that may only read)
 * it is a plain page: each card of a mover has a "Move to" form. With JavaScript a mover also drags
 * cards between columns (dnd-kit: pointer, touch and keyboard, announced to screen readers); a drop
 * posts the same move through a fetcher, the server answers with a toast, and an illegal drop
 * leaves the card where it was. dnd-kit is imported here only, so only this route downloads it.
 */
import {
  type Announcements,
  closestCenter,
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  type DragOverEvent,
  DragOverlay,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core'
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react'
import { Form, href, Link, useFetchers, useSubmit } from 'react-router'

import { isRefusal } from '~/components/forms/refusal'
import { Button } from '~/components/ui/button'
import { Icon } from '~/components/ui/icons'
import { inputClass } from '~/components/ui/input-class'
import { useHydrated } from '~/hooks/use-hydrated'
import { useTranslation } from '~/hooks/use-translation'
import { languageInfo } from '~/i18n'
import type { BoardCard } from '~/models/loads/load-board.server'
import { boardMoves } from '~/policies/load'
import { BOARD_DELIVERED_DAYS, type BoardStatus, isBoardStatus } from '~/schemas/kanban-options'
import { LOAD_STATUS_META } from '~/schemas/load-options'
import { cn } from '~/utils/cn'
import { formatNumber } from '~/utils/format'

type Column = { id: BoardStatus; name: string; cardIds: string[]; total: number; totalCapped: boolean }
export type Board = { columns: Record<string, Column>; columnOrder: BoardStatus[]; cards: Record<string, BoardCard> }

const MOVE_KEY = 'kanban-move-'

/** Whether the board offers moving the card from `from` to `to`: the policy's moves, no dispatch while a unit is out of service. */
function movable(card: BoardCard | undefined, from: BoardStatus | undefined, to: string) {
  return Boolean(card && from && isBoardStatus(to) && from !== to && boardMoves(from, Boolean(card.outOfService)).includes(to))
}

/** Moves being posted from drops, shown in their new column until the server has answered. */
function usePendingMoves(board: Board) {
  const fetchers = useFetchers()
  const pending = new Map<string, BoardStatus>()
  for (const fetcher of fetchers) {
    if (!fetcher.key.startsWith(MOVE_KEY) || !fetcher.formData || isRefusal(fetcher.data)) continue
    const id = String(fetcher.formData.get('loadId'))
    const to = String(fetcher.formData.get('status'))
    const card = board.cards[id]
    if (card && isBoardStatus(to) && movable(card, card.status, to)) pending.set(id, to)
  }
  return pending
}

/** The columns as shown: the loader's, with pending moves taken out of their column and put on top of their new one. */
function shownColumns(board: Board, pending: Map<string, BoardStatus>) {
  return board.columnOrder.map((status) => {
    const column = board.columns[status]
    const leaving = column.cardIds.filter((id) => pending.has(id))
    const arriving = [...pending].filter(([id, to]) => to === status && board.cards[id].status !== status).map(([id]) => id)
    return {
      ...column,
      cardIds: [...arriving, ...column.cardIds.filter((id) => !pending.has(id))],
      total: column.total - leaving.length + arriving.length,
    }
  })
}

/** Arrow keys jump to the next column on screen (so right is right in Arabic too); up and down do nothing. */
const columnKeys: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
  const { collisionRect, droppableContainers } = context
  if (!collisionRect || (event.code !== 'ArrowRight' && event.code !== 'ArrowLeft')) return undefined
  event.preventDefault()
  const center = collisionRect.left + collisionRect.width / 2
  const right = event.code === 'ArrowRight'
  // Measured now: the board may have scrolled since the drag began.
  const target = droppableContainers
    .getEnabled()
    .map((container) => container.node.current?.getBoundingClientRect())
    .filter((rect): rect is DOMRect => Boolean(rect))
    .filter((rect) => (right ? rect.left + rect.width / 2 > center + 1 : rect.left + rect.width / 2 < center - 1))
    .sort((a, b) => (right ? a.left - b.left : b.left - a.left))[0]
  if (!target) return currentCoordinates
  return { x: target.left + (target.width - collisionRect.width) / 2, y: currentCoordinates.y }
}

/** A pointer drops on the column under it; the keyboard, which has no pointer, on the nearest column. */
const collisions: CollisionDetection = (args) => (args.pointerCoordinates ? pointerWithin(args) : closestCenter(args))

/** How long the last drag's news stays in the live region after the drop (read by then). */
const ANNOUNCEMENT_MS = 5_000
/** dnd-kit's own live region says nothing: the board's says it (see KanbanBoard). */
const SILENT: Announcements = { onDragStart: () => undefined, onDragOver: () => undefined, onDragEnd: () => undefined, onDragCancel: () => undefined }

export function KanbanBoard({ board, timeZone, canMove }: { board: Board; timeZone: string; canMove: boolean }) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const submit = useSubmit()
  const pending = usePendingMoves(board)
  const columns = useMemo(() => shownColumns(board, pending), [board, pending])
  const [activeId, setActiveId] = useState<string | null>(null)
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnKeys, scrollBehavior: 'auto' }),
  )
  const draggable = hydrated && canMove
  const statusOf = (id: string) => pending.get(id) ?? board.cards[id]?.status
  const number = (id: string | number) => board.cards[String(id)]?.loadNumber ?? ''
  const columnName = (id: string | number | undefined) => (id === undefined ? '' : t(`loads.status.${id}`))

  // Whether the dragged card has been over another column yet (announcements only).
  const left = useRef(false)
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      left.current = false
      return t('kanban.dnd.pickedUp', { number: number(active.id), column: columnName(statusOf(String(active.id))) })
    },
    onDragOver: ({ active, over }) => {
      if (!over) return t('kanban.dnd.overNone', { number: number(active.id) })
      const from = statusOf(String(active.id))
      const to = String(over.id)
      // Over its own column right after the pick-up: the pick-up announcement stays.
      if (from === to) return left.current ? t('kanban.dnd.overOwn', { number: number(active.id), column: columnName(to) }) : undefined
      left.current = true
      return t(movable(board.cards[String(active.id)], from, to) ? 'kanban.dnd.over' : 'kanban.dnd.overRefused', {
        number: number(active.id),
        column: columnName(to),
      })
    },
    onDragEnd: ({ active, over }) => {
      const from = statusOf(String(active.id))
      if (!over || String(over.id) === from) return t('kanban.dnd.stays', { number: number(active.id), column: columnName(from) })
      return t('kanban.dnd.dropped', { number: number(active.id), column: columnName(over.id) })
    },
    onDragCancel: ({ active }) => t('kanban.dnd.canceled', { number: number(active.id), column: columnName(statusOf(String(active.id))) }),
  }

  // The board's own live region (dnd-kit's keeps its last text for good): a drag's news while it
  // lasts, cleared a few seconds after the drop, so a screen reader browsing the page later, or a
  // refused drop's card back in its column, never meets "dropped in Delivered" from an old drag.
  const [announcement, setAnnouncement] = useState('')
  const announce = (text: string | undefined) => text !== undefined && setAnnouncement(text)
  useEffect(() => {
    if (!announcement || activeId) return
    const timer = setTimeout(() => setAnnouncement(''), ANNOUNCEMENT_MS)
    return () => clearTimeout(timer)
  }, [announcement, activeId])

  function onDragStart(event: DragStartEvent) {
    setActiveId(String(event.active.id))
    announce(announcements.onDragStart(event))
  }

  function onDragEnd(event: DragEndEvent) {
    announce(announcements.onDragEnd(event))
    const { active, over } = event
    setActiveId(null)
    const card = board.cards[String(active.id)]
    if (!card || !over || String(over.id) === statusOf(card.id)) return
    // An illegal drop is posted too: the server refuses it with its translated reason (a toast), writes nothing, and the card stays.
    submit(
      { intent: 'move', via: 'drag', loadId: card.id, status: String(over.id), version: String(card.version) },
      { method: 'post', navigate: false, fetcherKey: `${MOVE_KEY}${card.id}-${Date.now()}`, preventScrollReset: true },
    )
  }

  const active = activeId ? board.cards[activeId] : null
  return (
    <DndContext
      id="kanban"
      sensors={sensors}
      collisionDetection={collisions}
      onDragStart={onDragStart}
      onDragOver={(event: DragOverEvent) => announce(announcements.onDragOver(event))}
      onDragEnd={onDragEnd}
      onDragCancel={(event) => {
        announce(announcements.onDragCancel(event))
        setActiveId(null)
      }}
      accessibility={{ announcements: SILENT, screenReaderInstructions: { draggable: t('kanban.dnd.instructions') } }}
    >
      <div role="status" aria-live="assertive" aria-atomic="true" className="sr-only" data-testid="kanban-announcement">
        {announcement}
      </div>
      {/* Relative: the screen-reader-only texts inside are positioned in the scrolling box, not on the page (in Arabic they widened it to the left). */}
      <section
        aria-label={t('kanban.board')}
        className="relative -mx-4 overflow-x-auto px-4 pb-4 focus-visible:outline-2 focus-visible:outline-primary sm:-mx-6 sm:px-6"
        data-testid="kanban-board"
      >
        {/* Phones and tablets scroll through 18 rem columns; a desktop (1200 px and up) shares its width between all six. */}
        <ol className="flex min-w-max items-stretch gap-4 lg:grid lg:min-w-0 lg:auto-cols-[minmax(0,1fr)] lg:grid-flow-col lg:gap-2">
          {columns.map((column) => (
            <BoardColumn
              key={column.id}
              column={column}
              cards={column.cardIds.map((id) => ({ ...board.cards[id], status: statusOf(id) as BoardStatus }))}
              timeZone={timeZone}
              canMove={canMove}
              draggable={draggable}
              active={active ? { card: active, status: statusOf(active.id) } : null}
            />
          ))}
        </ol>
      </section>
      {draggable ? (
        <DragOverlay>{active ? <CardBody card={active} timeZone={timeZone} className="rotate-1 cursor-grabbing shadow-xl" /> : null}</DragOverlay>
      ) : null}
    </DndContext>
  )
}

function BoardColumn({
  column,
  cards,
  timeZone,
  canMove,
  draggable,
  active,
}: {
  column: Column
  cards: BoardCard[]
  timeZone: string
  canMove: boolean
  draggable: boolean
  active: { card: BoardCard; status: BoardStatus } | null
}) {
  const { t, i18n } = useTranslation()
  const { setNodeRef, isOver } = useDroppable({ id: column.id, disabled: !draggable })
  const legal = active !== null && movable(active.card, active.status, column.id)
  const refused = active !== null && active.status !== column.id && !legal
  const count = `${formatNumber(i18n.language, column.total)}${column.totalCapped ? '+' : ''}`
  const headingId = `kanban-column-${column.id}`
  return (
    <li
      ref={setNodeRef}
      aria-labelledby={headingId}
      data-testid={`kanban-column-${column.id}`}
      className={cn(
        'flex w-[17.5rem] shrink-0 flex-col rounded-card border border-line bg-black/[0.03] transition-shadow sm:w-72 lg:w-auto lg:min-w-0 dark:bg-white/[0.04]',
        legal && 'border-dashed border-primary',
        isOver && legal && 'ring-2 ring-primary',
        isOver && refused && 'cursor-not-allowed ring-2 ring-error',
      )}
    >
      <header className="flex items-center gap-2 px-3 pt-3 pb-2">
        <span aria-hidden="true" className="size-2.5 shrink-0 rounded-full" style={{ background: LOAD_STATUS_META[column.id].chart }} />
        <h2 id={headingId} className="min-w-0 flex-1 truncate text-sm font-bold">
          {t(`loads.status.${column.id}`)}
        </h2>
        <span className="rounded-full bg-black/5 px-2 py-0.5 text-xs font-semibold tabular-nums dark:bg-white/10" data-testid="kanban-column-count">
          <span className="sr-only">{t('kanban.count')} </span>
          {count}
        </span>
      </header>
      {column.id === 'delivered' ? (
        <p className="px-3 pb-2 text-xs text-muted">{t('kanban.deliveredWindow', { days: formatNumber(i18n.language, BOARD_DELIVERED_DAYS) })}</p>
      ) : null}
      {cards.length ? (
        <ul className="flex max-h-[calc(100dvh-17rem)] min-h-24 flex-col gap-2 overflow-y-auto px-2 pb-2 lg:px-1.5">
          {cards.map((card) => (
            <li key={card.id}>
              {draggable ? (
                <DraggableCard card={card} timeZone={timeZone} canMove={canMove} />
              ) : (
                <CardBody card={card} timeZone={timeZone} footer={canMove ? <MoveForm card={card} /> : null} />
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mx-2 mb-2 grid min-h-24 place-items-center rounded-lg border border-dashed border-line px-3 text-center text-sm text-muted">
          {t('kanban.empty')}
        </p>
      )}
      <footer className="mt-auto flex flex-wrap items-center justify-between gap-x-3 gap-y-1 border-t border-line px-3 py-2 text-xs">
        <span className="text-muted tabular-nums">{t('kanban.showing', { shown: formatNumber(i18n.language, cards.length), total: count })}</span>
        <Link
          to={`${href('/dashboard/loads/list')}?status=${column.id}`}
          className="font-semibold text-primary-darker hover:underline dark:text-primary-light"
          aria-label={t('kanban.viewAllLabel', { status: t(`loads.status.${column.id}`) })}
        >
          {t('kanban.viewAll')}
        </Link>
      </footer>
    </li>
  )
}

function DraggableCard({ card, timeZone, canMove }: { card: BoardCard; timeZone: string; canMove: boolean }) {
  const { t } = useTranslation()
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({ id: card.id, data: { status: card.status } })
  return (
    <div ref={setNodeRef} className={cn(isDragging && 'opacity-40')}>
      <CardBody
        card={card}
        timeZone={timeZone}
        handle={
          <button
            ref={setActivatorNodeRef}
            type="button"
            className="-me-1 grid size-8 shrink-0 cursor-grab touch-none place-items-center rounded-md text-muted hover:bg-black/5 hover:text-ink focus-visible:outline-2 focus-visible:outline-primary dark:hover:bg-white/10"
            data-testid="kanban-drag-handle"
            {...attributes}
            {...listeners}
            aria-label={t('kanban.dragHandle', { number: card.loadNumber })}
          >
            <Icon name="grip" size={18} />
          </button>
        }
        footer={canMove ? <MoveForm card={card} /> : null}
      />
    </div>
  )
}

const timeFormats = new Map<string, Intl.DateTimeFormat>()

/** "Tue, Dec 1, 8:00 AM" on the organization's clock. */
function pickupTime(language: string, value: string, timeZone: string) {
  const key = `${language}|${timeZone}`
  let format = timeFormats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(languageInfo(language).intl, {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone,
    })
    timeFormats.set(key, format)
  }
  return format.format(new Date(value))
}

function place(stop: { city: string | null; state: string | null }) {
  return stop.city ? [stop.city, stop.state].filter(Boolean).join(', ') : null
}

function CardBody({
  card,
  timeZone,
  handle,
  footer,
  className,
}: {
  card: BoardCard
  timeZone: string
  handle?: ReactNode
  footer?: ReactNode
  className?: string
}) {
  const { t, i18n } = useTranslation()
  const from = place(card.pickup)
  const to = place(card.delivery)
  return (
    <article
      className={cn('rounded-lg border border-line bg-surface p-3 text-sm shadow-sm lg:p-2.5', className)}
      data-testid="kanban-card"
      data-load={card.loadNumber}
    >
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <Link
            to={href('/dashboard/loads/:id', { id: card.id })}
            className="font-bold whitespace-nowrap text-primary-darker tabular-nums hover:underline dark:text-primary-light"
          >
            {card.loadNumber}
          </Link>
          <bdi className="block truncate text-muted">{card.broker}</bdi>
        </div>
        {handle}
      </div>
      <p className="mt-2 font-semibold break-words">
        {from || to ? (
          <>
            <bdi>{from ?? '—'}</bdi>
            <span aria-hidden="true" className="mx-1 inline-block text-muted rtl:-scale-x-100">
              →
            </span>
            <span className="sr-only"> {t('kanban.to')} </span>
            <bdi>{to ?? '—'}</bdi>
          </>
        ) : (
          <span className="text-muted">{t('kanban.noLane')}</span>
        )}
      </p>
      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-2 gap-y-0.5 text-xs">
        <dt className="text-muted">{t('kanban.pickup')}</dt>
        <dd className="tabular-nums">
          {card.pickupAt ? <time dateTime={card.pickupAt}>{pickupTime(i18n.language, card.pickupAt, timeZone)}</time> : <span className="text-muted">—</span>}
        </dd>
        <dt className="text-muted">{t('kanban.driver')}</dt>
        {/* The name cut at its own end (a block bdi), not at the start in Arabic. */}
        <dd className="min-w-0">
          {card.driver ? <bdi className="block truncate">{card.driver}</bdi> : <span className="block truncate text-muted">{t('kanban.noDriver')}</span>}
        </dd>
      </dl>
      {card.outOfService ? (
        <p className="mt-2 flex items-start gap-1.5 text-xs font-semibold text-error" data-testid="kanban-out-of-service">
          <Icon name="alert" size={14} className="mt-px shrink-0" />
          <span>{t(`kanban.outOfService.${card.outOfService.key.split('.').at(-1)}`, card.outOfService.params)}</span>
        </p>
      ) : null}
      {footer}
    </article>
  )
}

/** The move without dragging (and without JavaScript): the legal next statuses of the transition table, cancel left to the load page. */
function MoveForm({ card }: { card: BoardCard }) {
  const { t } = useTranslation()
  const moves = boardMoves(card.status, Boolean(card.outOfService))
  if (!moves.length) return null
  const id = `kanban-move-${card.id}`
  return (
    <Form
      method="post"
      preventScrollReset
      className="mt-3 flex flex-wrap items-center gap-2 border-t border-dashed border-line pt-3"
      data-testid="kanban-move-form"
    >
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="loadId" value={card.id} />
      <input type="hidden" name="version" value={card.version} />
      <label htmlFor={id} className="shrink-0 text-xs font-semibold text-muted">
        {t('kanban.moveTo')}
        <span className="sr-only"> ({card.loadNumber})</span>
      </label>
      <select id={id} name="status" className={cn(inputClass, 'h-9 min-w-24 flex-1 px-2 text-xs')} defaultValue={moves[0]}>
        {moves.map((to) => (
          <option key={to} value={to}>
            {t(`loads.status.${to}`)}
          </option>
        ))}
      </select>
      <Button type="submit" size="sm" variant="secondary" className="h-9 px-3">
        {t('kanban.move')}
      </Button>
    </Form>
  )
}
