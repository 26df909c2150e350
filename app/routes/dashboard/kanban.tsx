import { data, href, redirect } from 'react-router'

import { KanbanBoard } from '~/components/kanban/board'
import { PageHeader } from '~/components/layout/page-header'
import { ButtonLink } from '~/components/ui/button'
import { Icon } from '~/components/ui/icons'
import { useTranslation } from '~/hooks/use-translation'
import { getInstance } from '~/middleware/i18next'
import { loadBoard } from '~/models/loads/load-board.server'
import { moveLoad } from '~/models/loads/load-status.server'
import { seesOwnLoadsOnly } from '~/policies/load'
import { requireActor } from '~/requests/actor.server'
import { intent, intentAction, type Refusal, refusalText } from '~/requests/forms.server'
import { requirePermission } from '~/requests/session.server'
import { BOARD_STATUSES } from '~/schemas/kanban-options'
import { LoadStatusMoveSchema } from '~/schemas/load'
import { can } from '~/utils/permissions'
import { createToastHeaders, redirectWithToast, type ToastInput } from '~/utils/toast.server'

import type { Route } from './+types/kanban'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['kanban', 'loads'] }

const BOARD = href('/dashboard/kanban')

/**
 * The dispatch board: one column per status from booked to delivered, each with its most relevant
 * loads (bounded, see loadBoard) and its total. Drivers have their own list instead of the board.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'load')
  if (seesOwnLoadsOnly(user.role)) throw redirect(href('/dashboard/loads/mine'))
  const t = getInstance(context).t
  const { timeZone, columns } = await loadBoard(user.organizationId)
  return {
    // The specification's board shape; `total`/`totalCapped` say how many loads a column holds beyond its cards.
    board: {
      columns: Object.fromEntries(
        columns.map((column) => [
          column.status,
          {
            id: column.status,
            name: t(`loads.status.${column.status}`),
            cardIds: column.cards.map((card) => card.id),
            total: column.total,
            totalCapped: column.totalCapped,
          },
        ]),
      ),
      columnOrder: [...BOARD_STATUSES],
      cards: Object.fromEntries(columns.flatMap((column) => column.cards.map((card) => [card.id, card]))),
    },
    timeZone,
    canMove: can(user.role, 'update', 'load'),
  }
}

/**
 * A move from the board: the "Move to" form (a plain POST, answered with a redirect and a flashed
 * toast) or a drop (a fetcher, `via=drag`: answered with data and the same toast, so the page does
 * not navigate). The model checks the transition, the dispatch rules and the version; a refusal is
 * a toast with its translated reasons, never an error page, and writes nothing.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireActor(request, 'update', 'load')
  const t = getInstance(context).t
  const form = await request.formData()
  const dragged = form.get('via') === 'drag'
  // A drop's answer is data (the refusal itself when refused) with the toast: 200 either way, as after
  // a 4xx the router would not reload the root loader, which shows the toast.
  const answer = async (body: Refusal | { ok: true }, toast: ToastInput) =>
    dragged ? data(body, { headers: await createToastHeaders(toast) }) : redirectWithToast(BOARD, toast)
  return intentAction(
    form,
    t,
    {
      move: intent({
        schema: LoadStatusMoveSchema,
        run: (move) => moveLoad(actor, String(form.get('loadId') ?? ''), move),
        done: (load) =>
          answer(
            { ok: true },
            {
              type: load.status === 'canceled' ? 'warning' : 'success',
              title: t('loads.toast.moved', { number: load.loadNumber, status: t(`loads.status.${load.status}`) }),
            },
          ),
        // A card that is gone (deleted meanwhile) is a refused move, not the 404 page.
        gone: true,
      }),
    },
    // The board's refusal is a toast with its reasons, never an error page, and writes nothing.
    { refused: (refused) => answer(refused, { type: 'error', title: t('kanban.toast.notMoved'), description: refusalText(refused) }) },
  )
}

export default function Kanban({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  return (
    <>
      <PageHeader
        title={t('kanban.title')}
        description={loaderData.canMove ? t('kanban.description') : t('kanban.readOnly')}
        crumbs={[
          { label: t('nav.dashboard'), to: href('/dashboard/app') },
          { label: t('nav.loads'), to: href('/dashboard/loads/list') },
          { label: t('kanban.title') },
        ]}
        action={
          <ButtonLink to={href('/dashboard/loads/list')} variant="secondary">
            <Icon name="package" size={18} />
            {t('kanban.allLoads')}
          </ButtonLink>
        }
      />
      <KanbanBoard board={loaderData.board} timeZone={loaderData.timeZone} canMove={loaderData.canMove} />
    </>
  )
}
