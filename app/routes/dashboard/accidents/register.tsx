import { Form, href } from 'react-router'

import { PageHeader } from '~/components/layout/page-header'
import { Button, buttonClass } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Icon } from '~/components/ui/icons'
import { inputClass } from '~/components/ui/input-class'
import { useTimeZone } from '~/hooks/use-time-zone'
import { useTranslation } from '~/hooks/use-translation'
import { accidentRegister } from '~/models/accidents/accident-register.server'
import { requirePermission } from '~/requests/session.server'
import { AccidentRegisterQuerySchema } from '~/schemas/accident'
import { parseListQuery } from '~/schemas/list-query'
import { formatDate, formatDateTime, formatNumber } from '~/utils/format'

import type { Route } from './+types/register'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['accidents'] }

/** The 390.15 register of the 3 years up to a chosen day (today by default), with its CSV and PDF. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'accident')
  const { until } = parseListQuery(AccidentRegisterQuerySchema, new URL(request.url).searchParams)
  const register = await accidentRegister(user.organizationId, until)
  return {
    organization: register.organization,
    window: register.window,
    totals: register.totals,
    accidents: register.accidents.map((row) => ({ ...row, occurredAt: row.occurredAt.toISOString() })),
  }
}

export default function AccidentRegisterPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const timeZone = useTimeZone()
  const language = i18n.language
  const { window, totals, organization } = loaderData
  const file = (format: 'csv' | 'pdf') => `${href('/dashboard/accidents/register/file')}?until=${window.to}&format=${format}`
  const yes = (value: boolean) => (value ? t('accidents.register.yes') : t('accidents.register.no'))
  return (
    <>
      <PageHeader
        title={t('accidents.register.title')}
        crumbs={[
          { label: t('nav.dashboard'), to: href('/dashboard/app') },
          { label: t('nav.accidents'), to: href('/dashboard/accidents') },
          { label: t('accidents.register.title') },
        ]}
      />
      <Card className="mb-6 p-4 sm:p-5">
        <p className="mb-3 text-sm text-muted">
          {t('accidents.register.intro', {
            name: organization.name,
            dot: organization.dotNumber ?? t('accidents.register.noDot'),
            from: formatDate(language, window.from),
            to: formatDate(language, window.to),
          })}
        </p>
        <Form method="get" className="flex flex-wrap items-end gap-3">
          <div className="min-w-36">
            <label htmlFor="until" className="fd-label">
              {t('accidents.register.until')}
            </label>
            <input id="until" name="until" type="date" defaultValue={window.to} className={inputClass} />
          </div>
          <Button type="submit" variant="secondary">
            {t('accidents.register.show')}
          </Button>
          <a href={file('csv')} download className={buttonClass('ghost')} data-testid="accident-register-csv">
            <Icon name="download" size={18} />
            {t('accidents.register.csv')}
          </a>
          <a href={file('pdf')} download className={buttonClass('ghost')} data-testid="accident-register-pdf">
            <Icon name="download" size={18} />
            {t('accidents.register.pdf')}
          </a>
        </Form>
      </Card>
      <Card className="overflow-x-auto">
        <table className="fd-table w-full" data-testid="accident-register">
          <thead>
            <tr>
              <th scope="col">{t('accidents.fields.occurredAt')}</th>
              <th scope="col">{t('accidents.fields.city')}</th>
              <th scope="col">{t('accidents.fields.state')}</th>
              <th scope="col">{t('accidents.fields.driver')}</th>
              <th scope="col" className="text-end">
                {t('accidents.fields.injuries')}
              </th>
              <th scope="col" className="text-end">
                {t('accidents.fields.fatalities')}
              </th>
              <th scope="col">{t('accidents.fields.hazmatReleased')}</th>
              <th scope="col">{t('accidents.fields.recordable')}</th>
            </tr>
          </thead>
          <tbody>
            {loaderData.accidents.length === 0 ? (
              <tr>
                <td colSpan={8} className="text-muted">
                  {t('accidents.register.empty')}
                </td>
              </tr>
            ) : (
              loaderData.accidents.map((row) => (
                <tr key={row.id}>
                  <td className="whitespace-nowrap">
                    <a href={href('/dashboard/accidents/:id', { id: row.id })}>{formatDateTime(language, row.occurredAt, timeZone)}</a>
                  </td>
                  <td>{row.city}</td>
                  <td>{row.state}</td>
                  <td>{row.driver}</td>
                  <td className="fd-num">{formatNumber(language, row.injuries)}</td>
                  <td className="fd-num">{formatNumber(language, row.fatalities)}</td>
                  <td>{yes(row.hazmatReleased)}</td>
                  <td>{yes(row.recordable)}</td>
                </tr>
              ))
            )}
          </tbody>
          <tfoot>
            <tr className="font-semibold">
              <td colSpan={4}>{t('accidents.register.total', { number: formatNumber(language, totals.accidents) })}</td>
              <td className="fd-num">{formatNumber(language, totals.injuries)}</td>
              <td className="fd-num">{formatNumber(language, totals.fatalities)}</td>
              <td>{formatNumber(language, totals.hazmatReleased)}</td>
              <td>{formatNumber(language, totals.recordable)}</td>
            </tr>
          </tfoot>
        </table>
      </Card>
    </>
  )
}
