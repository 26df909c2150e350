import type { ReactNode } from 'react'
import { useTranslation } from '~/utils/use-translation'
import { Link } from 'react-router'
import { Icon } from '~/components/ui/icons'

export type Crumb = { label: string; to?: string }

export function Breadcrumbs({ items }: { items: Crumb[] }) {
  const { t } = useTranslation()
  return (
    <nav aria-label={t('common.breadcrumbs')}>
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        {items.map((item, index) => (
          <li key={`${item.label}-${index}`} className="flex items-center gap-2">
            {index > 0 ? <Icon name="chevronRight" size={14} className="fd-flip-rtl text-muted" /> : null}
            {item.to && index < items.length - 1 ? (
              <Link to={item.to} className="text-ink hover:underline">
                {item.label}
              </Link>
            ) : (
              <span className="text-muted" aria-current={index === items.length - 1 ? 'page' : undefined}>
                {item.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  )
}

export function PageHeader({ title, crumbs, action, description }: { title: string; crumbs: Crumb[]; action?: ReactNode; description?: string }) {
  return (
    <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
      <title>{`${title} | Freightdesk`}</title>
      <div className="min-w-0">
        <h1 className="text-2xl font-bold">{title}</h1>
        {description ? <p className="mt-1 text-sm text-muted">{description}</p> : null}
        <div className="mt-2">
          <Breadcrumbs items={crumbs} />
        </div>
      </div>
      {action ? <div className="flex shrink-0 gap-2">{action}</div> : null}
    </div>
  )
}
