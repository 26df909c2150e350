import type { i18n as I18n } from 'i18next'
import { href, Link, useLocation } from 'react-router'

import { PageHeader } from '~/components/layout/page-header'
import { ListToolbar } from '~/components/lists/list-toolbar'
import { Badge } from '~/components/ui/badge'
import { ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { EmptyState, Pagination } from '~/components/ui/list-controls'
import { useTranslation } from '~/hooks/use-translation'
import { getInstance } from '~/middleware/i18next'
import { listAuditEvents, listAuditUsers } from '~/models/audit/audit-log.server'
import { redirectPastLastPage } from '~/requests/list-page.server'
import { requirePermission } from '~/requests/session.server'
import { AuditListQuerySchema } from '~/schemas/audit'
import { AUDIT_ACTION_TONE, AUDIT_ACTIONS, AUDIT_ENTITIES } from '~/schemas/audit-options'
import { PAGE_SIZES } from '~/schemas/list-options'
import { parseListQuery } from '~/schemas/list-query'
import { formatDateTime, formatMoney, formatNumber } from '~/utils/format'

import type { Route } from './+types/audit'

export const handle = { i18n: ['audit'] }

/** Where a record of each entity is shown (entities without a page show their name only). */
const RECORD_PAGES: Record<string, (id: string) => string> = {
  truck: (id) => href('/dashboard/trucks/:id', { id }),
  trailer: (id) => href('/dashboard/trailers/:id', { id }),
  broker: (id) => href('/dashboard/brokers/:id', { id }),
  company: (id) => href('/dashboard/companies/:id', { id }),
  customField: (id) => href('/dashboard/customfields/:id/edit', { id }),
  user: (id) => href('/dashboard/user/:id/edit', { id }),
  load: (id) => href('/dashboard/loads/:id', { id }),
  invoice: (id) => href('/dashboard/invoice/:id', { id }),
  settlement: (id) => href('/dashboard/settlements/:id', { id }),
  product: (id) => href('/dashboard/e-commerce/product/:id', { id }),
  post: (id) => href('/dashboard/blog/post/:id', { id }),
  storeOrder: (id) => href('/dashboard/e-commerce/orders/:id', { id }),
  calendarEvent: (id) => href('/dashboard/calendar/events/:id', { id }),
  quoteRequest: (id) => href('/dashboard/booking/:id', { id }),
  organization: () => href('/dashboard/organization'),
}

/** Where an entity's own strings are (`loads.status.in_transit`, `brokers.fields.mcNumber`). */
const NAMESPACES: Partial<Record<string, string>> = {
  organization: 'organization',
  truck: 'trucks',
  trailer: 'trailers',
  broker: 'brokers',
  company: 'companies',
  user: 'users',
  customField: 'customFields',
  load: 'loads',
  invoice: 'invoices',
  settlement: 'settlements',
  factoring: 'factoring',
  product: 'products',
  storeOrder: 'checkout',
  calendarEvent: 'calendar',
  quoteRequest: 'quotes',
}

/** A recorded field's name in the page's language: the entity's own, the shared one, or the audit's; else as stored. */
function fieldName(i18n: I18n, entity: string, field: string) {
  const own = NAMESPACES[entity]
  const plain = field.replace(/Cents$/, '')
  const keys = [...(own ? [`${own}.fields.${field}`, `${own}.fields.${plain}`] : []), `fields.${field}`, `audit.fields.${field}`]
  const key = keys.find((candidate) => i18n.exists(candidate))
  return key ? i18n.t(key) : field
}

type Shown = { text: string; raw: boolean } | null

/** Where the labels of an enum field are when the entity's own strings do not have them (`role` → `roles.dispatcher`). */
const ENUM_LABELS: Partial<Record<string, string>> = {
  role: 'roles',
  scope: 'users.account.apiKeys.scopes',
  listName: 'customFields.lists',
  type: 'customFields.types',
  equipmentType: 'trailers.type',
}

/** An enum value's label (`dispatcher` → "Dispatcher", `read_write` → "Read and write"): the entity's own (`trucks.status.…`), else the field's. */
function enumLabel(i18n: I18n, entity: string, field: string, value: string) {
  if (!/^[a-z][a-z0-9_]*$/i.test(value)) return null
  const own = NAMESPACES[entity]
  const prefixes = [...(own ? [`${own}.${field}`] : []), ENUM_LABELS[field]].filter(Boolean)
  const key = prefixes
    .map((prefix) => `${prefix}.${value}`)
    .find((candidate) => i18n.exists(candidate) && typeof i18n.t(candidate, { returnObjects: true }) === 'string')
  return key ? i18n.t(key) : null
}

/**
 * A recorded value as people read it, in the page's language: an amount in cents as money, a
 * status by its name, a time on the organization's clock, a list of ids by how many; anything
 * else as stored (`raw`: shown as code). Nothing is null (a dash).
 */
function shownValue(i18n: I18n, timeZone: string, entity: string, field: string, value: unknown): Shown {
  if (value === null || value === undefined || value === '') return null
  const words = (text: string) => ({ text, raw: false })
  if ((field.endsWith('Cents') || field === 'payment') && typeof value === 'number') return words(formatMoney(i18n.language, value))
  if (field.endsWith('At') && typeof value === 'string' && !Number.isNaN(Date.parse(value))) return words(formatDateTime(i18n.language, value, timeZone))
  if (field.endsWith('Ids') && Array.isArray(value)) return words(formatNumber(i18n.language, value.length))
  const label = typeof value === 'string' ? enumLabel(i18n, entity, field, value) : null
  if (label) return words(label)
  return { text: typeof value === 'string' ? value : JSON.stringify(value), raw: true }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'audit')
  const url = new URL(request.url)
  const query = parseListQuery(AuditListQuerySchema, url.searchParams)
  const [result, users] = await Promise.all([listAuditEvents(user.organizationId, query), listAuditUsers(user.organizationId)])
  redirectPastLastPage(url, query, result.total)
  // Values are put in words here, with every namespace at hand (the page's strings are `audit`'s only).
  const i18n = getInstance(context)
  const items = result.items.map((event) => ({
    ...event,
    changes: event.changes.map((change) => ({
      field: change.field,
      label: fieldName(i18n, event.entity, change.field),
      before: shownValue(i18n, result.timeZone, event.entity, change.field, change.before),
      after: shownValue(i18n, result.timeZone, event.entity, change.field, change.after),
    })),
  }))
  return { query, users, ...result, items }
}

/** A value as `shownValue` put it; nothing as a dash. */
function ValueText({ value }: { value: Shown }) {
  if (!value) return <span className="text-muted">—</span>
  return value.raw ? <bdi className="font-mono text-xs [overflow-wrap:anywhere]">{value.text}</bdi> : <bdi>{value.text}</bdi>
}

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { pathname } = useLocation()
  const { query, items, total, users, timeZone } = loaderData
  const filtered = Boolean(query.entity || query.entityId || query.userId || query.action || query.from || query.to)

  return (
    <>
      <PageHeader
        title={t('audit.title')}
        description={t('audit.description', { timeZone })}
        crumbs={[{ label: t('nav.dashboard'), to: href('/dashboard/app') }, { label: t('audit.title') }]}
      />
      <Card className="overflow-hidden">
        <ListToolbar
          query={query}
          filtered={Boolean(query.entityId)}
          dates={{ from: query.from, to: query.to, fromLabel: t('audit.from'), toLabel: t('audit.to') }}
          filters={[
            {
              name: 'entity',
              label: t('audit.entity'),
              value: query.entity,
              options: AUDIT_ENTITIES.map((value) => ({ value, label: t(`audit.entities.${value}`) })),
            },
            {
              name: 'action',
              label: t('audit.action'),
              value: query.action,
              options: AUDIT_ACTIONS.map((value) => ({ value, label: t(`audit.actions.${value}`) })),
            },
            {
              name: 'userId',
              label: t('audit.user'),
              value: query.userId,
              options: users.map((user) => ({ value: user.id, label: `${user.firstName} ${user.lastName}` })),
            },
          ]}
        >
          {query.entityId ? <input type="hidden" name="entityId" value={query.entityId} /> : null}
        </ListToolbar>

        {items.length === 0 ? (
          filtered ? (
            <EmptyState
              title={t('audit.noMatchTitle')}
              description={t('audit.noMatch')}
              action={
                <ButtonLink to={pathname} variant="secondary">
                  {t('list.clear')}
                </ButtonLink>
              }
            />
          ) : (
            <EmptyState title={t('audit.emptyTitle')} description={t('audit.empty')} />
          )
        ) : (
          <ol data-testid="audit-events">
            {items.map((event) => {
              const page = event.recordExists ? RECORD_PAGES[event.entity] : undefined
              const name = event.recordName ?? event.entityId
              return (
                <li key={event.id} className="border-t border-dashed border-line px-4 py-4 sm:px-5" data-testid="audit-event">
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                    <time dateTime={event.at} className="font-semibold whitespace-nowrap tabular-nums">
                      {formatDateTime(i18n.language, event.at, timeZone)}
                    </time>
                    <Badge tone={AUDIT_ACTION_TONE[event.action]}>{t(`audit.actions.${event.action}`)}</Badge>
                    <span>
                      {i18n.exists(`audit.entities.${event.entity}`) ? t(`audit.entities.${event.entity}`) : event.entity}{' '}
                      {page ? (
                        <Link to={page(event.entityId)} className="font-semibold text-primary-dark hover:underline dark:text-primary-light">
                          <bdi>{name}</bdi>
                        </Link>
                      ) : (
                        <bdi className="font-semibold">{name}</bdi>
                      )}
                    </span>
                    <span className="text-muted">{event.user ? t('audit.by', { name: event.user.name }) : t('audit.bySystem')}</span>
                    {event.ip ? <span className="font-mono text-xs text-muted">{event.ip}</span> : null}
                  </div>
                  {event.changes.length ? (
                    <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[minmax(8rem,max-content)_1fr]">
                      {event.changes.map((change) => (
                        <div key={change.field} className="contents">
                          <dt className="text-muted">{change.label}</dt>
                          <dd className="flex flex-wrap items-center gap-2">
                            {event.action === 'create' ? null : (
                              <>
                                <span className="sr-only">{t('audit.before')}</span>
                                <del className="no-underline opacity-70">
                                  <ValueText value={change.before} />
                                </del>
                                <span aria-hidden="true" className="inline-block text-muted rtl:rotate-180">
                                  →
                                </span>
                              </>
                            )}
                            {event.action === 'delete' ? null : (
                              <>
                                <span className="sr-only">{t('audit.after')}</span>
                                <ins className="no-underline">
                                  <ValueText value={change.after} />
                                </ins>
                              </>
                            )}
                          </dd>
                        </div>
                      ))}
                    </dl>
                  ) : (
                    <p className="mt-2 text-sm text-muted">{t('audit.noFieldChanges')}</p>
                  )}
                </li>
              )
            })}
          </ol>
        )}
        <Pagination total={total} page={query.page} pageSize={query.pageSize} pageSizes={PAGE_SIZES} />
      </Card>
    </>
  )
}
