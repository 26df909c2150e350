import type { ReactNode } from 'react'

import { ConfirmDelete } from '~/components/ui/confirm-dialog'
import { LinkArea } from '~/components/ui/link-area'
import { useTranslation } from '~/hooks/use-translation'
import { withReturnTo } from '~/utils/list-return'

// Opaque, so the sticky actions cell of a marked row matches the rest of it.
const changedRowBg = 'bg-warning-lighter dark:bg-[color-mix(in_srgb,var(--warning-main)_15%,var(--surface))]'

/**
 * Every list's table: it scrolls inside its card (so the header stays in view) and the actions
 * column sticks to the end edge, so actions stay reachable on a narrow screen in any language.
 */
export function ListTable({ testId, head, children }: { testId: string; head: ReactNode; children: ReactNode }) {
  const { t } = useTranslation()
  return (
    <div className="relative max-h-[calc(100dvh-14rem)] overflow-auto" data-testid={`${testId}-scroll`}>
      {/* .fd-table pads every cell (app/app.css); a cell's own utilities still win. Its links are
          plain anchors, followed in the app by one delegated handler (see useLinkDelegation). */}
      <LinkArea as="table" className="fd-table w-full text-sm" data-testid={`${testId}-table`}>
        <thead className="sticky top-0 z-10 bg-surface text-muted shadow-[0_1px_0_var(--line)]">
          <tr>
            {head}
            {/* The last column is the row actions' (styled by .fd-table, app/app.css). */}
            <th scope="col">
              <span className="sr-only">{t('common.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </LinkArea>
    </div>
  )
}

/** A row; the one that just changed (after a save or a refused delete) is marked and announced. */
export function ListRow({ changed, children, actions }: { changed: boolean; children: ReactNode; actions: ReactNode }) {
  return (
    <tr aria-current={changed ? 'true' : undefined} data-changed={changed ? 'true' : undefined} className={changed ? changedRowBg : undefined}>
      {children}
      <td className={changed ? changedRowBg : undefined}>{actions}</td>
    </tr>
  )
}

/**
 * Edit and delete for one row, each only when the role may (`false` otherwise). Both come back
 * to the list as the user left it (`returnTo`); delete confirms in a dialog with JavaScript and
 * on the route's own page without, and sends the version the user saw.
 */
export function RowActions({
  returnTo,
  edit,
  remove,
}: {
  returnTo: string
  edit?: false | { path: string; label: string }
  remove?: false | { path: string; version: number; label: string; title: string; description: string }
}) {
  return (
    <>
      {edit ? (
        // The title is the link's name and its tooltip; the icon is the link's own (.fd-icon-button).
        <a href={withReturnTo(edit.path, returnTo)} className="fd-icon-button fd-i-edit" title={edit.label} />
      ) : null}
      {remove ? (
        <ConfirmDelete
          action={remove.path}
          fallbackHref={withReturnTo(remove.path, returnTo)}
          title={remove.title}
          description={remove.description}
          hidden={{ version: remove.version, returnTo }}
          triggerLabel={remove.label}
        />
      ) : null}
    </>
  )
}
