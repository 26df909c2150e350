import { href, Link } from 'react-router'

import { PostCard, type PostSummary } from '~/components/bulletins/post-parts'
import { PageHeader } from '~/components/layout/page-header'
import { ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Icon } from '~/components/ui/icons'
import { EmptyState } from '~/components/ui/list-controls'
import { useTranslation } from '~/hooks/use-translation'
import { postOverview, type PostRow } from '~/models/bulletins/post.server'
import { mustAcknowledge, readsDrafts } from '~/policies/post'
import { requirePermission } from '~/requests/session.server'
import { formatNumber } from '~/utils/format'
import { can } from '~/utils/permissions'

import type { Route } from './+types/index'

export const handle = { i18n: ['bulletins'] }

function summary(post: PostRow): PostSummary {
  return {
    id: post.id,
    title: post.title,
    description: post.description,
    status: post.status,
    publishedAt: post.publishedAt?.toISOString() ?? null,
    requiresAcknowledgment: post.requiresAcknowledgment,
    acknowledgedByMe: post.acknowledgments.length > 0,
    tags: post.tags,
    commentsCount: post._count.comments,
    coverUrl: post.coverStorageKey ? href('/dashboard/blog/post/:id/cover', { id: post.id }) : null,
  }
}

/**
 * /dashboard/blog, the specification's blog overview as bulletins: what the reader has still to
 * acknowledge first, then the latest published posts, and the counts.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'post')
  const overview = await postOverview(user)
  const acknowledges = mustAcknowledge(user.role)
  return {
    counts: overview.counts,
    // Those who write bulletins are not asked to acknowledge them (app/policies/post.ts).
    pending: acknowledges ? overview.pending.map(summary) : [],
    latest: overview.latest.map(summary),
    drafts: readsDrafts(user.role),
    acknowledges,
    canCreate: can(user.role, 'create', 'post'),
  }
}

function Stat({ label, value, to, testId }: { label: string; value: number; to: string; testId: string }) {
  const { i18n } = useTranslation()
  return (
    <Card className="p-3 sm:p-5">
      <Link to={to} className="block hover:underline" data-testid={testId}>
        <span className="block text-2xl font-bold tabular-nums sm:text-3xl">{formatNumber(i18n.language, value)}</span>
        <span className="block text-xs leading-snug text-muted sm:text-sm">{label}</span>
      </Link>
    </Card>
  )
}

export default function BulletinsOverview({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { counts, pending, latest } = loaderData
  const list = href('/dashboard/blog/posts')
  return (
    <>
      <PageHeader
        title={t('bulletins.title')}
        crumbs={[{ label: t('nav.dashboard'), to: href('/dashboard/app') }, { label: t('nav.bulletins') }]}
        action={
          <div className="flex flex-wrap gap-2">
            <ButtonLink to={list} variant="secondary">
              {t('bulletins.overview.all')}
            </ButtonLink>
            {loaderData.canCreate ? (
              <ButtonLink to={href('/dashboard/blog/new')}>
                <Icon name="plus" size={18} />
                {t('bulletins.list.new')}
              </ButtonLink>
            ) : null}
          </div>
        }
      />
      <div className="space-y-8">
        {/* Three figures for everyone: drafts for those who write, what is theirs to acknowledge for the others. */}
        <div className="grid grid-cols-3 gap-2 sm:gap-4">
          <Stat label={t('bulletins.overview.published')} value={counts.published} to={`${list}?status=published`} testId="stat-published" />
          <Stat label={t('bulletins.overview.requiring')} value={counts.requiring} to={`${list}?acknowledgment=required`} testId="stat-requiring" />
          {loaderData.acknowledges ? (
            <Stat label={t('bulletins.overview.pending')} value={counts.pending} to={`${list}?acknowledgment=pending`} testId="stat-pending" />
          ) : null}
          {loaderData.drafts ? <Stat label={t('bulletins.overview.drafts')} value={counts.drafts} to={`${list}?status=draft`} testId="stat-drafts" /> : null}
        </div>

        {pending.length ? (
          <section aria-labelledby="to-acknowledge" className="space-y-3" data-testid="overview-pending">
            <h2 id="to-acknowledge" className="flex items-center gap-2 text-lg font-bold">
              <Icon name="alert" size={20} />
              {t('bulletins.overview.toAcknowledge')}
            </h2>
            <p className="text-sm text-muted">{t('bulletins.overview.toAcknowledgeHint')}</p>
            <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {pending.map((post) => (
                <PostCard key={post.id} post={post} acknowledges={loaderData.acknowledges} to={href('/dashboard/blog/post/:id', { id: post.id })} />
              ))}
            </div>
          </section>
        ) : loaderData.acknowledges && counts.requiring ? (
          <p className="flex items-center gap-2 text-sm font-semibold text-success-dark dark:text-success-light" data-testid="overview-all-read">
            <Icon name="check" size={18} />
            {t('bulletins.overview.allAcknowledged')}
          </p>
        ) : null}

        <section aria-labelledby="latest" className="space-y-3">
          <h2 id="latest" className="text-lg font-bold">
            {t('bulletins.overview.latest')}
          </h2>
          {latest.length ? (
            <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="overview-latest">
              {latest.map((post) => (
                <PostCard key={post.id} post={post} acknowledges={loaderData.acknowledges} to={href('/dashboard/blog/post/:id', { id: post.id })} />
              ))}
            </div>
          ) : (
            <Card>
              <EmptyState
                title={t('bulletins.overview.emptyTitle')}
                description={t('bulletins.overview.empty')}
                action={loaderData.canCreate ? <ButtonLink to={href('/dashboard/blog/new')}>{t('bulletins.list.new')}</ButtonLink> : undefined}
              />
            </Card>
          )}
        </section>
      </div>
    </>
  )
}
