import { Form, href, Link, useNavigation } from 'react-router'

import { RefusalNotice, useRefusal } from '~/components/forms/refusal'
import { PageHeader } from '~/components/layout/page-header'
import { QualificationEditor } from '~/components/qualifications/qualification-editor'
import { type FileItem, QualificationFile } from '~/components/qualifications/qualification-file'
import { Button, ButtonLink } from '~/components/ui/button'
import { useTranslation } from '~/hooks/use-translation'
import { getInstance } from '~/middleware/i18next'
import { requireActor } from '~/requests/actor.server'
import { qualificationPageAction, qualificationPageData } from '~/requests/qualification-page.server'
import { LOAD_DOCUMENT_MAX_BYTES } from '~/schemas/load-document-options'
import { orNotFound } from '~/utils/errors.server'
import { can } from '~/utils/permissions'
import { uploadLimit } from '~/utils/upload-limit'

import type { Route } from './+types/qualifications'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['users', 'qualifications'] }

/** The add and edit forms stream their document to storage (app/models/files/streamed-upload.server.ts). */
export const upload = uploadLimit(LOAD_DOCUMENT_MAX_BYTES, { streamed: true })

/**
 * A driver's qualification file (ADR 139): every kind with its status and items, for those who
 * read the file; admins and dispatchers add, edit (`?edit=<item>`, so it works without JavaScript),
 * delete, and accept or reject a driver's upload.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { user, actor } = await requireActor(request, 'read', 'qualification')
  const file = await orNotFound(qualificationPageData(actor, params.id))
  const editId = new URL(request.url).searchParams.get('edit')
  const editing = file.kinds.flatMap((kind) => kind.items).find((item) => item.id === editId) ?? null
  return {
    ...file,
    editing,
    canCreate: can(user.role, 'create', 'qualification') && user.role !== 'driver',
    canUpdate: can(user.role, 'update', 'qualification'),
    canDelete: can(user.role, 'delete', 'qualification'),
    canEditUser: can(user.role, 'update', 'user'),
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { actor } = await requireActor(request, 'update', 'qualification')
  const back = href('/dashboard/user/:id/qualifications', { id: params.id })
  return qualificationPageAction(actor, params.id, request, getInstance(context).t, back)
}

export default function QualificationsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const { driver, kinds, editing, canCreate, canUpdate, canDelete, canEditUser } = loaderData
  const name = `${driver.firstName} ${driver.lastName}`
  const self = href('/dashboard/user/:id/qualifications', { id: driver.id })
  const itemRefusal = useRefusal(actionData, ['delete', 'review'])
  const busy = navigation.state !== 'idle'
  const actions = (item: FileItem) => (
    <>
      {canUpdate && item.review === 'pending' ? (
        <Form method="post" className="flex gap-2">
          <input type="hidden" name="id" value={item.id} />
          <input type="hidden" name="version" value={item.version} />
          <input type="hidden" name="intent" value="review" />
          <Button type="submit" name="review" value="accepted" size="sm" disabled={busy} data-testid="qualification-accept">
            {t('qualifications.accept')}
          </Button>
          <Button type="submit" name="review" value="rejected" size="sm" variant="secondary" disabled={busy}>
            {t('qualifications.reject')}
          </Button>
        </Form>
      ) : null}
      {canUpdate ? (
        <ButtonLink to={`${self}?edit=${item.id}#qualification-editor`} size="sm" variant="secondary" data-testid="qualification-edit">
          {t('qualifications.edit.link')}
        </ButtonLink>
      ) : null}
      {canDelete ? (
        <Form method="post">
          <input type="hidden" name="id" value={item.id} />
          <input type="hidden" name="version" value={item.version} />
          <Button type="submit" name="intent" value="delete" size="sm" variant="secondary" disabled={busy} data-testid="qualification-delete">
            {t('qualifications.delete')}
          </Button>
        </Form>
      ) : null}
    </>
  )
  return (
    <>
      <PageHeader
        title={t('qualifications.title')}
        description={t('qualifications.description')}
        crumbs={[{ label: t('users.list.title'), to: href('/dashboard/user/list') }, { label: name }, { label: t('qualifications.tab') }]}
        action={
          canEditUser ? (
            <ButtonLink to={href('/dashboard/user/:id/edit', { id: driver.id })} variant="secondary">
              {name}
            </ButtonLink>
          ) : undefined
        }
      />
      <RefusalNotice refusal={itemRefusal} reloadTo={self} className="mb-4" testId="qualification-refusal" />
      <QualificationFile kinds={kinds} actions={canUpdate || canDelete ? actions : undefined} />
      {editing && canUpdate ? (
        <QualificationEditor key={`edit-${editing.id}-${editing.version}`} item={editing} actionData={actionData} maxBytes={LOAD_DOCUMENT_MAX_BYTES}>
          <Link to={self} className="self-center text-sm font-semibold underline">
            {t('qualifications.edit.cancel')}
          </Link>
        </QualificationEditor>
      ) : canCreate ? (
        <QualificationEditor
          key={`add-${kinds.reduce((sum, kind) => sum + kind.items.length, 0)}`}
          item={null}
          actionData={actionData}
          maxBytes={LOAD_DOCUMENT_MAX_BYTES}
        />
      ) : null}
    </>
  )
}
