import { data, href } from 'react-router'

import { PageHeader } from '~/components/layout/page-header'
import { QualificationEditor } from '~/components/qualifications/qualification-editor'
import { QualificationFile } from '~/components/qualifications/qualification-file'
import { useTranslation } from '~/hooks/use-translation'
import { getInstance } from '~/middleware/i18next'
import { requireActor } from '~/requests/actor.server'
import { qualificationPageAction, qualificationPageData } from '~/requests/qualification-page.server'
import { LOAD_DOCUMENT_MAX_BYTES } from '~/schemas/load-document-options'
import { orNotFound } from '~/utils/errors.server'
import { uploadLimit } from '~/utils/upload-limit'

import type { Route } from './+types/my-qualifications'

export const handle = { i18n: ['loads', 'qualifications'] }

/** The renewed card's photo or PDF streams to storage as it arrives. */
export const upload = uploadLimit(LOAD_DOCUMENT_MAX_BYTES, { streamed: true })

/** A driver's own qualification file (ADR 139), read-only, and the form that sends a renewed medical card (pending until the office accepts it). */
export async function loader({ request }: Route.LoaderArgs) {
  const { user, actor } = await requireActor(request, 'read', 'qualification')
  if (user.role !== 'driver') throw data(null, { status: 404 })
  return orNotFound(qualificationPageData(actor, user.id))
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user, actor } = await requireActor(request, 'create', 'qualification')
  if (user.role !== 'driver') throw data(null, { status: 404 })
  return qualificationPageAction(actor, user.id, request, getInstance(context).t, href('/dashboard/user/qualifications'))
}

export default function MyQualificationsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const count = loaderData.kinds.reduce((sum, kind) => sum + kind.items.length, 0)
  return (
    <>
      <PageHeader
        title={t('qualifications.myTitle')}
        description={t('qualifications.myDescription')}
        crumbs={[{ label: t('loads.list.myTitle'), to: href('/dashboard/loads/mine') }, { label: t('qualifications.myTitle') }]}
      />
      <QualificationFile kinds={loaderData.kinds} />
      <QualificationEditor key={`upload-${count}`} item={null} actionData={actionData} maxBytes={LOAD_DOCUMENT_MAX_BYTES} driverKind="medical_certificate" />
    </>
  )
}
