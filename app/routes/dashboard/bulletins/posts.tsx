import { href, Link, useLocation } from 'react-router'

import { AcknowledgmentBadge, PostStatusBadge } from '~/components/bulletins/post-parts'
import { ListHeader } from '~/components/lists/list-page'
import { ListRow, ListTable } from '~/components/lists/list-table'
import { type FilterSelect, ListToolbar } from '~/components/lists/list-toolbar'
import { ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { EmptyState, Pagination, SortHeader } from '~/components/ui/list-controls'
import { useTimeZone } from '~/hooks/use-time-zone'
import { useTranslation } from '~/hooks/use-translation'
import { listPosts, listPostTags } from '~/models/bulletins/post.server'
import { mustAcknowledge, readsDrafts } from '~/policies/post'
import { redirectPastLastPage } from '~/requests/list-page.server'
import { requirePermission } from '~/requests/session.server'
import { PAGE_SIZES } from '~/schemas/list-options'
import { parseListQuery } from '~/schemas/list-query'
import { PostListQuerySchema } from '~/schemas/post'
import { POST_STATUSES } from '~/schemas/post-options'
import { formatZonedDate } from '~/utils/format'
import { can } from '~/utils/permissions'

import type { Route } from './+types/posts'

export const handle = { i18n: ['bulletins'] }

/** /dashboard/blog/posts: every post the reader may see (drafts for those who write), with search, filters, sort and paging; the URL is the state. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'post')
  const url = new URL(request.url)
  const query = parseListQuery(PostListQuerySchema, url.searchParams)
  const [result, tags] = await Promise.all([listPosts(user, query), listPostTags(user)])
  redirectPastLastPage(url, query, result.total)
  return {
    query,
    total: result.total,
    tags,
    drafts: readsDrafts(user.role),
    acknowledges: mustAcknowledge(user.role),
    canCreate: can(user.role, 'create', 'post'),
    posts: result.items.map((post) => ({
      id: post.id,
      title: post.title,
      description: post.description,
      status: post.status,
      tags: post.tags,
      publishedAt: post.publishedAt?.toISOString() ?? null,
      requiresAcknowledgment: post.requiresAcknowledgment,
      acknowledgedByMe: post.acknowledgments.length > 0,
      commentsCount: post._count.comments,
    })),
  }
}

export default function PostList({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const timeZone = useTimeZone()
  const changed = new URLSearchParams(useLocation().search).get('changed')
  const { query, posts, total } = loaderData
  const filtered = Boolean(query.q || query.status || query.tag || query.acknowledgment)
  const sortProps = { sort: query.sort, dir: query.dir }
  const newHref = loaderData.canCreate ? href('/dashboard/blog/new') : false
  const filters: FilterSelect[] = [
    ...(loaderData.drafts
      ? [
          {
            name: 'status',
            label: t('fields.status'),
            value: query.status,
            options: POST_STATUSES.map((value) => ({ value, label: t(`bulletins.status.${value}`) })),
          },
        ]
      : []),
    { name: 'tag', label: t('bulletins.fields.tag'), value: query.tag, options: loaderData.tags.map((value) => ({ value, label: `#${value}` })) },
    {
      name: 'acknowledgment',
      label: t('bulletins.fields.acknowledgment'),
      value: query.acknowledgment,
      options: [
        { value: 'required', label: t('bulletins.list.ackRequired') },
        ...(loaderData.acknowledges ? [{ value: 'pending', label: t('bulletins.list.ackPending') }] : []),
      ],
    },
  ]

  return (
    <>
      <ListHeader
        title={t('bulletins.list.title')}
        listLabel={t('nav.bulletins')}
        list={href('/dashboard/blog')}
        newHref={newHref}
        newLabel={t('bulletins.list.new')}
      />
      <Card className="overflow-hidden">
        <ListToolbar query={query} searchLabel={t('bulletins.list.search')} searchPlaceholder={t('bulletins.list.searchPlaceholder')} filters={filters} />
        {posts.length === 0 ? (
          filtered || query.page > 1 ? (
            <EmptyState title={t('bulletins.list.noMatchTitle')} description={t('bulletins.list.noMatch')} />
          ) : (
            <EmptyState
              title={t('bulletins.list.emptyTitle')}
              description={t('bulletins.list.empty')}
              action={newHref ? <ButtonLink to={newHref}>{t('bulletins.list.new')}</ButtonLink> : undefined}
            />
          )
        ) : (
          <ListTable
            testId="posts"
            head={
              <>
                <SortHeader column="title" label={t('bulletins.fields.title')} {...sortProps} />
                {loaderData.drafts ? (
                  <SortHeader column="status" label={t('fields.status')} {...sortProps} />
                ) : (
                  <th scope="col" className="px-3 py-3 text-start font-semibold">
                    {t('bulletins.fields.acknowledgment')}
                  </th>
                )}
                <th scope="col" className="px-3 py-3 text-start font-semibold">
                  {t('bulletins.fields.tags')}
                </th>
                <SortHeader column="publishedAt" label={t('bulletins.fields.publishedAt')} {...sortProps} />
                <th scope="col" className="px-3 py-3 text-end font-semibold">
                  {t('bulletins.fields.comments')}
                </th>
              </>
            }
          >
            {posts.map((post) => (
              <ListRow key={post.id} changed={post.id === changed} actions={null}>
                <th className="max-w-md min-w-48 !whitespace-normal">
                  <Link to={href('/dashboard/blog/post/:id', { id: post.id })} dir="auto">
                    {post.title}
                  </Link>
                  {post.description ? (
                    <span className="mt-0.5 line-clamp-1 block text-xs font-normal text-muted" dir="auto">
                      {post.description}
                    </span>
                  ) : null}
                </th>
                <td className="whitespace-nowrap">
                  <span className="fd-badges">
                    {loaderData.drafts ? <PostStatusBadge status={post.status} /> : null}
                    <AcknowledgmentBadge post={post} acknowledges={loaderData.acknowledges} />
                  </span>
                </td>
                <td className="min-w-32 text-xs text-muted">{post.tags.map((tag) => `#${tag}`).join(' ')}</td>
                <td className="whitespace-nowrap tabular-nums">{post.publishedAt ? formatZonedDate(i18n.language, post.publishedAt, timeZone) : '—'}</td>
                <td className="fd-num">{post.commentsCount}</td>
              </ListRow>
            ))}
          </ListTable>
        )}
        {total > 0 ? <Pagination total={total} page={query.page} pageSize={query.pageSize} pageSizes={PAGE_SIZES} /> : null}
      </Card>
    </>
  )
}
