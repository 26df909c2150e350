import { useTranslation } from '~/utils/use-translation'
import { Link, href, useLocation } from 'react-router'
import { ListToolbar } from '~/components/lists/list-toolbar'
import { PageHeader } from '~/components/layout/page-header'
import { Badge } from '~/components/ui/badge'
import { ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { inputClass } from '~/components/ui/input-class'
import { EmptyState, Pagination } from '~/components/ui/list-controls'
import { listAuditEvents, listAuditUsers } from '~/models/audit.server'
import { AuditListQuerySchema } from '~/schemas/audit'
import { AUDIT_ACTION_TONE, AUDIT_ACTIONS, AUDIT_ENTITIES } from '~/schemas/audit-options'
import { parseListQuery } from '~/schemas/list-query'
import { PAGE_SIZES } from '~/schemas/list-options'
import { formatDateTime } from '~/utils/format'
import { redirectPastLastPage } from '~/requests/list-page.server'
import { requirePermission } from '~/requests/session.server'
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
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'audit')
  const url = new URL(request.url)
  const query = parseListQuery(AuditListQuerySchema, url.searchParams)
  const [result, users] = await Promise.all([listAuditEvents(user.organizationId, query), listAuditUsers(user.organizationId)])
  redirectPastLastPage(url, query, result.total)
  return { query, users, ...result }
}

/** A recorded value as text: dates and enums as stored, objects as JSON, nothing as a dash. */
function ValueText({ value }: { value: unknown }) {
  if (value === null || value === undefined || value === '') return <span className="text-muted">—</span>
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  return <bdi className="font-mono text-xs [overflow-wrap:anywhere]">{text}</bdi>
}

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { pathname } = useLocation()
  const { query, items, total, users, timeZone } = loaderData
  const filtered = Boolean(query.entity || query.entityId || query.userId || query.action || query.from || query.to)
  const fieldLabel = (field: string) => (i18n.exists(`fields.${field}`) ? t(`fields.${field}`) : field)

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
          filtered={Boolean(query.from || query.to || query.entityId)}
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
          <div className="min-w-36 flex-1">
            <label htmlFor="from" className="fd-label">
              {t('audit.from')}
            </label>
            <input id="from" name="from" type="date" defaultValue={query.from ?? ''} className={inputClass} />
          </div>
          <div className="min-w-36 flex-1">
            <label htmlFor="to" className="fd-label">
              {t('audit.to')}
            </label>
            <input id="to" name="to" type="date" defaultValue={query.to ?? ''} className={inputClass} />
          </div>
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
                          <dt className="text-muted">{fieldLabel(change.field)}</dt>
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
