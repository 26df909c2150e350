import { href } from 'react-router'

import { enumSelect, RecordList } from '~/components/lists/record-list'
import { Badge } from '~/components/ui/badge'
import { OrDash } from '~/components/ui/details'
import { useTranslation } from '~/hooks/use-translation'
import { listCompanies, serializeCompany } from '~/models/reference/company.server'
import { readListPage } from '~/requests/list-page.server'
import { CompanyListQuerySchema } from '~/schemas/company'
import { COMPANY_KIND_TONES, COMPANY_KINDS, COMPANY_STATUS_META, COMPANY_STATUSES, formatDotNumber, formatMcNumber } from '~/schemas/company-options'
import { formatNumber } from '~/utils/format'
import { can } from '~/utils/permissions'

import type { Route } from './+types/list'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['companies', 'customFields'] }

export async function loader({ request }: Route.LoaderArgs) {
  return readListPage(request, {
    entity: 'company',
    customFields: 'companies',
    schema: CompanyListQuerySchema,
    read: listCompanies,
    // The counts link to the truck and trailer lists only for roles that may open them.
    also: async (user) => ({ canReadTrucks: can(user.role, 'read', 'truck'), canReadTrailers: can(user.role, 'read', 'trailer') }),
    row: (company) => {
      const dto = serializeCompany(company)
      return {
        id: dto.id,
        version: dto.version,
        name: dto.name,
        legalName: dto.legalName,
        mcNumber: dto.mcNumber,
        dotNumber: dto.dotNumber,
        location: [dto.city, dto.state].filter(Boolean).join(', '),
        status: dto.status,
        kind: dto.kind,
        counts: dto.counts,
      }
    },
  })
}

function Count({ value, to }: { value: number; to: string | null }) {
  const { i18n } = useTranslation()
  const text = formatNumber(i18n.language, value)
  if (value === 0) return <span className="text-muted">{text}</span>
  return to ? (
    <a href={to} className="font-semibold hover:underline">
      {text}
    </a>
  ) : (
    <span>{text}</span>
  )
}

export default function CompanyList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { query, also: may } = loaderData
  const countsIn = (list: string, id: string) => `${list}?companyId=${id}`
  return (
    <RecordList
      name="companies"
      data={loaderData}
      rowName={(company) => ({ name: company.name })}
      filters={[
        enumSelect(t, 'kind', t('companies.fields.kind'), query.kind, COMPANY_KINDS, 'companies.kind'),
        enumSelect(t, 'status', t('fields.status'), query.status, COMPANY_STATUSES, 'companies.status'),
      ]}
      columns={[
        {
          label: t('companies.fields.name'),
          sort: 'name',
          className: 'min-w-48 whitespace-normal',
          cell: (company) => <bdi>{company.name}</bdi>,
          after: (company) =>
            company.legalName && company.legalName !== company.name ? (
              <div className="text-xs font-normal text-muted">
                <bdi>{company.legalName}</bdi>
              </div>
            ) : null,
        },
        {
          label: t('companies.list.authority'),
          sort: 'mcNumber',
          className: 'whitespace-nowrap tabular-nums',
          cell: (company) => (
            <OrDash>
              {company.mcNumber || company.dotNumber ? (
                <>
                  {company.mcNumber ? <div>{formatMcNumber(company.mcNumber)}</div> : null}
                  {company.dotNumber ? <div className="text-xs text-muted">{formatDotNumber(company.dotNumber)}</div> : null}
                </>
              ) : null}
            </OrDash>
          ),
        },
        {
          label: t('companies.fields.kind'),
          sort: 'kind',
          className: 'whitespace-nowrap',
          cell: (company) => <Badge tone={COMPANY_KIND_TONES[company.kind]}>{t(`companies.kind.${company.kind}`)}</Badge>,
        },
        { label: t('companies.fields.city'), sort: 'city', cell: (company) => <OrDash>{company.location && <bdi>{company.location}</bdi>}</OrDash> },
        {
          label: t('fields.status'),
          sort: 'status',
          className: 'whitespace-nowrap',
          cell: (company) => <Badge tone={COMPANY_STATUS_META[company.status].tone}>{t(`companies.status.${company.status}`)}</Badge>,
        },
        {
          label: t('companies.list.trucks'),
          sort: 'trucks',
          numeric: true,
          cell: (company) => <Count value={company.counts.trucks} to={may.canReadTrucks ? countsIn(href('/dashboard/trucks/list'), company.id) : null} />,
        },
        {
          label: t('companies.list.trailers'),
          sort: 'trailers',
          numeric: true,
          cell: (company) => <Count value={company.counts.trailers} to={may.canReadTrailers ? countsIn(href('/dashboard/trailers/list'), company.id) : null} />,
        },
        { label: t('companies.list.drivers'), numeric: true, cell: (company, links) => <Count value={company.counts.drivers} to={`${links.view}#drivers`} /> },
      ]}
    />
  )
}
