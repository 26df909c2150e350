import type { ReactNode } from 'react'

import { BidiText } from '~/components/ui/bidi-text'
import { LinkArea } from '~/components/ui/link-area'
import { useTranslation } from '~/hooks/use-translation'

export type Crumb = { label: string; to?: string }

export function Breadcrumbs({ items }: { items: Crumb[] }) {
  const { t } = useTranslation()
  return (
    <LinkArea as="nav" aria-label={t('common.breadcrumbs')}>
      {/* The chevrons between crumbs are the stylesheet's (.fd-crumbs, app/app.css); the links
          are plain anchors, followed in the app by one delegated handler (useLinkDelegation). */}
      <ol className="fd-crumbs fd-i-chevronRight">
        {items.map((item, index) => (
          <li key={`${item.label}-${index}`}>
            {item.to && index < items.length - 1 ? (
              <a href={item.to} className="text-ink hover:underline">
                <BidiText text={item.label} />
              </a>
            ) : (
              <span className="text-muted" aria-current={index === items.length - 1 ? 'page' : undefined}>
                <BidiText text={item.label} />
              </span>
            )}
          </li>
        ))}
      </ol>
    </LinkArea>
  )
}

export function PageHeader({ title, crumbs, action, description }: { title: string; crumbs: Crumb[]; action?: ReactNode; description?: string }) {
  return (
    <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
      <title>{`${title.replace(/[\u2068\u2069]/g, '')} | Freightdesk`}</title>
      <div className="min-w-0">
        {/* Data in the title (a quarter, a number) marked with isolate() keeps its own direction. */}
        <h1 className="text-2xl font-bold">
          <BidiText text={title} />
        </h1>
        {description ? <p className="mt-1 text-sm text-muted">{description}</p> : null}
        <div className="mt-2">
          <Breadcrumbs items={crumbs} />
        </div>
      </div>
      {action ? <div className="flex shrink-0 gap-2">{action}</div> : null}
    </div>
  )
}
