import { Form, href, useNavigation } from 'react-router'
import { z } from 'zod'

import { RefusalNotice, useRefusal } from '~/components/forms/refusal'
import { shareLinkIntents, ShareLinksCard } from '~/components/forms/share-links-card'
import { useShownOnce } from '~/components/forms/shown-once-answer'
import { PageHeader } from '~/components/layout/page-header'
import { Badge } from '~/components/ui/badge'
import { Button, ButtonLink } from '~/components/ui/button'
import { DetailCard, DetailItem } from '~/components/ui/details'
import { Icon } from '~/components/ui/icons'
import { useTranslation } from '~/hooks/use-translation'
import { getInstance } from '~/middleware/i18next'
import { createFileShare, listFileShares, revokeFileShare } from '~/models/files/file-share.server'
import { deleteFile, getFile } from '~/models/files/stored-file.server'
import { organizationTimeZone } from '~/models/organization/organization.server'
import { canShareFiles } from '~/policies/stored-file'
import { requireActor } from '~/requests/actor.server'
import { intent, intentAction, shownOnce } from '~/requests/forms.server'
import { requirePermission } from '~/requests/session.server'
import { FileShareCreateSchema, FileShareRevokeSchema } from '~/schemas/stored-file'
import { requiredId } from '~/schemas/text'
import { orNotFound } from '~/utils/errors.server'
import { formatBytes, formatDateTime } from '~/utils/format'
import { can } from '~/utils/permissions'
import { redirectWithToast } from '~/utils/toast.server'

import type { Route } from './+types/view'

export const handle = { i18n: ['files'] }

/** One file of the files manager: what it is, where it belongs, its share links (made, listed, revoked) and Delete by its record's rule. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'file')
  const [file, shares, timeZone] = await Promise.all([
    orNotFound(getFile(user, params.id)),
    orNotFound(listFileShares(user, params.id)),
    organizationTimeZone(user.organizationId),
  ])
  return {
    file: {
      id: file.id,
      fileName: file.fileName,
      kind: file.kind,
      contentType: file.contentType,
      sizeBytes: file.sizeBytes,
      record: file.record,
      uploadedBy: file.uploadedBy?.name ?? null,
      createdAt: file.createdAt.toISOString(),
      deleteRefusal: file.deleteRefusal,
    },
    shares,
    timeZone,
    canShare: canShareFiles(user.role),
    canDelete: can(user.role, 'delete', 'file'),
  }
}

const DeleteSchema = z.object({ fileId: requiredId() })

export async function action({ request, params, context }: Route.ActionArgs) {
  const t = getInstance(context).t
  const form = await request.formData()
  const back = href('/dashboard/files-manager/:id', { id: params.id })
  const { user, actor } = await requireActor(request, form.get('intent') === 'delete' ? 'delete' : 'create', 'file')
  return intentAction(
    form,
    t,
    {
      // The link's address is in this answer only (not a redirect), as a tracking link's.
      share: intent({
        schema: FileShareCreateSchema,
        run: (input) => createFileShare(user, actor, params.id, input),
        done: (share) => shownOnce('share', { value: share.url }),
      }),
      revoke: intent({
        schema: FileShareRevokeSchema,
        run: ({ shareId }) => revokeFileShare(user, actor, shareId),
        done: () => redirectWithToast(back, { type: 'success', title: t('files.share.revokedToast') }),
        gone: true,
      }),
      delete: intent({
        schema: DeleteSchema,
        run: ({ fileId }) => deleteFile(user, actor, fileId),
        done: (file) => redirectWithToast(href('/dashboard/files-manager'), { type: 'success', title: t('files.toast.deleted', { name: file.fileName }) }),
      }),
    },
    { about: params.id },
  )
}

export default function FileView({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const busy = useNavigation().state !== 'idle'
  const { file, shares, timeZone } = loaderData
  const shareRefusal = useRefusal(actionData, shareLinkIntents('file'), undefined, ['expiresInDays'])
  const deleteRefusal = useRefusal(actionData, [null, 'delete'], undefined, [])
  const created = useShownOnce(actionData, 'share')?.value ?? null
  const when = (value: string) => formatDateTime(i18n.language, value, timeZone)
  return (
    <>
      <PageHeader
        title={file.fileName}
        crumbs={[
          { label: t('nav.dashboard'), to: href('/dashboard/app') },
          { label: t('files.title'), to: href('/dashboard/files-manager') },
          { label: file.fileName },
        ]}
        action={
          <ButtonLink to={href('/dashboard/files-manager/:id/download', { id: file.id })} reloadDocument data-testid="file-download">
            <Icon name="download" size={18} />
            {t('files.view.download')}
          </ButtonLink>
        }
      />
      <RefusalNotice refusal={deleteRefusal} testId="file-delete-refusal" className="mb-6" />
      <div className="grid gap-6 lg:grid-cols-2">
        <DetailCard title={t('files.view.details')} testId="file-details">
          <DetailItem label={t('files.fields.kind')}>
            <Badge>{t(`files.kinds.${file.kind}`)}</Badge>
          </DetailItem>
          <DetailItem label={t('files.fields.record')}>
            <a href={file.record.path} className="font-semibold text-primary hover:underline" data-testid="file-record">
              {t(`files.recordTypes.${file.record.type}`)} <bdi>{file.record.label}</bdi>
            </a>
          </DetailItem>
          <DetailItem label={t('files.fields.size')}>{formatBytes(i18n.language, file.sizeBytes)}</DetailItem>
          <DetailItem label={t('files.fields.contentType')}>
            <bdi>{file.contentType}</bdi>
          </DetailItem>
          <DetailItem label={t('files.fields.uploadedBy')}>{file.uploadedBy}</DetailItem>
          <DetailItem label={t('files.fields.createdAt')}>{when(file.createdAt)}</DetailItem>
          {loaderData.canDelete ? (
            <div className="border-t border-dashed border-line pt-4">
              {file.deleteRefusal ? (
                <p className="text-sm text-muted" data-testid="file-delete-why">
                  {t(file.deleteRefusal.key)}
                </p>
              ) : (
                <Form method="post">
                  <input type="hidden" name="intent" value="delete" />
                  <input type="hidden" name="fileId" value={file.id} />
                  <Button type="submit" variant="danger" size="sm" disabled={busy} data-testid="file-delete">
                    <Icon name="trash" size={18} />
                    {t('files.view.delete')}
                  </Button>
                </Form>
              )}
            </div>
          ) : null}
        </DetailCard>

        <ShareLinksCard kind="file" links={shares} created={created} refusal={shareRefusal} canShare={loaderData.canShare} timeZone={timeZone} />
      </div>
    </>
  )
}
