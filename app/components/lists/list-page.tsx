import type { ReactNode } from 'react'
import { href } from 'react-router'

import { PageHeader } from '~/components/layout/page-header'
import { ButtonLink } from '~/components/ui/button'
import { Icon } from '~/components/ui/icons'
import { EmptyState } from '~/components/ui/list-controls'
import { useTranslation } from '~/hooks/use-translation'

/** A list page's header: its title, the way back to the dashboard, and New (and Import, ADR 108) for those who may. */
export function ListHeader(props: { title: string; listLabel: string; list: string; newHref?: string | false; newLabel: string; importHref?: string | false }) {
  const { t } = useTranslation()
  return (
    <PageHeader
      title={props.title}
      crumbs={[{ label: t('nav.dashboard'), to: href('/dashboard/app') }, { label: props.listLabel, to: props.list }, { label: t('nav.list') }]}
      action={
        props.newHref ? (
          <div className="flex flex-wrap gap-2">
            {props.importHref ? (
              <ButtonLink to={props.importHref} variant="secondary">
                {t('list.import')}
              </ButtonLink>
            ) : null}
            <ButtonLink to={props.newHref}>
              <Icon name="plus" size={18} />
              {props.newLabel}
            </ButtonLink>
          </div>
        ) : null
      }
    />
  )
}

/**
 * What a list shows without rows: when a search, a filter or a page past the end hides them, a
 * way to clear it (back to `clearTo`); when there are none yet, what to do first.
 */
export function ListEmpty(props: {
  /** A search, filter or page is in effect. */
  narrowed: boolean
  clearTo: string
  noMatch: { title: string; description: string }
  empty: { title: string; description: string; action?: ReactNode }
}) {
  const { t } = useTranslation()
  if (props.narrowed) {
    const clear = (
      <ButtonLink to={props.clearTo} variant="secondary">
        {t('list.clear')}
      </ButtonLink>
    )
    return <EmptyState title={props.noMatch.title} description={props.noMatch.description} action={clear} />
  }
  return <EmptyState {...props.empty} />
}
