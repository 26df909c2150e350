import { getFormProps } from '@conform-to/react'
import { Form, href, useNavigation } from 'react-router'

import { useSchemaForm } from '~/components/forms/use-schema-form'
import { FuelTypePicker } from '~/components/ifta/fuel-type-picker'
import { PageHeader } from '~/components/layout/page-header'
import { Badge } from '~/components/ui/badge'
import { BidiText } from '~/components/ui/bidi-text'
import { Button, ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { SummaryItem, SummaryList } from '~/components/ui/details'
import { FormErrors, TextareaField, TextField } from '~/components/ui/field'
import { Icon } from '~/components/ui/icons'
import { EmptyState } from '~/components/ui/list-controls'
import { useTranslation } from '~/hooks/use-translation'
import { getInstance } from '~/middleware/i18next'
import { fileIftaReturn, iftaReturnBody, reopenIftaReturn, requireQuarter } from '~/models/fuel-tax/ifta-return.server'
import { organizationToday } from '~/models/organization/organization.server'
import { actorOf } from '~/requests/actor.server'
import { formConstraint, intent, intentAction } from '~/requests/forms.server'
import { requirePermission, requireUser } from '~/requests/session.server'
import { FileReturnSchema, IftaReturnQuerySchema, ReopenReturnSchema } from '~/schemas/ifta'
import { parseListQuery } from '~/schemas/list-query'
import { notFoundUnless } from '~/utils/errors.server'
import { formatDate, formatDecimalText, formatMoney, formatNumber, isolate } from '~/utils/format'
import { can } from '~/utils/permissions'
import { redirectWithToast } from '~/utils/toast.server'

import type { Route } from './+types/return'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['ifta', 'iftaPdf'] }

/**
 * A quarter's return for one fuel type: the totals, one line per member jurisdiction, what to
 * check before filing, and (for those who may) "File" while open and "Reopen" (admins) once filed.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'iftaReturn')
  const quarter = notFoundUnless(() => requireQuarter(params.quarter))
  const { fuelType } = parseListQuery(IftaReturnQuerySchema, new URL(request.url).searchParams)
  const { t } = getInstance(context)
  const [body, today] = await Promise.all([
    iftaReturnBody(user.organizationId, quarter, fuelType, t, { isolate: true }),
    organizationToday(user.organizationId),
  ])
  return {
    body,
    today,
    canFile: body.status === 'open' && can(user.role, 'update', 'iftaReturn'),
    canReopen: body.status === 'filed' && can(user.role, 'delete', 'iftaReturn'),
    canEditRates: can(user.role, 'update', 'iftaReturn'),
    fileConstraint: formConstraint(FileReturnSchema),
    reopenConstraint: formConstraint(ReopenReturnSchema),
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireUser(request)
  const quarter = notFoundUnless(() => requireQuarter(params.quarter))
  const actor = actorOf(request, user)
  const { t } = getInstance(context)
  const self = href('/dashboard/ifta/:quarter', { quarter: params.quarter })
  return intentAction(await request.formData(), t, {
    file: intent({
      schema: FileReturnSchema,
      run: (value) => fileIftaReturn(actor, quarter, value.filedAt),
      done: () => redirectWithToast(self, { type: 'success', title: t('ifta.toast.filed', { quarter: params.quarter }) }),
    }),
    reopen: intent({
      schema: ReopenReturnSchema,
      run: (value) => reopenIftaReturn(actor, quarter, value.reason),
      done: () => redirectWithToast(self, { type: 'success', title: t('ifta.toast.reopened', { quarter: params.quarter }) }),
    }),
  })
}

export default function IftaReturnPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { body } = loaderData
  const money = (cents: number) => formatMoney(i18n.language, cents)
  const number = (value: number) => formatNumber(i18n.language, value)
  const gallons = (value: string) => formatDecimalText(i18n.language, value, 3)
  const self = href('/dashboard/ifta/:quarter', { quarter: body.quarter })
  const exportHref = `${href('/dashboard/ifta/:quarter/export', { quarter: body.quarter })}?fuelType=${body.fuelType}`
  const pdfHref = `${href('/dashboard/ifta/:quarter/pdf', { quarter: body.quarter })}?fuelType=${body.fuelType}`
  return (
    <>
      <PageHeader
        title={t('ifta.return.title', { quarter: isolate(body.quarter) })}
        crumbs={[
          { label: t('nav.dashboard'), to: href('/dashboard/app') },
          { label: t('ifta.title'), to: href('/dashboard/ifta') },
          { label: isolate(body.quarter) },
        ]}
        action={
          <div className="flex flex-wrap gap-2">
            <ButtonLink to={href('/dashboard/ifta/:quarter/rates', { quarter: body.quarter })} variant="secondary">
              {loaderData.canEditRates ? t('ifta.rates.edit') : t('ifta.rates.view')}
            </ButtonLink>
            <ButtonLink to={exportHref} reloadDocument variant="secondary">
              <Icon name="download" size={18} />
              {t('ifta.return.csv')}
            </ButtonLink>
            <ButtonLink to={pdfHref} reloadDocument variant="secondary">
              <Icon name="download" size={18} />
              {t('iftaPdf.return.download')}
            </ButtonLink>
          </div>
        }
      />

      <Card className="mb-6 p-6" data-testid="ifta-summary">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <div className="flex flex-wrap items-center gap-3">
            <Badge tone={body.status === 'filed' ? 'success' : 'default'}>{t(`ifta.return.status.${body.status}`)}</Badge>
            <span className="text-sm text-muted">
              {body.filedAt
                ? t('ifta.return.filedOn', { date: formatDate(i18n.language, body.filedAt) })
                : t('ifta.return.due', { date: formatDate(i18n.language, body.dueDate) })}
            </span>
          </div>
          <FuelTypePicker value={body.fuelType} className="flex items-end gap-2" />
        </div>
        <SummaryList>
          <SummaryItem label={t('ifta.return.totalMiles')} className="tabular-nums">
            {number(body.totalMiles)}
          </SummaryItem>
          <SummaryItem label={t('ifta.return.taxableMiles')} className="tabular-nums">
            {number(body.taxableMiles)}
          </SummaryItem>
          <SummaryItem label={t('ifta.return.totalGallons')} className="tabular-nums">
            {gallons(body.totalGallons)}
          </SummaryItem>
          <SummaryItem label={t('ifta.return.mpg')} className="tabular-nums">
            {body.mpg === null ? '—' : formatDecimalText(i18n.language, body.mpg, 2)}
          </SummaryItem>
          <SummaryItem label={t('ifta.return.taxDue')} className="tabular-nums">
            {money(body.taxDueCents)}
          </SummaryItem>
          <SummaryItem label={t('ifta.return.penalty')} className="tabular-nums">
            {money(body.penaltyCents)}
          </SummaryItem>
          <SummaryItem label={t('ifta.return.interest')} className="tabular-nums">
            {money(body.interestCents)}
          </SummaryItem>
          <SummaryItem label={t('ifta.return.totalDue')} className="font-semibold tabular-nums">
            <span data-testid="ifta-total-due">{money(body.totalDueCents)}</span>
          </SummaryItem>
        </SummaryList>
      </Card>

      {body.warnings.length > 0 ? (
        <Card className="mb-6 p-6" data-testid="ifta-warnings">
          <h2 className="mb-3 text-base font-bold">{t('ifta.return.warningsTitle')}</h2>
          <ul className="space-y-2 text-sm">
            {body.warnings.map((warning, index) => (
              <li key={`${warning.code}-${index}`} className="flex gap-2">
                <Icon name="alert" size={18} className="mt-0.5 shrink-0 text-warning-dark" />
                <span>
                  <BidiText text={warning.message} />
                </span>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}

      <Card className="mb-6 overflow-hidden">
        <h2 className="px-6 pt-6 pb-3 text-base font-bold">{t('ifta.return.lines')}</h2>
        {body.lines.length === 0 ? (
          <EmptyState title={t('ifta.return.emptyTitle')} description={t('ifta.return.empty')} />
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm" data-testid="ifta-lines">
              <thead className="border-b border-line text-muted">
                <tr>
                  {(
                    [
                      'fields.jurisdiction',
                      'return.totalMiles',
                      'return.taxableMiles',
                      'return.taxableGallons',
                      'return.taxPaidGallons',
                      'return.netTaxableGallons',
                      'return.rate',
                      'return.tax',
                      'return.surcharge',
                      'return.interest',
                    ] as const
                  ).map((key, index) => (
                    <th
                      key={key}
                      scope="col"
                      className={`px-3 py-2 font-semibold ${index === 0 ? 'ps-6 text-start' : 'text-end'} ${index === 9 ? 'pe-6' : ''}`}
                    >
                      {t(`ifta.${key}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {body.lines.map((line) => (
                  <tr key={line.jurisdiction} className="border-b border-line last:border-0">
                    <th scope="row" className="px-3 py-2 ps-6 text-start font-semibold">
                      {line.jurisdiction}
                    </th>
                    <td className="fd-num px-3 py-2">{number(line.totalMiles)}</td>
                    <td className="fd-num px-3 py-2">{number(line.taxableMiles)}</td>
                    <td className="fd-num px-3 py-2">{number(line.taxableGallons)}</td>
                    <td className="fd-num px-3 py-2">{gallons(line.taxPaidGallons)}</td>
                    <td className="fd-num px-3 py-2">{gallons(line.netTaxableGallons)}</td>
                    <td className="fd-num px-3 py-2">{line.ratePerGallon === null ? '—' : formatDecimalText(i18n.language, line.ratePerGallon, 4)}</td>
                    <td className="fd-num px-3 py-2 font-semibold">{money(line.taxCents)}</td>
                    <td className="fd-num px-3 py-2">{money(line.surchargeCents)}</td>
                    <td className="fd-num px-3 py-2 pe-6">{money(line.interestCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>

      {loaderData.canFile ? <FileForm self={self} today={loaderData.today} constraint={loaderData.fileConstraint} actionData={actionData} /> : null}
      {loaderData.canReopen ? <ReopenForm constraint={loaderData.reopenConstraint} actionData={actionData} /> : null}
    </>
  )
}

type ActionData = Route.ComponentProps['actionData']

function FileForm(props: { self: string; today: string; constraint: Route.ComponentProps['loaderData']['fileConstraint']; actionData: ActionData }) {
  const { t } = useTranslation()
  const busy = useNavigation().state !== 'idle'
  const [form, fields] = useSchemaForm<typeof FileReturnSchema>({
    id: 'ifta-file',
    constraint: props.constraint,
    lastResult: props.actionData?.intent === 'file' ? props.actionData.result : undefined,
    defaultValue: { filedAt: props.today },
  })
  return (
    <Card className="p-6" data-testid="ifta-file">
      <h2 className="mb-1 text-base font-bold">{t('ifta.return.fileTitle')}</h2>
      <p className="mb-4 text-sm text-muted">{t('ifta.return.fileHint')}</p>
      <Form method="post" action={props.self} {...getFormProps(form)} className="flex flex-wrap items-end gap-4">
        <div className="w-full">
          <FormErrors id={form.errorId} errors={form.errors} />
        </div>
        <TextField label={t('ifta.return.filedAt')} field={fields.filedAt} type="date" />
        <Button type="submit" name="intent" value="file" disabled={busy}>
          {t('ifta.return.fileSubmit')}
        </Button>
      </Form>
    </Card>
  )
}

function ReopenForm(props: { constraint: Route.ComponentProps['loaderData']['reopenConstraint']; actionData: ActionData }) {
  const { t } = useTranslation()
  const busy = useNavigation().state !== 'idle'
  const [form, fields] = useSchemaForm<typeof ReopenReturnSchema>({
    id: 'ifta-reopen',
    constraint: props.constraint,
    lastResult: props.actionData?.intent === 'reopen' ? props.actionData.result : undefined,
  })
  return (
    <Card className="p-6" data-testid="ifta-reopen">
      <h2 className="mb-1 text-base font-bold">{t('ifta.return.reopenTitle')}</h2>
      <p className="mb-4 text-sm text-muted">{t('ifta.return.reopenHint')}</p>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextareaField label={t('ifta.return.reason')} field={fields.reason} rows={2} />
        <Button type="submit" name="intent" value="reopen" variant="danger" disabled={busy}>
          {t('ifta.return.reopenSubmit')}
        </Button>
      </Form>
    </Card>
  )
}
