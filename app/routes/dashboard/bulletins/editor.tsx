import { getInputProps } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, href } from 'react-router'

import { PostStatusBadge } from '~/components/bulletins/post-parts'
import { FormSection, RecordForm } from '~/components/forms/record-form'
import { isRefusal } from '~/components/forms/refusal'
import { useSchemaForm } from '~/components/forms/use-schema-form'
import { PageHeader } from '~/components/layout/page-header'
import { Button } from '~/components/ui/button'
import { ErrorList, fileInputClass, SelectField, TextareaField, TextField } from '~/components/ui/field'
import { useTranslation } from '~/hooks/use-translation'
import { getInstance } from '~/middleware/i18next'
import { checkCover, createPost, getPost, updatePost } from '~/models/bulletins/post.server'
import { requireActor } from '~/requests/actor.server'
import { formConstraint, submitForm } from '~/requests/forms.server'
import { requirePermission } from '~/requests/session.server'
import { type PostForm, PostFormSchema, PostFormUpdateSchema, PostPreviewSchema } from '~/schemas/post'
import { MAX_POST_BODY, POST_COVER_MAX_BYTES, POST_STATUS_META, POST_STATUSES } from '~/schemas/post-options'
import { orNotFound } from '~/utils/errors.server'
import { renderPostMarkdown } from '~/utils/post-markdown.server'
import { redirectWithToast } from '~/utils/toast.server'
import { uploadLimit } from '~/utils/upload-limit'

import type { Route } from './+types/editor'

export const handle = { i18n: ['bulletins'] }

/** The form carries the cover (checked by the model: type by its bytes, size) beside the Markdown. */
export const upload = uploadLimit(POST_COVER_MAX_BYTES + MAX_POST_BODY * 4)

const COVER_ACCEPT = 'image/png,image/jpeg,image/webp'

/** One editor for /dashboard/blog/new and /dashboard/blog/post/:id/edit (admins and dispatchers). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, params.id ? 'update' : 'create', 'post')
  const post = params.id ? await orNotFound(getPost(user, params.id)) : null
  return {
    post: post && {
      id: post.id,
      title: post.title,
      status: post.status,
      version: post.version,
      cover: post.coverStorageKey ? { url: href('/dashboard/blog/post/:id/cover', { id: post.id }), fileName: post.coverFileName } : null,
    },
    constraint: formConstraint(post ? PostFormUpdateSchema : PostFormSchema),
    defaultValue: post
      ? {
          title: post.title,
          description: post.description ?? '',
          body: post.body,
          tags: post.tags.join(', '),
          status: post.status,
          requiresAcknowledgment: post.requiresAcknowledgment ? 'on' : undefined,
          version: String(post.version),
        }
      : { status: 'draft', body: '' },
  }
}

/** The editor's values as the model's input: the tags already a list, the cover's choice apart. */
function postFromForm<T extends PostForm>({ removeCover: _remove, ...rest }: T) {
  return rest
}

/**
 * "Preview" renders the body as the post page will show it (no JavaScript needed: a plain submit
 * button); "Save" writes the post with the cover, checked before anything is written (a bad file is
 * a field error, nothing saved), then goes to the post.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { user, actor } = await requireActor(request, params.id ? 'update' : 'create', 'post')
  const { t } = getInstance(context)
  const form = await request.formData()
  if (form.get('intent') === 'preview') {
    const submission = parseWithZod(form, { schema: PostPreviewSchema })
    const body = submission.status === 'success' ? submission.value.body : ''
    // Conform's reply without messages: the form comes back as typed, with the preview under it.
    return data({ preview: renderPostMarkdown(body), result: { initialValue: submission.reply().initialValue } })
  }
  const file = form.get('cover')
  const saved = (post: { id: string; title: string; status: 'draft' | 'published' }) =>
    redirectWithToast(href('/dashboard/blog/post/:id', { id: post.id }), {
      type: params.id ? 'success' : POST_STATUS_META[post.status].toast,
      title: t(params.id ? 'bulletins.toast.updated' : 'bulletins.toast.created', { title: post.title }),
      description: t(`bulletins.toast.status.${post.status}`),
    })
  const id = params.id
  return id
    ? submitForm(
        form,
        PostFormUpdateSchema,
        async (input) => updatePost(actor, user, id, postFromForm(input), { cover: await checkCover(file), removeCover: input.removeCover }),
        saved,
        { translate: t },
      )
    : submitForm(form, PostFormSchema, async (input) => createPost(actor, postFromForm(input), await checkCover(file)), saved, { translate: t })
}

export default function PostEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { post } = loaderData
  const preview = actionData && 'preview' in actionData ? actionData.preview : null
  const lastResult = isRefusal(actionData) ? actionData.result : actionData && 'preview' in actionData ? actionData.result : undefined
  const [form, fields] = useSchemaForm<typeof PostFormUpdateSchema>({
    id: `post-${post?.id ?? 'new'}`,
    constraint: loaderData.constraint,
    lastResult,
    defaultValue: loaderData.defaultValue,
  })
  const conflict = isRefusal(actionData) && actionData.conflict
  const back = post ? href('/dashboard/blog/post/:id', { id: post.id }) : href('/dashboard/blog/posts')
  const statusOptions = POST_STATUSES.map((value) => ({ value, label: t(`bulletins.status.${value}`) }))
  return (
    <>
      <PageHeader
        title={post ? t('bulletins.edit.title', { title: post.title }) : t('bulletins.new.title')}
        crumbs={[
          { label: t('nav.dashboard'), to: href('/dashboard/app') },
          { label: t('nav.bulletins'), to: href('/dashboard/blog') },
          ...(post ? [{ label: post.title, to: back }] : []),
          { label: post ? t('common.edit') : t('nav.create') },
        ]}
        action={post ? <PostStatusBadge status={post.status} /> : null}
      />
      <RecordForm
        form={form}
        version={post ? fields.version : undefined}
        conflictReload={conflict && post ? href('/dashboard/blog/post/:id/edit', { id: post.id }) : undefined}
        returnTo={back}
        submitLabel={post ? t('common.saveChanges') : t('bulletins.new.submit')}
        encType="multipart/form-data"
        className="max-w-4xl"
      >
        <FormSection
          title={t('bulletins.editor.post')}
          after={
            <div className="mt-5 space-y-5">
              <TextareaField label={t('bulletins.fields.description')} field={fields.description} rows={2} hint={t('bulletins.editor.descriptionHint')} />
              <TextareaField label={t('bulletins.fields.body')} field={fields.body} rows={14} hint={t('bulletins.editor.bodyHint')} />
              <div className="flex justify-end">
                <Button type="submit" name="intent" value="preview" variant="secondary" formNoValidate data-testid="post-preview-button">
                  {t('bulletins.editor.preview')}
                </Button>
              </div>
              {preview !== null ? (
                <section aria-labelledby="post-preview-title" className="rounded-xl border border-dashed border-line p-4" data-testid="post-preview">
                  <h3 id="post-preview-title" className="mb-3 text-sm font-semibold text-muted">
                    {t('bulletins.editor.previewTitle')}
                  </h3>
                  {preview ? (
                    <div className="fd-prose" dir="auto" dangerouslySetInnerHTML={{ __html: preview }} />
                  ) : (
                    <p className="text-sm text-muted">{t('bulletins.editor.previewEmpty')}</p>
                  )}
                </section>
              ) : null}
            </div>
          }
        >
          <TextField label={t('bulletins.fields.title')} field={fields.title} className="sm:col-span-2" />
          <SelectField label={t('fields.status')} field={fields.status} options={statusOptions} />
          <TextField label={t('bulletins.fields.tags')} field={fields.tags} hint={t('bulletins.editor.tagsHint')} className="sm:col-span-2" />
          <div className="flex items-start gap-2 self-end pb-2">
            <input {...getInputProps(fields.requiresAcknowledgment, { type: 'checkbox' })} className="mt-1 size-4" />
            <label htmlFor={fields.requiresAcknowledgment.id} className="text-sm">
              <span className="font-semibold">{t('bulletins.fields.requiresAcknowledgment')}</span>
              <span className="block text-xs text-muted">{t('bulletins.editor.acknowledgmentHint')}</span>
            </label>
          </div>
        </FormSection>
        <FormSection title={t('bulletins.fields.cover')}>
          <div className="min-w-0 sm:col-span-2">
            <label htmlFor="post-cover" className="mb-1.5 block text-sm font-semibold text-ink">
              {post?.cover ? t('bulletins.editor.replaceCover') : t('bulletins.editor.chooseCover')}
            </label>
            <input
              id="post-cover"
              name="cover"
              type="file"
              accept={COVER_ACCEPT}
              aria-invalid={form.allErrors.cover?.length ? true : undefined}
              aria-describedby={form.allErrors.cover?.length ? 'post-cover-error' : undefined}
              className={fileInputClass}
            />
            {form.allErrors.cover?.length ? null : (
              <p className="mt-1.5 text-xs text-muted">{t('bulletins.editor.coverHint', { size: POST_COVER_MAX_BYTES / 1024 / 1024 })}</p>
            )}
            <ErrorList id="post-cover-error" errors={form.allErrors.cover} />
          </div>
          {post?.cover ? (
            <div className="space-y-2">
              <img src={post.cover.url} alt="" className="aspect-[16/7] w-full rounded-lg object-cover" />
              <label className="flex items-center gap-2 text-sm">
                <input {...getInputProps(fields.removeCover, { type: 'checkbox' })} className="size-4" />
                {t('bulletins.editor.removeCover')}
              </label>
            </div>
          ) : null}
        </FormSection>
      </RecordForm>
    </>
  )
}
