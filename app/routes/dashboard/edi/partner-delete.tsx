import { getFormProps } from '@conform-to/react'
import { Form, href } from 'react-router'

import { useSchemaForm } from '~/components/forms/use-schema-form'
import { PageHeader } from '~/components/layout/page-header'
import { Button, ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { FormErrors } from '~/components/ui/field'
import { useTranslation } from '~/hooks/use-translation'
import { getInstance } from '~/middleware/i18next'
import { deletePartner, getPartner } from '~/models/edi/partner.server'
import { requireActor } from '~/requests/actor.server'
import { formConstraint, submitForm } from '~/requests/forms.server'
import { requirePermission } from '~/requests/session.server'
import { EdiDeleteSchema } from '~/schemas/edi'
import { orNotFound } from '~/utils/errors.server'
import { redirectWithToast } from '~/utils/toast.server'

import type { Route } from './+types/partner-delete'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['edi'] }

const LIST = href('/dashboard/edi/partners')

/** The confirmation without JavaScript (the list's dialog posts here too). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'delete', 'edi')
  await requirePermission(request, 'update', 'organization')
  const partner = await orNotFound(getPartner(user.organizationId, params.id))
  return { partner: { id: partner.id, name: partner.name, version: partner.version }, constraint: formConstraint(EdiDeleteSchema) }
}

/** At the version seen (else 409); a partner with messages or tenders is kept (`in_use`), the reason shown. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { actor } = await requireActor(request, 'delete', 'edi')
  const t = getInstance(context).t
  const formData = await request.formData()
  return submitForm(
    formData,
    EdiDeleteSchema,
    (input) => deletePartner(actor, params.id, input.version),
    (partner) => redirectWithToast(LIST, { type: 'success', title: t('edi.toast.partnerDeleted', { name: partner.name }) }),
    { translate: t },
  )
}

export default function EdiPartnerDelete({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { partner } = loaderData
  const [form] = useSchemaForm<typeof EdiDeleteSchema>({
    id: `edi-partner-delete-${partner.id}`,
    constraint: loaderData.constraint,
    lastResult: actionData?.result,
  })
  const title = t('edi.partners.deleteTitle', { name: partner.name })
  return (
    <>
      <PageHeader
        title={title}
        crumbs={[{ label: t('nav.dashboard'), to: href('/dashboard/app') }, { label: t('nav.ediPartners'), to: LIST }, { label: title }]}
      />
      <Form method="post" {...getFormProps(form)} className="mx-auto grid max-w-xl gap-6">
        <input type="hidden" name="version" value={String(partner.version)} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <Card className="p-5 sm:p-6">
          <p>{t('edi.partners.deleteDescription')}</p>
        </Card>
        <div className="flex flex-wrap items-center justify-end gap-3">
          <ButtonLink to={LIST} variant="ghost">
            {t('common.cancel')}
          </ButtonLink>
          <Button type="submit" variant="danger">
            {t('common.delete')}
          </Button>
        </div>
      </Form>
    </>
  )
}
