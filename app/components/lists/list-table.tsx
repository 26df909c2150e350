import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { ConfirmDelete, type ConfirmDeleteProps } from '~/components/ui/confirm-dialog'
import { Icon } from '~/components/ui/icons'
import { cn } from '~/utils/cn'

// Opaque, so the sticky actions cell of a marked row matches the rest of it.
const changedRowBg = 'bg-warning-lighter dark:bg-[color-mix(in_srgb,var(--warning-main)_15%,var(--surface))]'
// A hairline on the start side of the sticky actions column shows that cells scroll beneath it.
const stickyEdge = 'shadow-[-1px_0_0_var(--line)] rtl:shadow-[1px_0_0_var(--line)]'

/**
 * Every list's table: it scrolls inside its card (so the header stays in view) and the actions
 * column sticks to the end edge, so actions stay reachable on a narrow screen in any language.
 */
export function ListTable({ testId, head, children }: { testId: string; head: ReactNode; children: ReactNode }) {
  const { t } = useTranslation()
  return (
    <div className="relative max-h-[calc(100dvh-14rem)] overflow-auto" data-testid={`${testId}-scroll`}>
      <table className="w-full text-sm" data-testid={`${testId}-table`}>
        <thead className="sticky top-0 z-10 bg-surface text-muted shadow-[0_1px_0_var(--line)]">
          <tr>
            {head}
            <th scope="col" className={cn('sticky end-0 bg-surface px-3 py-3', stickyEdge)}>
              <span className="sr-only">{t('common.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  )
}

/** A row; the one that just changed (after a save or a refused delete) is marked and announced. */
export function ListRow({ changed, children, actions }: { changed: boolean; children: ReactNode; actions: ReactNode }) {
  return (
    <tr
      aria-current={changed ? 'true' : undefined}
      data-changed={changed ? 'true' : undefined}
      className={cn('group/row border-t border-dashed border-line', changed ? changedRowBg : 'hover:bg-black/[0.02] dark:hover:bg-white/[0.02]')}
    >
      {children}
      <td className={cn('sticky end-0 px-2 py-2', stickyEdge, changed ? changedRowBg : 'bg-surface')}>
        <div className="flex justify-end gap-1" data-testid="row-actions">
          {actions}
        </div>
      </td>
    </tr>
  )
}

/** Edit and delete for one row, each only when the role may. */
export function RowActions({ edit, remove }: { edit?: { href: string; label: string }; remove?: ConfirmDeleteProps }) {
  const { t } = useTranslation()
  return (
    <>
      {edit ? (
        <Link
          to={edit.href}
          className="grid size-9 place-items-center rounded-full text-muted hover:bg-black/5 dark:hover:bg-white/10"
          aria-label={edit.label}
          title={t('common.edit')}
        >
          <Icon name="edit" size={18} />
        </Link>
      ) : null}
      {remove ? <ConfirmDelete {...remove} /> : null}
    </>
  )
}
