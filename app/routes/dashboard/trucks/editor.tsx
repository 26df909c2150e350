import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { useTranslation } from 'react-i18next'
import { data, Form, Link, useNavigation } from 'react-router'
import { PageHeader } from '~/components/layout/page-header'
import { Button, ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { FormErrors, SelectField, TextareaField, TextField } from '~/components/ui/field'
import { getInstance } from '~/middleware/i18next'
import { listCompanyOptions } from '~/models/company.server'
import { createTruck, getTruck, serializeTruck, updateTruck, type TruckDto } from '~/models/truck.server'
import { listDriverOptions } from '~/models/user.server'
import { TruckSchema, type TruckInput } from '~/schemas/truck'
import { TRUCK_OWNERSHIPS, TRUCK_STATUS_VARIANT, TRUCK_STATUSES } from '~/schemas/truck-options'
import { isDomainError, orNotFound } from '~/utils/errors.server'
import { getClientIp, requirePermission } from '~/utils/session.server'
import { listReturnTo, withChanged, withReturnTo } from '~/utils/list-return'
import { redirectWithToast } from '~/utils/toast.server'
import type { Route } from './+types/editor'

/** One editor for /dashboard/trucks/new and /dashboard/trucks/:id/edit. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, params.id ? 'update' : 'create', 'truck')
  const [truck, companies, drivers] = await Promise.all([
    params.id ? orNotFound(getTruck(user.organizationId, params.id)) : null,
    listCompanyOptions(user.organizationId),
    listDriverOptions(user.organizationId),
  ])
  const returnTo = listReturnTo(new URL(request.url).searchParams.get('returnTo'))
  return { truck: truck ? serializeTruck(truck) : null, companies, drivers, returnTo }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requirePermission(request, params.id ? 'update' : 'create', 'truck')
  const formData = await request.formData()
  const submission = parseWithZod(formData, { schema: TruckSchema })
  if (submission.status !== 'success') return data({ result: submission.reply(), conflict: false }, { status: 400 })

  const actor = { userId: user.id, organizationId: user.organizationId, ip: getClientIp(request) }
  const t = getInstance(context).t
  try {
    const truck = params.id ? await updateTruck(actor, params.id, submission.value) : await createTruck(actor, submission.value)
    const status = t(`trucks.status.${truck.status}`)
    // Back to the list as the user left it, with the row that changed marked.
    return redirectWithToast(withChanged(listReturnTo(formData.get('returnTo')), truck.id), {
      // A new truck's toast takes its variant from the truck's status (the spec's truckStatus).
      type: params.id ? 'success' : TRUCK_STATUS_VARIANT[truck.status],
      title: t(params.id ? 'trucks.toast.updated' : 'trucks.toast.created', { unit: truck.unitNumber }),
      description: t('trucks.toast.status', { status }),
    })
  } catch (error) {
    if (!isDomainError(error)) throw error
    if (error.code === 'not_found') throw data(null, { status: 404 })
    return data(
      {
        result: submission.reply({ fieldErrors: error.fields, formErrors: error.fields ? [] : [error.messageKey] }),
        conflict: error.code === 'conflict',
      },
      { status: error.status },
    )
  }
}

/** The editable fields of a truck as the form shows them (absent, not null, when empty). */
function formDefaults(truck: TruckDto): Partial<Record<keyof TruckInput, string | number>> {
  const keys = Object.keys(TruckSchema.shape) as Array<keyof TruckInput>
  return Object.fromEntries(keys.flatMap((key) => (truck[key] === null || truck[key] === undefined ? [] : [[key, truck[key]]])))
}

export default function TruckEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const { truck, companies, drivers, returnTo } = loaderData
  const [form, fields] = useForm({
    // A stable id: revalidation after a 409 must not remount the form with the newer version,
    // or a second click would overwrite the other edit.
    id: truck ? `truck-${truck.id}` : 'truck-new',
    lastResult: navigation.state === 'idle' ? actionData?.result : undefined,
    constraint: getZodConstraint(TruckSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: TruckSchema }),
    defaultValue: truck ? formDefaults(truck) : { status: 'available', ownership: 'company' },
  })
  const title = truck ? t('trucks.edit.title', { unit: truck.unitNumber }) : t('trucks.new.title')
  const statusOptions = TRUCK_STATUSES.map((value) => ({ value, label: t(`trucks.status.${value}`) }))
  const ownershipOptions = TRUCK_OWNERSHIPS.map((value) => ({ value, label: t(`trucks.ownership.${value}`) }))

  return (
    <>
      <PageHeader
        title={title}
        crumbs={[
          { label: t('nav.dashboard'), to: '/dashboard/app' },
          { label: t('nav.trucks'), to: returnTo },
          { label: truck ? truck.unitNumber : t('nav.create') },
        ]}
      />
      <Form method="post" {...getFormProps(form)} className="space-y-6">
        <FormErrors id={form.errorId} errors={form.errors} />
        {actionData?.conflict && truck ? (
          <p className="text-sm">
            <Link to={withReturnTo(`/dashboard/trucks/${truck.id}/edit`, returnTo)} reloadDocument className="font-semibold text-primary-dark underline dark:text-primary-light">
              {t('errors.conflictReload')}
            </Link>
          </p>
        ) : null}
        {/* The version the user started from (kept from their submission after a conflict). */}
        {truck ? <input {...getInputProps(fields.version, { type: 'hidden' })} /> : null}
        <input type="hidden" name="returnTo" value={returnTo} />
        <Card className="p-6">
          <h2 className="mb-5 text-base font-bold">{t('trucks.editor.identity')}</h2>
          <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            <TextField label={t('fields.unitNumber')} field={fields.unitNumber} />
            <SelectField label={t('fields.status')} field={fields.status} options={statusOptions} />
            <SelectField label={t('fields.ownership')} field={fields.ownership} options={ownershipOptions} />
            <SelectField
              label={t('fields.company')}
              field={fields.companyId}
              placeholder={t('common.none')}
              options={companies.map((company) => ({ value: company.id, label: company.name }))}
            />
            <SelectField
              label={t('fields.primaryDriver')}
              field={fields.primaryDriverId}
              placeholder={t('common.none')}
              options={drivers.map((driver) => ({ value: driver.id, label: `${driver.firstName} ${driver.lastName}` }))}
            />
          </div>
        </Card>
        <Card className="p-6">
          <h2 className="mb-5 text-base font-bold">{t('trucks.editor.vehicle')}</h2>
          <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            <TextField label={t('fields.vin')} field={fields.vin} hint={t('trucks.editor.vinHint')} />
            <TextField label={t('fields.make')} field={fields.make} />
            <TextField label={t('fields.model')} field={fields.model} />
            <TextField label={t('fields.year')} field={fields.year} type="number" />
            <TextField label={t('fields.licensePlate')} field={fields.licensePlate} />
            <TextField label={t('fields.plateState')} field={fields.plateState} />
            <TextField label={t('fields.odometerMiles')} field={fields.odometerMiles} type="number" />
            <TextField label={t('fields.registrationExpiry')} field={fields.registrationExpiry} type="date" />
            <TextField label={t('fields.inspectionDue')} field={fields.inspectionDue} type="date" />
          </div>
          <TextareaField label={t('fields.notes')} field={fields.notes} className="mt-5" />
        </Card>
        <div className="flex flex-wrap justify-end gap-3">
          <ButtonLink to={returnTo} variant="secondary">
            {t('common.cancel')}
          </ButtonLink>
          <Button type="submit" disabled={navigation.state === 'submitting'}>
            {truck ? t('common.saveChanges') : t('trucks.new.submit')}
          </Button>
        </div>
      </Form>
    </>
  )
}
