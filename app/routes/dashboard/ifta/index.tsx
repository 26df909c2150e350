import { href } from 'react-router'

import { PageHeader } from '~/components/layout/page-header'
import { Badge } from '~/components/ui/badge'
import { Card } from '~/components/ui/card'
import { useTranslation } from '~/hooks/use-translation'
import { listIftaQuarters } from '~/models/fuel-tax/ifta-return.server'
import { requirePermission } from '~/requests/session.server'
import { formatDate, formatMoney } from '~/utils/format'

import type { Route } from './+types/index'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['ifta'] }

/** Fuel tax: the last eight quarters, each with its status, due date and total due (every fuel type bought). */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'iftaReturn')
  return { quarters: await listIftaQuarters(user.organizationId) }
}

export default function IftaOverview({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  return (
    <>
      <PageHeader
        title={t('ifta.title')}
        description={t('ifta.overview.hint')}
        crumbs={[{ label: t('nav.dashboard'), to: href('/dashboard/app') }, { label: t('ifta.title') }]}
      />
      <Card className="overflow-hidden">
        <div className="overflow-x-auto">
          <table className="w-full text-sm" data-testid="ifta-quarters">
            <thead className="border-b border-line text-muted">
              <tr>
                <th scope="col" className="px-6 py-3 text-start font-semibold">
                  {t('ifta.fields.quarter')}
                </th>
                <th scope="col" className="px-3 py-3 text-start font-semibold">
                  {t('fields.status')}
                </th>
                <th scope="col" className="px-3 py-3 text-start font-semibold">
                  {t('ifta.overview.dueDate')}
                </th>
                <th scope="col" className="px-6 py-3 text-end font-semibold">
                  {t('ifta.return.totalDue')}
                </th>
              </tr>
            </thead>
            <tbody>
              {loaderData.quarters.map((quarter) => (
                <tr key={quarter.quarter} className="border-b border-line last:border-0">
                  <th scope="row" className="px-6 py-3 text-start font-semibold whitespace-nowrap">
                    <a
                      href={href('/dashboard/ifta/:quarter', { quarter: quarter.quarter })}
                      className="text-primary-dark hover:underline dark:text-primary-light"
                    >
                      <bdi>{quarter.quarter}</bdi>
                    </a>
                  </th>
                  <td className="px-3 py-3 whitespace-nowrap">
                    <Badge tone={quarter.status === 'filed' ? 'success' : 'default'}>{t(`ifta.return.status.${quarter.status}`)}</Badge>
                  </td>
                  <td className="px-3 py-3 whitespace-nowrap tabular-nums">{formatDate(i18n.language, quarter.dueDate)}</td>
                  <td className="px-6 py-3 text-end font-semibold whitespace-nowrap tabular-nums">{formatMoney(i18n.language, quarter.totalDueCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Card>
    </>
  )
}
