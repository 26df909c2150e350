import { getFormProps } from '@conform-to/react'
import { Form, href, redirect, useNavigation } from 'react-router'

import { useSchemaForm } from '~/components/forms/use-schema-form'
import { PageHeader } from '~/components/layout/page-header'
import { Button, ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { FormErrors, SelectField, TextareaField, TextField } from '~/components/ui/field'
import { useTranslation } from '~/hooks/use-translation'
import { getInstance } from '~/middleware/i18next'
import { claimFormOptions, claimState, createClaim, getClaim, updateClaim } from '~/models/claims/claim.server'
import { organizationToday } from '~/models/organization/organization.server'
import { isoDate } from '~/models/records/records.server'
import { claimAllows } from '~/policies/claim'
import { requireActor } from '~/requests/actor.server'
import { formConstraint, submitForm } from '~/requests/forms.server'
import { requirePermission } from '~/requests/session.server'
import { CLAIM_FORM_FIELDS, ClaimFormSchema, ClaimFormUpdateSchema, claimFromForm } from '~/schemas/claim'
import { CLAIM_KINDS, claimantValue } from '~/schemas/claim-options'
import { isId } from '~/schemas/text'
import { DomainError, isDomainError, orNotFound } from '~/utils/errors.server'
import { centsToDollars } from '~/utils/money'
import { redirectWithToast } from '~/utils/toast.server'

import type { Route } from './+types/editor'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['claims'] }

/**
 * One editor for /dashboard/claims/new and …/:id/edit. A new claim may start from a load's page
 * (`?loadId=`): the load, and its broker as the claimant. What was paid is typed once the claim is
 * settled (the settle button asks it too).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, params.id ? 'update' : 'create', 'claim')
  const claim = params.id ? await orNotFound(getClaim(user.organizationId, params.id)) : null
  if (claim && !claimAllows('edit', claimState(claim))) throw redirect(href('/dashboard/claims/:id', { id: claim.id }))
  const asked = new URL(request.url).searchParams.get('loadId')
  const loadId = claim?.loadId ?? (asked && isId(asked) ? asked : null)
  const [options, today] = await Promise.all([claimFormOptions(user.organizationId, loadId), organizationToday(user.organizationId)])
  const defaultValue = claim
    ? {
        loadId: claim.loadId,
        kind: claim.kind,
        claimant: claimantValue({ brokerId: claim.claimantBrokerId, companyId: claim.claimantCompanyId }),
        filedOn: isoDate(claim.filedOn)!,
        amountClaimed: centsToDollars(claim.amountClaimedCents),
        amountPaid: claim.amountPaidCents === null ? '' : centsToDollars(claim.amountPaidCents),
        insurer: claim.insurer ?? '',
        insurerClaimNumber: claim.insurerClaimNumber ?? '',
        notes: claim.notes ?? '',
        version: claim.version,
      }
    : {
        loadId: options.load?.id ?? '',
        kind: 'cargo_damage',
        claimant: claimantValue({ brokerId: options.load?.brokerId }),
        filedOn: today,
        amountClaimed: '',
        amountPaid: '',
        insurer: '',
        insurerClaimNumber: '',
        notes: '',
        version: undefined as number | undefined,
      }
  return {
    claim: claim && { id: claim.id, number: claim.number, paidKnown: claim.status === 'settled' || claim.status === 'closed' },
    loads: options.loads.map((load) => ({ value: load.id, label: load.loadNumber })),
    claimants: [
      ...options.brokers.map((broker) => ({ value: `broker:${broker.id}`, label: broker.name, type: 'broker' as const })),
      ...options.companies.map((company) => ({ value: `company:${company.id}`, label: company.name, type: 'company' as const })),
    ],
    defaultValue,
    constraint: formConstraint(claim ? ClaimFormUpdateSchema : ClaimFormSchema),
  }
}

/** The model's refusals name the API's fields; the form's fields are named otherwise (CLAIM_FORM_FIELDS). */
async function atFormFields<T>(work: Promise<T>) {
  try {
    return await work
  } catch (error) {
    if (!isDomainError(error) || !error.fields) throw error
    const fields: Record<string, string[]> = {}
    for (const [field, keys] of Object.entries(error.fields)) (fields[CLAIM_FORM_FIELDS[field] ?? field] ??= []).push(...keys)
    throw new DomainError(error.code, error.messageKey, { ...error.options, fields })
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { actor } = await requireActor(request, params.id ? 'update' : 'create', 'claim')
  const t = getInstance(context).t
  const formData = await request.formData()
  const saved = (claim: { id: string; number: string }) =>
    redirectWithToast(href('/dashboard/claims/:id', { id: claim.id }), {
      type: 'success',
      title: t(params.id ? 'claims.toast.updated' : 'claims.toast.created', { number: claim.number }),
    })
  const id = params.id
  return id
    ? submitForm(formData, ClaimFormUpdateSchema, (input) => atFormFields(updateClaim(actor, id, claimFromForm(input))), saved, { translate: t })
    : submitForm(formData, ClaimFormSchema, (input) => atFormFields(createClaim(actor, claimFromForm(input))), saved, { translate: t })
}

export default function ClaimEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const { claim } = loaderData
  const [form, fields] = useSchemaForm<typeof ClaimFormUpdateSchema>({
    id: 'claim',
    constraint: loaderData.constraint,
    lastResult: actionData?.result,
    defaultValue: loaderData.defaultValue,
  })
  const title = claim ? t('claims.editor.editTitle', { number: claim.number }) : t('claims.editor.newTitle')
  return (
    <>
      <PageHeader
        title={title}
        crumbs={[{ label: t('nav.dashboard'), to: href('/dashboard/app') }, { label: t('nav.claims'), to: href('/dashboard/claims') }, { label: title }]}
      />
      <Form method="post" {...getFormProps(form)} className="mx-auto grid max-w-4xl gap-6" data-testid="claim-form">
        {claim ? <input type="hidden" name="version" value={String(loaderData.defaultValue.version ?? '')} /> : null}
        <FormErrors id={form.errorId} errors={form.errors} />
        <Card className="grid gap-5 p-5 sm:grid-cols-2 sm:p-6">
          <SelectField label={t('claims.fields.load')} field={fields.loadId} placeholder={t('claims.editor.chooseLoad')} options={loaderData.loads} />
          <SelectField
            label={t('claims.fields.claimant')}
            field={fields.claimant}
            placeholder={t('claims.editor.chooseClaimant')}
            options={loaderData.claimants.map((claimant) => ({
              value: claimant.value,
              label: t(`claims.editor.claimant.${claimant.type}`, { name: claimant.label }),
            }))}
          />
          <SelectField
            label={t('claims.fields.kind')}
            field={fields.kind}
            options={CLAIM_KINDS.map((kind) => ({ value: kind, label: t(`claims.kind.${kind}`) }))}
          />
          <TextField label={t('claims.fields.filedOn')} field={fields.filedOn} type="date" />
          <TextField label={t('claims.fields.amountClaimed')} field={fields.amountClaimed} />
          {claim?.paidKnown ? <TextField label={t('claims.fields.amountPaid')} field={fields.amountPaid} /> : null}
          <TextField label={t('claims.fields.insurer')} field={fields.insurer} />
          <TextField label={t('claims.fields.insurerClaimNumber')} field={fields.insurerClaimNumber} />
          <div className="sm:col-span-2">
            <TextareaField label={t('claims.fields.notes')} field={fields.notes} rows={4} />
          </div>
        </Card>
        <div className="flex flex-wrap items-center justify-end gap-3">
          <ButtonLink to={claim ? href('/dashboard/claims/:id', { id: claim.id }) : href('/dashboard/claims')} variant="ghost">
            {t('common.cancel')}
          </ButtonLink>
          <Button type="submit" disabled={navigation.state === 'submitting'}>
            {claim ? t('claims.editor.save') : t('claims.editor.create')}
          </Button>
        </div>
      </Form>
    </>
  )
}
