import { getFormProps, getInputProps } from '@conform-to/react'
import { Form, href, useNavigation } from 'react-router'

import { ConflictNotice } from '~/components/forms/conflict-notice'
import { useSchemaForm } from '~/components/forms/use-schema-form'
import { PageHeader } from '~/components/layout/page-header'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { DetailCard, DetailItem } from '~/components/ui/details'
import { FormErrors, SelectField, TextField } from '~/components/ui/field'
import { AddressFields } from '~/components/users/address-fields'
import { InboundAddressCard } from '~/components/users/inbound-address-card'
import { useTranslation } from '~/hooks/use-translation'
import { languageInfo, LANGUAGES } from '~/i18n'
import { getInstance } from '~/middleware/i18next'
import { getOrganization, type OrganizationDto, serializeOrganization, updateOrganization } from '~/models/organization/organization.server'
import { actorOf } from '~/requests/actor.server'
import { formConstraint, formDefaults, submitForm } from '~/requests/forms.server'
import { requirePermission } from '~/requests/session.server'
import { OrganizationUpdateSchema, timeZones } from '~/schemas/organization'
import { addressLines } from '~/utils/format'
import { can } from '~/utils/permissions'
import { redirectWithToast } from '~/utils/toast.server'

import type { Route } from './+types/organization'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['organization', 'orgLanguage'] }

const SELF = href('/dashboard/organization')

/**
 * The organization's own details: what its invoices print as "from" and "remit to". Admins edit
 * them; a viewer reads them; other roles are refused (the permission matrix's `organization`).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'organization')
  const organization = serializeOrganization(await getOrganization(user.organizationId))
  const canUpdate = can(user.role, 'update', 'organization')
  return {
    organization,
    address: addressLines(organization),
    canUpdate,
    ...(canUpdate
      ? {
          defaults: formDefaults(organization, { shape: { ...OrganizationUpdateSchema.shape } }),
          timeZones: timeZones(),
          constraint: formConstraint(OrganizationUpdateSchema),
        }
      : {}),
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requirePermission(request, 'update', 'organization')
  return submitForm(
    await request.formData(),
    OrganizationUpdateSchema,
    (value) => updateOrganization(actorOf(request, user), value),
    () => redirectWithToast(SELF, { type: 'success', title: getInstance(context).t('organization.saved') }),
    { translate: getInstance(context).t },
  )
}

export default function Organization({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  return (
    <>
      <PageHeader
        title={t('organization.title')}
        description={t('organization.description')}
        crumbs={[{ label: t('nav.dashboard'), to: href('/dashboard/app') }, { label: t('nav.organization') }]}
      />
      <InboundAddressCard email={loaderData.organization.inboundEmail} className="mb-6" />
      {loaderData.canUpdate && loaderData.constraint ? (
        <OrganizationForm
          constraint={loaderData.constraint}
          defaults={loaderData.defaults ?? {}}
          timeZones={loaderData.timeZones ?? []}
          actionData={actionData}
        />
      ) : (
        <OrganizationDetails organization={loaderData.organization} address={loaderData.address} />
      )}
    </>
  )
}

function OrganizationForm(props: {
  constraint: NonNullable<Route.ComponentProps['loaderData']['constraint']>
  defaults: Record<string, unknown>
  timeZones: string[]
  actionData: Route.ComponentProps['actionData']
}) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const [form, fields] = useSchemaForm<typeof OrganizationUpdateSchema>({
    id: 'organization',
    constraint: props.constraint,
    lastResult: props.actionData?.result,
    defaultValue: props.defaults,
  })
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-6">
      <FormErrors id={form.errorId} errors={form.errors} />
      {props.actionData?.conflict ? <ConflictNotice reloadTo={SELF} /> : null}
      <input {...getInputProps(fields.version, { type: 'hidden' })} />
      <Card className="p-6">
        <h2 className="mb-5 text-base font-bold">{t('organization.identity')}</h2>
        <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          <TextField label={t('organization.fields.name')} field={fields.name} autoComplete="organization" />
          <TextField label={t('organization.fields.legalName')} field={fields.legalName} autoComplete="off" hint={t('organization.legalNameHint')} />
          <TextField label={t('organization.fields.phone')} field={fields.phone} type="tel" autoComplete="tel" />
          <TextField label={t('organization.fields.mcNumber')} field={fields.mcNumber} autoComplete="off" />
          <TextField label={t('organization.fields.dotNumber')} field={fields.dotNumber} autoComplete="off" />
          <SelectField
            label={t('organization.fields.timeZone')}
            field={fields.timeZone}
            options={props.timeZones.map((zone) => ({ value: zone, label: zone }))}
            hint={t('organization.timeZoneHint')}
          />
          {/* Each language in its own name, as the header's menu shows them. */}
          <SelectField
            label={t('orgLanguage.field')}
            field={fields.language}
            options={LANGUAGES.map((language) => ({ value: language.code, label: language.label }))}
            hint={t('orgLanguage.hint')}
          />
        </div>
      </Card>
      <Card className="p-6">
        <h2 className="mb-5 text-base font-bold">{t('organization.address')}</h2>
        <AddressFields fields={fields} labels="organization" own countryHint={t('organization.countryHint')} />
      </Card>
      <Card className="p-6">
        <h2 className="mb-1 text-base font-bold">{t('organization.bank')}</h2>
        <p className="mb-5 text-sm text-muted">{t('organization.bankHint')}</p>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label={t('organization.fields.bankName')} field={fields.bankName} autoComplete="off" />
          <TextField label={t('organization.fields.bankAccountName')} field={fields.bankAccountName} autoComplete="off" />
          <TextField
            label={t('organization.fields.bankRoutingNumber')}
            field={fields.bankRoutingNumber}
            autoComplete="off"
            hint={t('organization.routingHint')}
          />
          <TextField label={t('organization.fields.bankAccountNumber')} field={fields.bankAccountNumber} autoComplete="off" />
        </div>
      </Card>
      <div className="flex justify-end">
        <Button type="submit" disabled={navigation.state === 'submitting'}>
          {t('common.saveChanges')}
        </Button>
      </div>
    </Form>
  )
}

/** What a reader (a viewer) sees: the same details, read-only. */
function OrganizationDetails({ organization, address }: { organization: OrganizationDto; address: string[] }) {
  const { t } = useTranslation()
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <DetailCard title={t('organization.identity')} testId="organization-identity">
        <DetailItem label={t('organization.fields.name')}>
          <bdi>{organization.name}</bdi>
        </DetailItem>
        <DetailItem label={t('organization.fields.legalName')}>{organization.legalName ? <bdi>{organization.legalName}</bdi> : null}</DetailItem>
        <DetailItem label={t('organization.fields.mcNumber')}>{organization.mcNumber ? <bdi>MC-{organization.mcNumber}</bdi> : null}</DetailItem>
        <DetailItem label={t('organization.fields.dotNumber')}>{organization.dotNumber ? <bdi>{organization.dotNumber}</bdi> : null}</DetailItem>
        <DetailItem label={t('organization.fields.phone')}>{organization.phone ? <bdi>{organization.phone}</bdi> : null}</DetailItem>
        <DetailItem label={t('organization.fields.timeZone')}>
          <bdi>{organization.timeZone}</bdi>
        </DetailItem>
        <DetailItem label={t('orgLanguage.field')}>
          <bdi lang={languageInfo(organization.language).lang}>{languageInfo(organization.language).label}</bdi>
        </DetailItem>
        <DetailItem label={t('organization.address')}>
          {address.length
            ? address.map((line) => (
                <bdi key={line} dir="auto" className="block">
                  {line}
                </bdi>
              ))
            : null}
        </DetailItem>
      </DetailCard>
      <DetailCard title={t('organization.bank')} testId="organization-bank">
        <DetailItem label={t('organization.fields.bankName')}>{organization.bankName ? <bdi>{organization.bankName}</bdi> : null}</DetailItem>
        <DetailItem label={t('organization.fields.bankAccountName')}>
          {organization.bankAccountName ? <bdi>{organization.bankAccountName}</bdi> : null}
        </DetailItem>
        <DetailItem label={t('organization.fields.bankRoutingNumber')}>
          {organization.bankRoutingNumber ? <bdi>{organization.bankRoutingNumber}</bdi> : null}
        </DetailItem>
        <DetailItem label={t('organization.fields.bankAccountNumber')}>
          {organization.bankAccountNumber ? <bdi>{organization.bankAccountNumber}</bdi> : null}
        </DetailItem>
      </DetailCard>
    </div>
  )
}
