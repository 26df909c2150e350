import { getFormProps, getInputProps } from '@conform-to/react'
import { Form, href, useNavigation } from 'react-router'

import { useSchemaForm } from '~/components/forms/use-schema-form'
import { PageHeader } from '~/components/layout/page-header'
import { Button, ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { FormErrors, SelectField, TextareaField, TextField } from '~/components/ui/field'
import { useTranslation } from '~/hooks/use-translation'
import { getInstance } from '~/middleware/i18next'
import { createPartner, getPartner, partnerBrokerOptions, serializePartner, updatePartner } from '~/models/edi/partner.server'
import { requireActor } from '~/requests/actor.server'
import { formConstraint, submitForm } from '~/requests/forms.server'
import { requirePermission } from '~/requests/session.server'
import { EdiPartnerFormSchema, EdiPartnerFormUpdateSchema } from '~/schemas/edi'
import { EDI_TRANSPORTS } from '~/schemas/edi-options'
import { orNotFound } from '~/utils/errors.server'
import { redirectWithToast } from '~/utils/toast.server'

import type { Route } from './+types/partner-editor'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['edi'] }

const LIST = href('/dashboard/edi/partners')

/**
 * One editor for /dashboard/edi/partners/new and …/:id/edit (admins: `edi` and `organization`
 * update, the model checks both). The SFTP password and key are write-only: the form never holds
 * them; left blank, the stored ones are kept.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, params.id ? 'update' : 'create', 'edi')
  await requirePermission(request, 'update', 'organization')
  const partner = params.id ? serializePartner(await orNotFound(getPartner(user.organizationId, params.id))) : null
  const brokers = await partnerBrokerOptions(user.organizationId)
  const defaultValue = partner
    ? {
        name: partner.name,
        brokerId: partner.brokerId,
        isaQualifier: partner.isaQualifier,
        isaId: partner.isaId,
        gsId: partner.gsId,
        ourIsaQualifier: partner.ourIsaQualifier,
        ourIsaId: partner.ourIsaId,
        ourGsId: partner.ourGsId,
        transport: partner.transport,
        sftp: {
          host: partner.sftp.host ?? '',
          port: partner.sftp.port === null ? '' : String(partner.sftp.port),
          username: partner.sftp.username ?? '',
          inboundDir: partner.sftp.inboundDir ?? '',
          outboundDir: partner.sftp.outboundDir ?? '',
        },
        httpUrl: partner.httpUrl ?? '',
        send214: partner.send214 ? 'on' : undefined,
        send210: partner.send210 ? 'on' : undefined,
        version: partner.version,
      }
    : { isaQualifier: 'ZZ', ourIsaQualifier: 'ZZ', transport: 'manual', version: undefined as number | undefined }
  return {
    partner: partner && { id: partner.id, name: partner.name, hasPassword: partner.sftp.hasPassword, hasPrivateKey: partner.sftp.hasPrivateKey },
    brokers: brokers.map((broker) => ({ value: broker.id, label: broker.name })),
    defaultValue,
    constraint: formConstraint(partner ? EdiPartnerFormUpdateSchema : EdiPartnerFormSchema),
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { actor } = await requireActor(request, params.id ? 'update' : 'create', 'edi')
  const t = getInstance(context).t
  const formData = await request.formData()
  const saved = (partner: { id: string; name: string }) =>
    redirectWithToast(LIST, { type: 'success', title: t(params.id ? 'edi.toast.partnerUpdated' : 'edi.toast.partnerCreated', { name: partner.name }) })
  // Secrets never come back in the form's reply.
  const options = { translate: t, hideFields: ['sftp.password', 'sftp.privateKey'] }
  const id = params.id
  return id
    ? submitForm(formData, EdiPartnerFormUpdateSchema, (input) => updatePartner(actor, id, input), saved, options)
    : submitForm(formData, EdiPartnerFormSchema, (input) => createPartner(actor, input), saved, options)
}

export default function EdiPartnerEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const { partner } = loaderData
  const [form, fields] = useSchemaForm<typeof EdiPartnerFormUpdateSchema>({
    id: partner ? `edi-partner-${partner.id}` : 'edi-partner-new',
    constraint: loaderData.constraint,
    lastResult: actionData?.result,
    defaultValue: loaderData.defaultValue,
  })
  const sftp = fields.sftp.getFieldset()
  const title = partner ? t('edi.partners.editTitle', { name: partner.name }) : t('edi.partners.newTitle')
  const stored = t('edi.partners.secretStored')
  return (
    <>
      <PageHeader
        title={title}
        crumbs={[{ label: t('nav.dashboard'), to: href('/dashboard/app') }, { label: t('nav.ediPartners'), to: LIST }, { label: title }]}
      />
      <Form method="post" {...getFormProps(form)} className="mx-auto grid max-w-4xl gap-6" data-testid="edi-partner-form">
        {partner ? <input type="hidden" name="version" value={String(loaderData.defaultValue.version ?? '')} /> : null}
        <FormErrors id={form.errorId} errors={form.errors} />
        <Card className="grid gap-5 p-5 sm:grid-cols-2 sm:p-6">
          <TextField label={t('edi.fields.name')} field={fields.name} />
          <SelectField label={t('edi.fields.broker')} field={fields.brokerId} placeholder={t('edi.partners.chooseBroker')} options={loaderData.brokers} />
          <TextField label={t('edi.fields.isaQualifier')} field={fields.isaQualifier} />
          <TextField label={t('edi.fields.isaId')} field={fields.isaId} />
          <TextField label={t('edi.fields.gsId')} field={fields.gsId} />
          <div />
          <TextField label={t('edi.fields.ourIsaQualifier')} field={fields.ourIsaQualifier} />
          <TextField label={t('edi.fields.ourIsaId')} field={fields.ourIsaId} />
          <TextField label={t('edi.fields.ourGsId')} field={fields.ourGsId} />
          <SelectField
            label={t('edi.fields.transport')}
            field={fields.transport}
            options={EDI_TRANSPORTS.map((value) => ({ value, label: t(`edi.transport.${value}`) }))}
          />
          <label className="flex items-start gap-3 text-sm">
            <input {...getInputProps(fields.send214, { type: 'checkbox' })} className="mt-1 size-4" />
            <span>{t('edi.fields.send214')}</span>
          </label>
          <label className="flex items-start gap-3 text-sm">
            <input {...getInputProps(fields.send210, { type: 'checkbox' })} className="mt-1 size-4" />
            <span>{t('edi.fields.send210')}</span>
          </label>
        </Card>
        <Card className="grid gap-5 p-5 sm:grid-cols-2 sm:p-6">
          <h2 className="font-semibold sm:col-span-2">{t('edi.partners.sftp')}</h2>
          <TextField label={t('edi.fields.sftpHost')} field={sftp.host} />
          <TextField label={t('edi.fields.sftpPort')} field={sftp.port} type="number" placeholder="22" />
          <TextField label={t('edi.fields.sftpUsername')} field={sftp.username} autoComplete="off" />
          <TextField
            label={t('edi.fields.sftpPassword')}
            field={sftp.password}
            type="password"
            autoComplete="new-password"
            placeholder={partner?.hasPassword ? stored : undefined}
            hint={partner?.hasPassword ? stored : undefined}
          />
          <TextField label={t('edi.fields.sftpInboundDir')} field={sftp.inboundDir} />
          <TextField label={t('edi.fields.sftpOutboundDir')} field={sftp.outboundDir} />
          <div className="sm:col-span-2">
            <TextareaField label={t('edi.fields.sftpPrivateKey')} field={sftp.privateKey} rows={4} hint={partner?.hasPrivateKey ? stored : undefined} />
          </div>
        </Card>
        <Card className="grid gap-5 p-5 sm:p-6">
          <h2 className="font-semibold">{t('edi.tenderRespond.http')}</h2>
          <TextField label={t('edi.tenderRespond.fields.httpUrl')} field={fields.httpUrl} placeholder="https://" hint={t('edi.tenderRespond.httpHint')} />
        </Card>
        <div className="flex flex-wrap items-center justify-end gap-3">
          <ButtonLink to={LIST} variant="ghost">
            {t('common.cancel')}
          </ButtonLink>
          <Button type="submit" disabled={navigation.state === 'submitting'}>
            {partner ? t('common.saveChanges') : t('edi.partners.create')}
          </Button>
        </div>
      </Form>
    </>
  )
}
