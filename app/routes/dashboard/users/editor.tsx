import { getFormProps, getInputProps } from '@conform-to/react'
import { Form, href, useNavigation } from 'react-router'
import { z } from 'zod'

import { ConflictNotice } from '~/components/forms/conflict-notice'
import { DefaultSubmit } from '~/components/forms/default-submit'
import { useSchemaForm } from '~/components/forms/use-schema-form'
import { PageHeader } from '~/components/layout/page-header'
import { RecurringDeductions } from '~/components/settlements/recurring-deductions'
import { Badge } from '~/components/ui/badge'
import { Button, ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { FormErrors, SelectField, TextField } from '~/components/ui/field'
import { AddressFields } from '~/components/users/address-fields'
import { useHydrated } from '~/hooks/use-hydrated'
import { useTranslation } from '~/hooks/use-translation'
import { LANGUAGES } from '~/i18n'
import { getInstance, getLocale } from '~/middleware/i18next'
import { listCompanyOptions } from '~/models/reference/company.server'
import { createUser, getUser, reinviteUser, serializeUser, updateUser, type UserDto } from '~/models/users/user.server'
import { requireActor } from '~/requests/actor.server'
import { formConstraint, intent, intentAction, type Refusal, submitForm } from '~/requests/forms.server'
import { requirePermission } from '~/requests/session.server'
import { RECURRING_DEDUCTION_ROWS } from '~/schemas/settlement-options'
import { UserCreateFormSchema, UserUpdateFormSchema } from '~/schemas/user'
import { CDL_CLASSES, PAY_METHODS, payRateToDisplay, ROLES, USER_STATUS_META } from '~/schemas/user-options'
import { orNotFound } from '~/utils/errors.server'
import { listReturnTo, withChanged, withReturnTo } from '~/utils/list-return'
import { redirectWithToast } from '~/utils/toast.server'

import type { Route } from './+types/editor'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['users', 'qualifications'] }

const LIST = href('/dashboard/user/list')

/** The reinvite acts on the page's user and reads nothing from the form. */
const ReinviteSchema = z.object({})

/** One editor for /dashboard/user/new and /dashboard/user/:id/edit (admins only). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, params.id ? 'update' : 'create', 'user')
  const record = params.id ? await orNotFound(getUser(user.organizationId, params.id)) : null
  const companies = await listCompanyOptions(user.organizationId, { keepId: record?.companyId })
  const returnTo = listReturnTo(new URL(request.url).searchParams.get('returnTo'), LIST)
  return {
    record: record ? serializeUser(record) : null,
    companies,
    returnTo,
    self: record?.id === user.id,
    constraint: formConstraint(record ? UserUpdateFormSchema : UserCreateFormSchema),
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { actor } = await requireActor(request, params.id ? 'update' : 'create', 'user')
  const formData = await request.formData()
  const t = getInstance(context).t
  const returnTo = listReturnTo(formData.get('returnTo'), LIST)
  const name = (user: { firstName: string; lastName: string }) => `${user.firstName} ${user.lastName}`

  // Any intent but the save (a post without one saves, as the new-user form has no other): the
  // reinvite, through the one page-action protocol, so an unknown intent is a refusal too, and a
  // refused reinvite (the user accepted meanwhile) shows on the page with the reload link.
  const posted = formData.get('intent')
  if (params.id && posted !== null && posted !== 'save') {
    const id = params.id
    return intentAction(formData, t, {
      reinvite: intent({
        schema: ReinviteSchema,
        run: () => reinviteUser(actor, id, getLocale(context)),
        done: ({ user }) => redirectWithToast(withChanged(returnTo, user.id), { type: 'success', title: t('users.toast.invited', { email: user.email }) }),
      }),
    })
  }

  if (params.id) {
    return submitForm(
      formData,
      UserUpdateFormSchema,
      (input) => updateUser(actor, params.id!, input),
      (user) =>
        redirectWithToast(withChanged(returnTo, user.id), {
          type: 'success',
          title: t('users.toast.updated', { name: name(user) }),
          description: user.status === 'banned' ? t('users.toast.bannedDescription') : undefined,
        }),
      { translate: t },
    )
  }
  // A refused form never sends the password back to the browser.
  return submitForm(
    formData,
    UserCreateFormSchema,
    (input) => createUser(actor, input, getLocale(context)),
    ({ user, invited }) =>
      redirectWithToast(withChanged(returnTo, user.id), {
        type: 'success',
        title: t('users.toast.created', { name: name(user) }),
        description: invited ? t('users.toast.invited', { email: user.email }) : undefined,
      }),
    { hideFields: ['password'], translate: t },
  )
}

/** The editable fields of a user as the form shows them (absent, not null, when empty). */
function formDefaults(user: UserDto) {
  const values: Record<string, unknown> = {}
  for (const key of [
    'firstName',
    'lastName',
    'phone',
    'role',
    'status',
    'companyId',
    'addressLine1',
    'addressLine2',
    'city',
    'state',
    'postalCode',
    'country',
    'version',
  ] as const) {
    if (user[key] !== null && user[key] !== undefined) values[key] = String(user[key])
  }
  const profile = user.driverProfile
  if (profile) {
    const driverProfile: Record<string, unknown> = {}
    // The contract's names repeat payMethod/payRate; the editor writes those.
    const skip = new Set(['payRate', 'payType', 'payRateCents', 'payPercent', 'emptyMileRateCents', 'storeLimitCents', 'recurringDeductions'])
    for (const [key, value] of Object.entries(profile)) if (value !== null && !skip.has(key)) driverProfile[key] = String(value)
    const rate = payRateToDisplay(profile.payMethod, profile.payRate)
    if (rate !== null) driverProfile.payRate = String(rate)
    if (profile.emptyMileRateCents !== null) driverProfile.emptyMileRateCents = String(profile.emptyMileRateCents / 100)
    driverProfile.storeLimitCents = String(profile.storeLimitCents / 100)
    driverProfile.recurringDeductions = profile.recurringDeductions.map((line) => ({
      description: line.description,
      amountCents: String(line.amountCents / 100),
    }))
    values.driverProfile = driverProfile
  }
  return values
}

/** The deduction rows the driver section shows: the saved ones and a few empty ones to fill (no JavaScript needed). */
function withSpareDeductionRows(values: Record<string, unknown>) {
  const profile = (values.driverProfile ?? {}) as Record<string, unknown>
  const rows = Array.isArray(profile.recurringDeductions) ? profile.recurringDeductions : []
  return { ...values, driverProfile: { ...profile, recurringDeductions: [...rows, ...Array.from({ length: RECURRING_DEDUCTION_ROWS }, () => ({}))] } }
}

export default function UserEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const hydrated = useHydrated()
  const { record, companies, returnTo, self } = loaderData
  // The save's refusal and the reinvite's have the one shape (ADR 049).
  const refusal = actionData as Refusal | undefined
  // Typed by the create schema, which has the update schema's fields plus email and password.
  const [form, fields] = useSchemaForm<typeof UserCreateFormSchema>({
    id: record ? `user-${record.id}` : 'user-new',
    constraint: loaderData.constraint,
    lastResult: refusal?.result,
    defaultValue: withSpareDeductionRows(record ? formDefaults(record) : { role: 'dispatcher' }),
  })
  const allFields = fields as typeof fields & Record<'status' | 'version', typeof fields.email>
  const profile = fields.driverProfile.getFieldset()
  const name = record ? `${record.firstName} ${record.lastName}` : ''
  const title = record ? t('users.edit.title', { name }) : t('users.new.title')
  const roleOptions = ROLES.map((value) => ({ value, label: t(`roles.${value}`) }))
  // An invited user stays invited until they choose a password; anyone else is active or banned.
  const statusOptions = (record?.status === 'invited' ? (['invited', 'banned'] as const) : (['active', 'banned'] as const)).map((value) => ({
    value,
    label: t(`users.status.${value}`),
  }))
  // Without JavaScript the driver section always shows (ignored for other roles); with it, only for drivers.
  const showDriver = !hydrated || fields.role.value === 'driver'
  const payMethod = profile.payMethod.value

  return (
    <>
      <PageHeader
        title={title}
        crumbs={[
          { label: t('nav.dashboard'), to: href('/dashboard/app') },
          { label: t('nav.users'), to: returnTo },
          { label: record ? name : t('nav.create') },
        ]}
        action={
          // A driver's qualification file (ADR 139) is a page of its own, beside the profile.
          record?.role === 'driver' ? (
            <ButtonLink to={href('/dashboard/user/:id/qualifications', { id: record.id })} variant="secondary" data-testid="user-qualifications">
              {t('qualifications.tab')}
            </ButtonLink>
          ) : undefined
        }
      />
      <Form method="post" {...getFormProps(form)} className="space-y-6">
        {/* Enter saves: "Re-invite" and the deductions' row buttons come before "Save". */}
        <DefaultSubmit label={record ? t('common.saveChanges') : t('users.new.submit')} name="intent" value="save" />
        <FormErrors id={form.errorId} errors={form.errors} />
        {refusal?.conflict && record ? <ConflictNotice reloadTo={withReturnTo(href('/dashboard/user/:id/edit', { id: record.id }), returnTo)} /> : null}
        {record ? <input {...getInputProps(allFields.version, { type: 'hidden' })} /> : null}
        <input type="hidden" name="returnTo" value={returnTo} />
        <Card className="p-6">
          <h2 className="mb-5 text-base font-bold">{t('users.editor.account')}</h2>
          <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            <TextField label={t('fields.firstName')} field={fields.firstName} autoComplete="off" />
            <TextField label={t('fields.lastName')} field={fields.lastName} autoComplete="off" />
            {record ? (
              <div className="min-w-0">
                <p className="mb-1.5 text-sm font-semibold">{t('fields.email')}</p>
                <p className="flex h-11 items-center gap-2 text-sm">
                  <span className="truncate">{record.email}</span>
                  <Badge tone={USER_STATUS_META[record.status].tone}>{t(`users.status.${record.status}`)}</Badge>
                </p>
              </div>
            ) : (
              <TextField label={t('fields.email')} field={fields.email} type="email" autoComplete="off" />
            )}
            <SelectField label={t('users.fields.role')} field={fields.role} options={roleOptions} />
            {record ? (
              <SelectField
                label={t('fields.status')}
                field={allFields.status}
                options={statusOptions}
                hint={self ? t('users.editor.selfHint') : t('users.editor.banHint')}
              />
            ) : (
              <TextField
                label={t('fields.password')}
                field={fields.password}
                type="password"
                autoComplete="new-password"
                hint={t('users.editor.passwordHint')}
              />
            )}
            <SelectField
              label={t('fields.company')}
              field={fields.companyId}
              placeholder={t('common.none')}
              options={companies.map((company) => ({ value: company.id, label: company.name }))}
            />
            <TextField label={t('users.fields.phone')} field={fields.phone} autoComplete="off" />
          </div>
        </Card>
        <Card className="p-6">
          <h2 className="mb-5 text-base font-bold">{t('users.editor.address')}</h2>
          <AddressFields fields={fields} />
        </Card>
        <Card className={showDriver ? 'p-6' : 'hidden'} data-testid="driver-profile">
          <h2 className="text-base font-bold">{t('users.editor.driver')}</h2>
          <p className="mt-1 mb-5 text-sm text-muted">{t('users.editor.driverHint')}</p>
          <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            <TextField label={t('users.fields.licenseNumber')} field={profile.licenseNumber} />
            <TextField label={t('users.fields.licenseState')} field={profile.licenseState} />
            <SelectField
              label={t('users.fields.cdlClass')}
              field={profile.cdlClass}
              placeholder={t('common.none')}
              options={CDL_CLASSES.map((value) => ({ value, label: t('users.cdl', { class: value }) }))}
            />
            <TextField label={t('users.fields.licenseExpiry')} field={profile.licenseExpiry} type="date" />
            <TextField label={t('users.fields.medicalCardExpiry')} field={profile.medicalCardExpiry} type="date" />
            <TextField label={t('users.fields.hireDate')} field={profile.hireDate} type="date" />
            <SelectField
              label={t('users.fields.payMethod')}
              field={profile.payMethod}
              placeholder={t('common.none')}
              options={PAY_METHODS.map((value) => ({ value, label: t(`users.payMethod.${value}`) }))}
            />
            <TextField
              label={t('users.fields.payRate')}
              field={profile.payRate}
              hint={
                payMethod === 'percent'
                  ? t('users.payRateHint.percent')
                  : payMethod === 'flat'
                    ? t('users.payRateHint.flat')
                    : payMethod === 'per_mile'
                      ? t('users.payRateHint.per_mile')
                      : t('users.payRateHint.any')
              }
            />
            <TextField label={t('users.fields.emptyMileRate')} field={profile.emptyMileRateCents} hint={t('users.payRateHint.per_mile')} />
            <TextField label={t('users.fields.storeLimit')} field={profile.storeLimitCents} hint={t('users.fields.storeLimitHint')} />
            <SelectField
              label={t('users.fields.statementLanguage')}
              field={profile.language}
              options={LANGUAGES.map((language) => ({ value: language.code, label: language.label }))}
            />
            <TextField label={t('users.fields.emergencyContactName')} field={profile.emergencyContactName} />
            <TextField label={t('users.fields.emergencyContactPhone')} field={profile.emergencyContactPhone} />
          </div>
          <RecurringDeductions list={profile.recurringDeductions} />
        </Card>
        <div className="flex flex-wrap justify-end gap-3">
          <ButtonLink to={returnTo} variant="secondary">
            {t('common.cancel')}
          </ButtonLink>
          {record?.status === 'invited' ? (
            <Button type="submit" name="intent" value="reinvite" variant="secondary" formNoValidate>
              {t('users.edit.reinvite')}
            </Button>
          ) : null}
          <Button type="submit" name="intent" value="save" disabled={navigation.state === 'submitting'}>
            {record ? t('common.saveChanges') : t('users.new.submit')}
          </Button>
        </div>
      </Form>
    </>
  )
}
