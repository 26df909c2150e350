import { Link } from 'react-router'

import { Badge } from '~/components/ui/badge'
import { Card } from '~/components/ui/card'
import { Icon } from '~/components/ui/icons'
import { useTimeZone } from '~/hooks/use-time-zone'
import { useTranslation } from '~/hooks/use-translation'
import { POST_STATUS_META, type PostStatus } from '~/schemas/post-options'
import { formatZonedDate } from '~/utils/format'

export function PostStatusBadge({ status }: { status: PostStatus }) {
  const { t } = useTranslation()
  return <Badge tone={POST_STATUS_META[status].tone}>{t(`bulletins.status.${status}`)}</Badge>
}

/**
 * Whether the reader still has to acknowledge the post, or did; for those who write posts (not
 * asked to acknowledge), that it asks readers to. Nothing for a post that does not ask.
 */
export function AcknowledgmentBadge({
  post,
  acknowledges,
}: {
  post: { requiresAcknowledgment: boolean; acknowledgedByMe: boolean; status: PostStatus }
  acknowledges: boolean
}) {
  const { t } = useTranslation()
  if (!post.requiresAcknowledgment) return null
  if (!acknowledges || post.status !== 'published') return <Badge tone="info">{t('bulletins.fields.requiresAcknowledgment')}</Badge>
  return post.acknowledgedByMe ? <Badge tone="success">{t('bulletins.ack.done')}</Badge> : <Badge tone="warning">{t('bulletins.ack.required')}</Badge>
}

export function PostTags({ tags }: { tags: string[] }) {
  if (!tags.length) return null
  return (
    <ul className="flex flex-wrap gap-1.5">
      {tags.map((tag) => (
        <li key={tag} className="rounded-full bg-black/5 px-2 py-0.5 text-xs font-semibold text-muted dark:bg-white/10">
          <bdi>#{tag}</bdi>
        </li>
      ))}
    </ul>
  )
}

export type PostSummary = {
  id: string
  title: string
  description: string | null
  status: PostStatus
  publishedAt: string | null
  requiresAcknowledgment: boolean
  acknowledgedByMe: boolean
  tags: string[]
  commentsCount: number
  coverUrl: string | null
}

/** A post in the overview's lists: its cover, title, description, date and where the reader stands. */
export function PostCard({ post, to, acknowledges }: { post: PostSummary; to: string; acknowledges: boolean }) {
  const { t, i18n } = useTranslation()
  const timeZone = useTimeZone()
  return (
    <Card className="flex flex-col overflow-hidden" data-testid="post-card">
      {post.coverUrl ? <img src={post.coverUrl} alt="" className="aspect-[16/7] w-full object-cover" loading="lazy" /> : null}
      <div className="flex flex-1 flex-col gap-2 p-5">
        <div className="flex flex-wrap items-center gap-2">
          {post.status === 'draft' ? <PostStatusBadge status={post.status} /> : null}
          <AcknowledgmentBadge post={post} acknowledges={acknowledges} />
        </div>
        <h3 className="text-base font-bold">
          <Link to={to} className="hover:underline" dir="auto">
            {post.title}
          </Link>
        </h3>
        {post.description ? (
          <p className="line-clamp-3 text-sm text-muted" dir="auto">
            {post.description}
          </p>
        ) : null}
        <div className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-1 pt-2 text-xs text-muted">
          {post.publishedAt ? <span>{formatZonedDate(i18n.language, post.publishedAt, timeZone)}</span> : null}
          <span className="inline-flex items-center gap-1">
            <Icon name="chat" size={14} />
            {t('bulletins.view.commentsCount', { count: post.commentsCount })}
          </span>
        </div>
      </div>
    </Card>
  )
}
