import { href, Link, useLocation } from 'react-router'

import { PageHeader } from '~/components/layout/page-header'
import { ListToolbar } from '~/components/lists/list-toolbar'
import { Badge } from '~/components/ui/badge'
import { ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Icon } from '~/components/ui/icons'
import { EmptyState, Pagination } from '~/components/ui/list-controls'
import { Avatar } from '~/components/users/avatar'
import { userListFilters } from '~/components/users/user-filters'
import { useTranslation } from '~/hooks/use-translation'
import { listUsers } from '~/models/users/user.server'
import { redirectPastLastPage } from '~/requests/list-page.server'
import { requirePermission } from '~/requests/session.server'
import { parseListQuery } from '~/schemas/list-query'
import { UserListQuerySchema } from '~/schemas/user'
import { USER_STATUS_META } from '~/schemas/user-options'

import type { Route } from './+types/cards'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['users'] }

/** Cards come in rows of 1–4: page sizes that fill them. */
const CARD_PAGE_SIZES = [12, 24, 48] as const

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'user')
  const url = new URL(request.url)
  const parsed = parseListQuery(UserListQuerySchema, url.searchParams)
  const pageSize = (CARD_PAGE_SIZES as readonly number[]).includes(Number(url.searchParams.get('pageSize'))) ? Number(url.searchParams.get('pageSize')) : 12
  const query = { ...parsed, pageSize }
  const result = await listUsers(user.organizationId, query)
  redirectPastLastPage(url, query, result.total)
  return {
    query,
    total: result.total,
    users: result.items.map((record) => ({
      id: record.id,
      firstName: record.firstName,
      lastName: record.lastName,
      email: record.email,
      avatarUrl: record.avatarUrl,
      role: record.role,
      status: record.status,
      company: record.company?.name ?? null,
    })),
  }
}

export default function UserCards({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { pathname, search } = useLocation()
  const { query, users, total } = loaderData
  const returnTo = `${href('/dashboard/user/list')}${search}`
  return (
    <>
      <PageHeader
        title={t('users.cards.title')}
        crumbs={[
          { label: t('nav.dashboard'), to: href('/dashboard/app') },
          { label: t('nav.users'), to: href('/dashboard/user/list') },
          { label: t('nav.cards') },
        ]}
        action={
          <ButtonLink to={href('/dashboard/user/new')}>
            <Icon name="plus" size={18} />
            {t('users.list.new')}
          </ButtonLink>
        }
      />
      <Card className="mb-6 overflow-hidden">
        <ListToolbar
          query={query}
          searchLabel={t('users.list.search')}
          searchPlaceholder={t('users.list.searchPlaceholder')}
          filters={userListFilters(t, query)}
        />
      </Card>
      {users.length === 0 ? (
        <Card>
          <EmptyState
            title={t('users.list.noMatchTitle')}
            description={t('users.list.noMatch')}
            action={
              <ButtonLink to={pathname} variant="secondary">
                {t('list.clear')}
              </ButtonLink>
            }
          />
        </Card>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" data-testid="user-cards">
          {users.map((user) => (
            <li key={user.id}>
              <Card className="flex h-full flex-col items-center p-6 text-center">
                <Avatar user={user} size={72} />
                <h2 className="mt-4 text-base font-bold break-words">
                  <Link to={`${href('/dashboard/user/:id/edit', { id: user.id })}?returnTo=${encodeURIComponent(returnTo)}`} className="hover:underline">
                    {user.firstName} {user.lastName}
                  </Link>
                </h2>
                <p className="mt-0.5 text-sm break-all text-muted">{user.email}</p>
                <div className="mt-3 flex flex-wrap justify-center gap-2">
                  <Badge>{t(`roles.${user.role}`)}</Badge>
                  <Badge tone={USER_STATUS_META[user.status].tone}>{t(`users.status.${user.status}`)}</Badge>
                </div>
                {user.company ? <p className="mt-3 text-xs text-muted">{user.company}</p> : null}
              </Card>
            </li>
          ))}
        </ul>
      )}
      {total > 0 ? (
        <Card className="mt-6 overflow-hidden">
          <Pagination total={total} page={query.page} pageSize={query.pageSize} pageSizes={CARD_PAGE_SIZES} />
        </Card>
      ) : null}
    </>
  )
}
