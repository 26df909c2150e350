import { getFormProps, getInputProps } from '@conform-to/react'
import { Form, href, useNavigation } from 'react-router'

import { RefusalNotice, useRefusal } from '~/components/forms/refusal'
import { useSchemaForm } from '~/components/forms/use-schema-form'
import { FuelTypePicker } from '~/components/ifta/fuel-type-picker'
import { PageHeader } from '~/components/layout/page-header'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { ErrorList, FormErrors, TextField } from '~/components/ui/field'
import { inputClass } from '~/components/ui/input-class'
import { useTranslation } from '~/hooks/use-translation'
import { getInstance } from '~/middleware/i18next'
import { getIftaRates, importIftaRateMatrix, putIftaRates, requireQuarter } from '~/models/fuel-tax/ifta-return.server'
import { ratesChangeRefusal } from '~/policies/ifta'
import { requireActor } from '~/requests/actor.server'
import { formConstraint, intent, intentAction } from '~/requests/forms.server'
import { requirePermission } from '~/requests/session.server'
import { IftaFuelRatesFormSchema, IftaReturnQuerySchema, RateMatrixFormSchema } from '~/schemas/ifta'
import { IFTA_MEMBERS } from '~/schemas/ifta-options'
import { parseListQuery } from '~/schemas/list-query'
import { notFoundUnless } from '~/utils/errors.server'
import { isolate } from '~/utils/format'
import { can } from '~/utils/permissions'
import { redirectWithToast } from '~/utils/toast.server'

import type { Route } from './+types/rates'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['ifta'] }

/**
 * The quarter's rates for one fuel type: a row per member jurisdiction (rate and surcharge in US
 * dollars per gallon, as the IFTA, Inc. matrix prints them) and the monthly interest rate. A row
 * left empty has no rate, and the return warns of it where miles or fuel need one.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'iftaReturn')
  const quarter = notFoundUnless(() => requireQuarter(params.quarter))
  const { fuelType } = parseListQuery(IftaReturnQuerySchema, new URL(request.url).searchParams)
  const table = await getIftaRates(user.organizationId, quarter)
  const rows = new Map(table.rates.filter((rate) => rate.fuelType === fuelType).map((rate) => [rate.jurisdiction, rate]))
  return {
    quarter: table.quarter,
    fuelType,
    interestPerMonth: table.interestPerMonth,
    rates: IFTA_MEMBERS.map((jurisdiction) => ({
      jurisdiction,
      ratePerGallon: rows.get(jurisdiction)?.ratePerGallon ?? '',
      surchargePerGallon: rows.get(jurisdiction)?.surchargePerGallon ?? '',
    })),
    // A filed quarter's rates are closed (the policy); the page says so and offers no change.
    closed: ratesChangeRefusal(table.status),
    canEdit: can(user.role, 'update', 'iftaReturn') && !ratesChangeRefusal(table.status),
    constraint: formConstraint(IftaFuelRatesFormSchema),
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { actor } = await requireActor(request, 'update', 'iftaReturn')
  const quarter = notFoundUnless(() => requireQuarter(params.quarter))
  const { t } = getInstance(context)
  return intentAction(await request.formData(), t, {
    save: intent({
      schema: IftaFuelRatesFormSchema,
      run: async (value) => {
        const rates = value.rates.flatMap((row) =>
          row.ratePerGallon === undefined
            ? []
            : [{ jurisdiction: row.jurisdiction, fuelType: value.fuelType, ratePerGallon: row.ratePerGallon, surchargePerGallon: row.surchargePerGallon }],
        )
        await putIftaRates(actor, quarter, { rates, interestPerMonth: value.interestPerMonth }, { fuelTypes: [value.fuelType] })
        return value.fuelType
      },
      done: (fuelType) =>
        redirectWithToast(`${href('/dashboard/ifta/:quarter/rates', { quarter: params.quarter })}?fuelType=${fuelType}`, {
          type: 'success',
          title: t('ifta.toast.ratesSaved', { quarter: params.quarter }),
        }),
    }),
    // The IFTA, Inc. matrix: every fuel type it has, in one transaction, or nothing with the line that is wrong.
    import: intent({
      schema: RateMatrixFormSchema,
      run: async ({ file }) => importIftaRateMatrix(actor, quarter, new Uint8Array(await file.arrayBuffer())),
      done: (imported) =>
        redirectWithToast(href('/dashboard/ifta/:quarter/rates', { quarter: params.quarter }), {
          type: 'success',
          title: t('ifta.matrix.imported', { quarter: params.quarter, count: imported.rates }),
        }),
    }),
  })
}

export default function IftaRates({ loaderData, actionData }: Route.ComponentProps) {
  // Keyed by what is stored: after a save the form shows the rates as stored ("0.19" as 0.1900).
  const stored = `${loaderData.interestPerMonth}|${loaderData.rates.map((row) => `${row.ratePerGallon}/${row.surchargePerGallon}`).join(',')}`
  return <RatesPage key={stored} loaderData={loaderData} actionData={actionData} />
}

function RatesPage({ loaderData, actionData }: Pick<Route.ComponentProps, 'loaderData' | 'actionData'>) {
  const { t } = useTranslation()
  const busy = useNavigation().state !== 'idle'
  const { quarter, fuelType, canEdit } = loaderData
  const [form, fields] = useSchemaForm<typeof IftaFuelRatesFormSchema>({
    id: `ifta-rates-${quarter}-${fuelType}`,
    constraint: loaderData.constraint,
    // The matrix upload's refusal is its own card's, not this form's.
    lastResult: actionData?.intent === 'import' ? undefined : actionData?.result,
    defaultValue: { fuelType, interestPerMonth: loaderData.interestPerMonth ?? '', rates: loaderData.rates },
  })
  const rows = fields.rates.getFieldList()
  // The form has no field of its own to show a message at: the file's message is listed under the summary.
  const importRefusal = useRefusal(actionData, 'import', undefined, [])
  return (
    <>
      <PageHeader
        title={t('ifta.rates.title', { quarter: isolate(quarter) })}
        description={t('ifta.rates.hint')}
        crumbs={[
          { label: t('nav.dashboard'), to: href('/dashboard/app') },
          { label: t('ifta.title'), to: href('/dashboard/ifta') },
          { label: isolate(quarter), to: href('/dashboard/ifta/:quarter', { quarter }) },
          { label: t('ifta.rates.crumb') },
        ]}
      />
      {loaderData.closed ? (
        <p className="mb-6 rounded-card border border-line bg-surface p-4 text-sm" role="status" data-testid="ifta-rates-closed">
          {t(loaderData.closed.key, { quarter: isolate(quarter) })}
        </p>
      ) : null}
      {canEdit ? <MatrixImport refusal={importRefusal} busy={busy} /> : null}
      <Card className="mb-6 p-6">
        <FuelTypePicker value={fuelType} className="flex flex-wrap items-end gap-2" />
      </Card>
      <Form method="post" {...getFormProps(form)}>
        <fieldset disabled={!canEdit || busy} className="min-w-0 space-y-6">
          <FormErrors id={form.errorId} errors={form.errors} />
          <input {...getInputProps(fields.fuelType, { type: 'hidden' })} />
          <Card className="p-6">
            <TextField label={t('ifta.rates.interest')} field={fields.interestPerMonth} hint={t('ifta.rates.interestHint')} />
          </Card>
          <Card className="overflow-hidden">
            <div className="overflow-x-auto">
              <table className="w-full text-sm" data-testid="ifta-rates">
                <thead className="border-b border-line text-muted">
                  <tr>
                    <th scope="col" className="px-6 py-2 text-start font-semibold">
                      {t('ifta.fields.jurisdiction')}
                    </th>
                    <th scope="col" className="px-3 py-2 text-start font-semibold">
                      {t('ifta.rates.rate')}
                    </th>
                    <th scope="col" className="px-6 py-2 text-start font-semibold">
                      {t('ifta.rates.surcharge')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row, index) => {
                    const cells = row.getFieldset()
                    const jurisdiction = loaderData.rates[index]?.jurisdiction
                    return (
                      <tr key={row.key} className="border-b border-line last:border-0">
                        <th scope="row" className="px-6 py-2 text-start font-semibold">
                          {jurisdiction}
                          <input {...getInputProps(cells.jurisdiction, { type: 'hidden' })} />
                        </th>
                        {([cells.ratePerGallon, cells.surchargePerGallon] as const).map((cell, column) => (
                          <td key={cell.name} className={column === 0 ? 'px-3 py-2' : 'px-6 py-2'}>
                            <input
                              {...getInputProps(cell, { type: 'text' })}
                              inputMode="decimal"
                              aria-label={t(column === 0 ? 'ifta.rates.rateOf' : 'ifta.rates.surchargeOf', { jurisdiction })}
                              className={`${inputClass} w-28`}
                              dir="ltr"
                            />
                            <ErrorList id={cell.errorId} errors={cell.errors} />
                          </td>
                        ))}
                      </tr>
                    )
                  })}
                </tbody>
              </table>
            </div>
          </Card>
          {canEdit ? (
            <Button type="submit" name="intent" value="save">
              {t('ifta.rates.save')}
            </Button>
          ) : null}
        </fieldset>
      </Form>
    </>
  )
}

/** The IFTA, Inc. rate matrix as a CSV file: every fuel type it has replaces that type's rates for the quarter. */
function MatrixImport({ refusal, busy }: { refusal: ReturnType<typeof useRefusal>; busy: boolean }) {
  const { t } = useTranslation()
  return (
    <Card className="mb-6 p-6">
      <h2 className="text-base font-bold">{t('ifta.matrix.title')}</h2>
      <p className="mt-1 mb-4 text-sm text-muted">{t('ifta.matrix.hint')}</p>
      <RefusalNotice refusal={refusal} testId="ifta-matrix-refusal" className="mb-4" />
      <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-3">
        <div className="min-w-0">
          <label htmlFor="ifta-matrix-file" className="mb-1.5 block text-sm font-semibold text-ink">
            {t('ifta.matrix.file')}
          </label>
          <input id="ifta-matrix-file" type="file" name="file" accept=".csv,text/csv" required className="block max-w-full text-sm" />
        </div>
        <Button type="submit" name="intent" value="import" variant="secondary" disabled={busy}>
          {t('ifta.matrix.submit')}
        </Button>
      </Form>
    </Card>
  )
}
