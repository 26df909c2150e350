import { href, useLocation } from 'react-router'

import { PageHeader } from '~/components/layout/page-header'
import { ListRow, ListTable, RowActions } from '~/components/lists/list-table'
import { ListToolbar } from '~/components/lists/list-toolbar'
import { Badge } from '~/components/ui/badge'
import { ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Icon } from '~/components/ui/icons'
import { EmptyState, Pagination, SortHeader } from '~/components/ui/list-controls'
import { Avatar } from '~/components/users/avatar'
import { userListFilters } from '~/components/users/user-filters'
import { useTimeZone } from '~/hooks/use-time-zone'
import { useTranslation } from '~/hooks/use-translation'
import { complianceOf, startOfToday } from '~/models/organization/compliance.server'
import { listUsers, serializeUser } from '~/models/users/user.server'
import { redirectPastLastPage } from '~/requests/list-page.server'
import { requirePermission } from '~/requests/session.server'
import { PAGE_SIZES } from '~/schemas/list-options'
import { parseListQuery } from '~/schemas/list-query'
import { UserListQuerySchema } from '~/schemas/user'
import { USER_STATUS_META } from '~/schemas/user-options'
import { formatDate, formatZonedDate } from '~/utils/format'
import { listReturnTo, withReturnTo } from '~/utils/list-return'

import type { Route } from './+types/list'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['users'] }

const LIST = href('/dashboard/user/list')

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'user')
  const url = new URL(request.url)
  const query = parseListQuery(UserListQuerySchema, url.searchParams)
  const result = await listUsers(user.organizationId, query)
  redirectPastLastPage(url, query, result.total)
  const today = startOfToday()
  return {
    query,
    total: result.total,
    changed: url.searchParams.get('changed'),
    users: result.items.map((record) => {
      const dto = serializeUser(record)
      return {
        id: dto.id,
        firstName: dto.firstName,
        lastName: dto.lastName,
        email: dto.email,
        phone: dto.phone,
        avatarUrl: dto.avatarUrl,
        role: dto.role,
        status: dto.status,
        company: dto.company?.name ?? null,
        lastLoginAt: dto.lastLoginAt,
        licenseExpiry: dto.driverProfile?.licenseExpiry ?? null,
        license: complianceOf(dto.driverProfile?.licenseExpiry ?? null, today),
      }
    }),
  }
}

export default function UserList({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const timeZone = useTimeZone()
  const { pathname, search } = useLocation()
  const { query, users, total, changed } = loaderData
  const filtered = Boolean(query.q || query.role || query.status)
  const returnTo = listReturnTo(`${pathname}${search}`, LIST)
  const sortProps = { sort: query.sort, dir: query.dir }

  return (
    <>
      <PageHeader
        title={t('users.list.title')}
        crumbs={[{ label: t('nav.dashboard'), to: href('/dashboard/app') }, { label: t('nav.users'), to: LIST }, { label: t('nav.list') }]}
        action={
          <div className="flex flex-wrap gap-2">
            <ButtonLink to={href('/dashboard/user/import')} variant="secondary">
              {t('users.list.importDrivers')}
            </ButtonLink>
            <ButtonLink to={withReturnTo(href('/dashboard/user/new'), returnTo)}>
              <Icon name="plus" size={18} />
              {t('users.list.new')}
            </ButtonLink>
          </div>
        }
      />
      <Card className="overflow-hidden">
        <ListToolbar
          query={query}
          exportHref={`${href('/dashboard/user/export')}${search}`}
          searchLabel={t('users.list.search')}
          searchPlaceholder={t('users.list.searchPlaceholder')}
          filters={userListFilters(t, query)}
        />
        {users.length === 0 ? (
          <EmptyState
            title={t('users.list.noMatchTitle')}
            description={t('users.list.noMatch')}
            action={
              filtered || query.page > 1 ? (
                <ButtonLink to={pathname} variant="secondary">
                  {t('list.clear')}
                </ButtonLink>
              ) : undefined
            }
          />
        ) : (
          <ListTable
            testId="users"
            head={
              <>
                <SortHeader column="name" label={t('users.fields.name')} {...sortProps} />
                <SortHeader column="role" label={t('users.fields.role')} {...sortProps} />
                <SortHeader column="status" label={t('fields.status')} {...sortProps} />
                <th scope="col" className="px-3 py-3 text-start font-semibold">
                  {t('fields.company')}
                </th>
                <th scope="col" className="px-3 py-3 text-start font-semibold">
                  {t('users.fields.phone')}
                </th>
                <SortHeader column="lastLoginAt" label={t('users.fields.lastLoginAt')} {...sortProps} />
              </>
            }
          >
            {users.map((user) => {
              const isChanged = user.id === changed
              const name = `${user.firstName} ${user.lastName}`
              return (
                <ListRow
                  key={user.id}
                  changed={isChanged}
                  actions={
                    <RowActions
                      returnTo={returnTo}
                      edit={{ path: href('/dashboard/user/:id/edit', { id: user.id }), label: t('users.list.editUser', { name }) }}
                    />
                  }
                >
                  <td className="min-w-60">
                    <div className="flex items-center gap-3">
                      <Avatar user={user} size={36} />
                      <div className="min-w-0">
                        <a href={withReturnTo(href('/dashboard/user/:id/edit', { id: user.id }), returnTo)} className="font-semibold hover:underline">
                          {name}
                        </a>
                        {isChanged ? <span className="sr-only"> ({t('users.list.changedRow')})</span> : null}
                        <p className="text-xs break-all text-muted">{user.email}</p>
                      </div>
                    </div>
                  </td>
                  <td className="min-w-36">
                    <span className="whitespace-nowrap">{t(`roles.${user.role}`)}</span>
                    {user.license ? (
                      <span className="mt-1 block">
                        <Badge tone={user.license === 'overdue' ? 'error' : 'warning'} wrap>
                          {t(`users.license.${user.license}`, { date: formatDate(i18n.language, user.licenseExpiry) })}
                        </Badge>
                      </span>
                    ) : null}
                  </td>
                  <td className="whitespace-nowrap">
                    <Badge tone={USER_STATUS_META[user.status].tone}>{t(`users.status.${user.status}`)}</Badge>
                  </td>
                  <td>{user.company ?? <span className="text-muted">—</span>}</td>
                  <td className="whitespace-nowrap">{user.phone ? <bdi>{user.phone}</bdi> : <span className="text-muted">—</span>}</td>
                  <td className="whitespace-nowrap">
                    {user.lastLoginAt ? (
                      formatZonedDate(i18n.language, user.lastLoginAt, timeZone)
                    ) : (
                      <span className="text-muted">{t('users.list.never')}</span>
                    )}
                  </td>
                </ListRow>
              )
            })}
          </ListTable>
        )}
        {total > 0 ? <Pagination total={total} page={query.page} pageSize={query.pageSize} pageSizes={PAGE_SIZES} /> : null}
      </Card>
    </>
  )
}
