import { Form, href, redirect, useNavigation } from 'react-router'

import { AcknowledgmentBadge, PostStatusBadge, PostTags } from '~/components/bulletins/post-parts'
import { RefusalNotice, useRefusal } from '~/components/forms/refusal'
import { PageHeader } from '~/components/layout/page-header'
import { Button, ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { ConfirmDelete } from '~/components/ui/confirm-dialog'
import { ErrorList, inputClass } from '~/components/ui/field'
import { Icon } from '~/components/ui/icons'
import { useTranslation } from '~/hooks/use-translation'
import { getInstance } from '~/middleware/i18next'
import { acknowledgePost, addPostComment, authorName, deletePostComment, getPost, listPostComments, postAcknowledgments } from '~/models/bulletins/post.server'
import { organizationTimeZone } from '~/models/organization/organization.server'
import { canDeleteComment, mustAcknowledge, postOffers } from '~/policies/post'
import { requireActor } from '~/requests/actor.server'
import { intent, intentAction } from '~/requests/forms.server'
import { requirePermission } from '~/requests/session.server'
import { PostAcknowledgeFormSchema, PostCommentDeleteSchema, PostCommentSchema } from '~/schemas/post'
import { MAX_COMMENT_BODY } from '~/schemas/post-options'
import { orNotFound } from '~/utils/errors.server'
import { formatDateTime, formatZonedDate } from '~/utils/format'
import { redirectWithToast } from '~/utils/toast.server'

import type { Route } from './+types/view'

export const handle = { i18n: ['bulletins'] }

/**
 * One bulletin: its cover, title, body, tags, author and date; "I have read this" when it asks for
 * it; for admins who has acknowledged (with the time) and who has not; the comments. A draft is
 * "not found" for those who only read.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'post')
  const post = await orNotFound(getPost(user, params.id))
  const acknowledgedByMe = post.acknowledgments.length > 0
  const offers = postOffers(user, { ...post, acknowledgedByMe, acknowledgmentCount: post._count.acknowledgments })
  const [comments, acknowledgments, timeZone] = await Promise.all([
    listPostComments(user, post.id),
    offers.acknowledgments ? postAcknowledgments(user.organizationId, post.id) : null,
    organizationTimeZone(user.organizationId),
  ])
  return {
    post: {
      id: post.id,
      title: post.title,
      description: post.description,
      bodyHtml: post.bodyHtml,
      tags: post.tags,
      status: post.status,
      publishedAt: post.publishedAt?.toISOString() ?? null,
      updatedAt: post.updatedAt.toISOString(),
      requiresAcknowledgment: post.requiresAcknowledgment,
      acknowledgedByMe,
      acknowledgedAt: post.acknowledgments[0]?.at.toISOString() ?? null,
      author: authorName(post.author),
      version: post.version,
      coverUrl: post.coverStorageKey ? href('/dashboard/blog/post/:id/cover', { id: post.id }) : null,
    },
    comments: comments.map((comment) => ({
      id: comment.id,
      body: comment.body,
      author: authorName(comment.author),
      createdAt: comment.createdAt.toISOString(),
      canDelete: canDeleteComment(user, comment),
    })),
    acknowledgments: acknowledgments && {
      acknowledged: acknowledgments.acknowledged.map((row) => ({ ...row, at: row.at.toISOString() })),
      pending: acknowledgments.pending,
    },
    offers,
    acknowledges: mustAcknowledge(user.role),
    timeZone,
  }
}

/** "I have read this", a comment, removing a comment: each a plain form; refused, the reason beside it. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { t } = getInstance(context)
  const { user, actor } = await requireActor(request, 'read', 'post')
  const form = await request.formData()
  const here = href('/dashboard/blog/post/:id', { id: params.id })
  return intentAction(form, t, {
    acknowledge: intent({
      schema: PostAcknowledgeFormSchema,
      run: () => acknowledgePost(user, params.id),
      done: () => redirectWithToast(here, { type: 'success', title: t('bulletins.toast.acknowledged') }),
    }),
    comment: intent({
      schema: PostCommentSchema,
      run: ({ body }) => addPostComment(user, params.id, body),
      done: (comment) => redirect(`${here}#comment-${comment.id}`),
    }),
    deleteComment: intent({
      schema: PostCommentDeleteSchema,
      run: ({ commentId }) => deletePostComment(actor, user, params.id, commentId),
      done: () => redirectWithToast(`${here}#comments`, { type: 'success', title: t('bulletins.toast.commentDeleted') }),
      gone: true,
    }),
  })
}

export default function PostView({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const busy = useNavigation().state !== 'idle'
  const { post, offers, comments, acknowledgments, timeZone } = loaderData
  const ackRefusal = useRefusal(actionData, ['acknowledge', null], undefined, [])
  const commentRefusal = useRefusal(actionData, 'comment', undefined, ['body'])
  const deleteRefusal = useRefusal(actionData, 'deleteComment', undefined, [])
  const moment = (value: string) => formatDateTime(i18n.language, value, timeZone)

  return (
    <>
      <PageHeader
        title={post.title}
        crumbs={[
          { label: t('nav.dashboard'), to: href('/dashboard/app') },
          { label: t('nav.bulletins'), to: href('/dashboard/blog') },
          { label: t('bulletins.list.title'), to: href('/dashboard/blog/posts') },
          { label: post.title },
        ]}
        action={
          offers.edit || offers.delete ? (
            <div className="flex items-center gap-2">
              {offers.delete ? (
                <ConfirmDelete
                  action={href('/dashboard/blog/post/:id/delete', { id: post.id })}
                  fallbackHref={href('/dashboard/blog/post/:id/delete', { id: post.id })}
                  title={t('bulletins.delete.title', { title: post.title })}
                  description={t('bulletins.delete.description')}
                  hidden={{ version: post.version, returnTo: href('/dashboard/blog/posts') }}
                  triggerLabel={t('bulletins.delete.button')}
                />
              ) : null}
              {offers.edit ? (
                <ButtonLink to={href('/dashboard/blog/post/:id/edit', { id: post.id })}>
                  <Icon name="edit" size={18} />
                  {t('common.edit')}
                </ButtonLink>
              ) : null}
            </div>
          ) : null
        }
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_320px]">
        <article className="min-w-0 space-y-6">
          <Card className="overflow-hidden">
            {post.coverUrl ? <img src={post.coverUrl} alt="" className="aspect-[16/7] w-full object-cover" /> : null}
            <div className="space-y-4 p-5 sm:p-8">
              <div className="flex flex-wrap items-center gap-2">
                <PostStatusBadge status={post.status} />
                <AcknowledgmentBadge post={post} acknowledges={loaderData.acknowledges} />
              </div>
              <p className="text-sm text-muted">
                {post.publishedAt
                  ? t('bulletins.view.byline', {
                      author: post.author ?? t('bulletins.view.formerUser'),
                      date: formatZonedDate(i18n.language, post.publishedAt, timeZone),
                    })
                  : t('bulletins.view.draftByline', { author: post.author ?? t('bulletins.view.formerUser') })}
              </p>
              {post.description ? (
                <p className="text-base font-semibold text-muted" dir="auto">
                  {post.description}
                </p>
              ) : null}
              <div className="fd-prose" dir="auto" data-testid="post-body" dangerouslySetInnerHTML={{ __html: post.bodyHtml }} />
              <PostTags tags={post.tags} />
            </div>
          </Card>

          {offers.acknowledge || (post.acknowledgedByMe && post.status === 'published') ? (
            <Card className="space-y-3 p-5 sm:p-6" data-testid="post-acknowledge">
              <h2 className="text-base font-bold">{t('bulletins.ack.title')}</h2>
              <RefusalNotice refusal={ackRefusal} />
              {post.acknowledgedByMe ? (
                <p className="flex items-center gap-2 text-sm font-semibold text-success-dark dark:text-success-light" data-testid="post-acknowledged">
                  <Icon name="check" size={18} />
                  {t('bulletins.ack.youAcknowledged', { at: post.acknowledgedAt ? moment(post.acknowledgedAt) : '' })}
                </p>
              ) : offers.acknowledge ? (
                <Form method="post" className="space-y-3">
                  <p className="text-sm text-muted">{t('bulletins.ack.explain')}</p>
                  <input type="hidden" name="intent" value="acknowledge" />
                  <Button type="submit" disabled={busy} data-testid="post-acknowledge-button">
                    <Icon name="check" size={18} />
                    {t('bulletins.ack.button')}
                  </Button>
                </Form>
              ) : null}
            </Card>
          ) : null}

          <Card className="space-y-4 p-5 sm:p-6" id="comments">
            <h2 className="text-base font-bold">{t('bulletins.comments.title', { count: comments.length })}</h2>
            <RefusalNotice refusal={deleteRefusal} />
            {comments.length ? (
              <ul className="space-y-3" data-testid="post-comments">
                {comments.map((comment) => (
                  <li key={comment.id} id={`comment-${comment.id}`} className="rounded-lg bg-black/[0.03] p-3 dark:bg-white/5">
                    <div className="flex flex-wrap items-baseline justify-between gap-2">
                      <p className="text-sm font-semibold">
                        <bdi>{comment.author ?? t('bulletins.view.formerUser')}</bdi>{' '}
                        <span className="text-xs font-normal text-muted">{moment(comment.createdAt)}</span>
                      </p>
                      {comment.canDelete ? (
                        <Form method="post">
                          <input type="hidden" name="intent" value="deleteComment" />
                          <input type="hidden" name="commentId" value={comment.id} />
                          <button type="submit" className="text-xs font-semibold text-error-dark hover:underline dark:text-error-light" disabled={busy}>
                            {t('bulletins.comments.delete')}
                          </button>
                        </Form>
                      ) : null}
                    </div>
                    <p className="mt-1 text-sm whitespace-pre-line" dir="auto">
                      {comment.body}
                    </p>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted">{t('bulletins.comments.empty')}</p>
            )}
            {offers.comment ? (
              <Form method="post" className="space-y-2">
                <input type="hidden" name="intent" value="comment" />
                <label htmlFor="comment-body" className="block text-sm font-semibold">
                  {t('bulletins.comments.add')}
                </label>
                <textarea
                  id="comment-body"
                  name="body"
                  rows={3}
                  required
                  maxLength={MAX_COMMENT_BODY}
                  dir="auto"
                  className={inputClass}
                  aria-invalid={commentRefusal?.field('body')?.length ? true : undefined}
                  aria-describedby={commentRefusal?.field('body')?.length ? 'comment-body-error' : undefined}
                  defaultValue={typeof commentRefusal?.values.body === 'string' ? commentRefusal.values.body : ''}
                />
                <ErrorList id="comment-body-error" errors={commentRefusal?.field('body')} />
                <div className="flex justify-end">
                  <Button type="submit" disabled={busy}>
                    {t('bulletins.comments.submit')}
                  </Button>
                </div>
              </Form>
            ) : null}
          </Card>
        </article>

        {acknowledgments ? (
          <aside className="space-y-6" data-testid="post-acknowledgments">
            <Card className="p-5">
              <h2 className="mb-3 text-base font-bold">{t('bulletins.ack.acknowledged', { count: acknowledgments.acknowledged.length })}</h2>
              {acknowledgments.acknowledged.length ? (
                <ul className="divide-y divide-line text-sm" data-testid="post-acknowledged-list">
                  {acknowledgments.acknowledged.map((row) => (
                    <li key={row.userId} className="flex flex-wrap items-baseline justify-between gap-x-3 py-2">
                      <bdi className="font-semibold">{row.name}</bdi>
                      <span className="text-xs text-muted tabular-nums">{moment(row.at)}</span>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-sm text-muted">{t('bulletins.ack.noneYet')}</p>
              )}
            </Card>
            <Card className="p-5">
              <h2 className="mb-3 text-base font-bold">{t('bulletins.ack.pending', { count: acknowledgments.pending.length })}</h2>
              {acknowledgments.pending.length ? (
                <ul className="divide-y divide-line text-sm" data-testid="post-pending-list">
                  {acknowledgments.pending.map((row) => (
                    <li key={row.userId} className="flex flex-wrap items-baseline justify-between gap-x-3 py-2">
                      <bdi className="font-semibold">{row.name}</bdi>
                      <span className="text-xs text-muted">{t(`roles.${row.role}`)}</span>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-sm text-muted">{t('bulletins.ack.everyone')}</p>
              )}
            </Card>
          </aside>
        ) : null}
      </div>
    </>
  )
}
