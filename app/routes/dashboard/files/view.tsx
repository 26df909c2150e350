import { data, Form, href, useNavigation } from 'react-router'
import { z } from 'zod'

import { ExpiringLinkForm } from '~/components/forms/expiring-link-form'
import { RefusalNotice, useRefusal } from '~/components/forms/refusal'
import { PageHeader } from '~/components/layout/page-header'
import { Badge } from '~/components/ui/badge'
import { Button, ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { DetailCard, DetailItem } from '~/components/ui/details'
import { Icon } from '~/components/ui/icons'
import { ShownOnce } from '~/components/ui/shown-once'
import { useTranslation } from '~/hooks/use-translation'
import { getInstance } from '~/middleware/i18next'
import { createFileShare, listFileShares, revokeFileShare } from '~/models/file-share.server'
import { organizationTimeZone } from '~/models/organization.server'
import { deleteFile, getFile } from '~/models/stored-file.server'
import { canShareFiles } from '~/policies/stored-file'
import { requireActor } from '~/requests/actor.server'
import { intent, intentAction } from '~/requests/forms.server'
import { requirePermission } from '~/requests/session.server'
import { FileShareCreateSchema, FileShareRevokeSchema } from '~/schemas/stored-file'
import { FILE_SHARE_DEFAULT_DAYS, FILE_SHARE_MAX_DAYS } from '~/schemas/stored-file-options'
import { requiredId } from '~/schemas/text'
import { orNotFound } from '~/utils/errors.server'
import { formatBytes, formatDateTime } from '~/utils/format'
import { can } from '~/utils/permissions'
import { redirectWithToast } from '~/utils/toast.server'

import type { Route } from './+types/view'

export const handle = { i18n: ['files'] }

const TONE = { active: 'success', revoked: 'default', expired: 'warning' } as const

/** One file of the files manager: what it is, where it belongs, its share links (made, listed, revoked) and Delete by its record's rule. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'file')
  const [file, shares, timeZone] = await Promise.all([
    orNotFound(getFile(user, params.id)),
    orNotFound(listFileShares(user, params.id)),
    organizationTimeZone(user.organizationId),
  ])
  const now = Date.now()
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
    shares: shares.map((share) => ({
      ...share,
      state: share.revokedAt ? ('revoked' as const) : Date.parse(share.expiresAt) <= now ? ('expired' as const) : ('active' as const),
    })),
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
        done: (share) => data({ intent: 'share', createdLink: { url: share.url, expiresAt: share.expiresAt } }),
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
  const shareRefusal = useRefusal(actionData, ['share', 'revoke'], undefined, ['expiresInDays'])
  const deleteRefusal = useRefusal(actionData, [null, 'delete'], undefined, [])
  const created = (actionData as { createdLink?: { url: string; expiresAt: string } } | undefined)?.createdLink ?? null
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

        <Card className="min-w-0 p-6" data-testid="file-shares">
          <h2 className="text-base font-bold">{t('files.share.heading')}</h2>
          <p className="mt-1 text-sm text-muted">{t('files.share.intro')}</p>
          {created ? (
            <ShownOnce
              title={t('files.share.created')}
              label={t('files.share.heading')}
              value={created.url}
              copyLabel={t('common.copyLink')}
              testId="share-created"
              inputId="share-url"
            />
          ) : null}
          <RefusalNotice refusal={shareRefusal} testId="share-refusal" className="mt-4" />
          {loaderData.canShare ? (
            <ExpiringLinkForm
              intent="share"
              label={t('files.share.expiresInDays')}
              maxDays={FILE_SHARE_MAX_DAYS}
              defaultDays={FILE_SHARE_DEFAULT_DAYS}
              errors={shareRefusal?.field('expiresInDays')}
              busy={busy}
              testId="share-form"
            >
              <Icon name="link" size={18} />
              {t('files.share.create')}
            </ExpiringLinkForm>
          ) : null}
          {shares.length ? (
            <div className="relative mt-4 overflow-x-auto">
              <table className="w-full text-sm">
                <thead className="text-muted">
                  <tr className="border-b border-line">
                    <th scope="col" className="py-2 pe-3 text-start font-semibold">
                      {t('files.share.createdBy')}
                    </th>
                    <th scope="col" className="py-2 pe-3 text-start font-semibold">
                      {t('files.share.expiresAt')}
                    </th>
                    <th scope="col" className="py-2 pe-3 text-start font-semibold">
                      {t('files.share.status')}
                    </th>
                    <th scope="col" className="py-2 text-end font-semibold">
                      <span className="sr-only">{t('files.share.revoke')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {shares.map((share) => (
                    <tr key={share.id} className="border-b border-dashed border-line" data-testid="share-row">
                      <td className="py-2 pe-3">
                        {share.createdBy?.name ?? '—'}
                        <div className="text-xs whitespace-nowrap text-muted tabular-nums">{when(share.createdAt)}</div>
                      </td>
                      <td className="py-2 pe-3 whitespace-nowrap tabular-nums">{when(share.expiresAt)}</td>
                      <td className="py-2 pe-3">
                        <Badge tone={TONE[share.state]}>{t(`files.share.state.${share.state}`)}</Badge>
                      </td>
                      <td className="py-2 text-end">
                        {share.state === 'active' && loaderData.canShare ? (
                          <Form method="post">
                            <input type="hidden" name="intent" value="revoke" />
                            <input type="hidden" name="shareId" value={share.id} />
                            <Button type="submit" size="sm" variant="secondary" disabled={busy}>
                              {t('files.share.revoke')}
                            </Button>
                          </Form>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p className="mt-4 text-sm text-muted">{t('files.share.none')}</p>
          )}
        </Card>
      </div>
    </>
  )
}
