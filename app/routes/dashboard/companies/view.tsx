import { href, Link } from 'react-router'

import { Money, Pending, Rows, Section, Stat } from '~/components/companies/company-view-parts'
import { CustomFieldValues } from '~/components/forms/custom-field-values'
import { PageHeader } from '~/components/layout/page-header'
import { Badge } from '~/components/ui/badge'
import { ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { DetailItem } from '~/components/ui/details'
import { Icon } from '~/components/ui/icons'
import { useTranslation } from '~/hooks/use-translation'
import { companyInvoiceSummary } from '~/models/invoices/invoice-reports.server'
import { customFieldsForDisplay } from '~/models/organization/custom-fields.server'
import { getCompanyOverview } from '~/models/reference/company.server'
import { requirePermission } from '~/requests/session.server'
import { COMPANY_KIND_TONES, COMPANY_STATUS_META, formatDotNumber, formatMcNumber } from '~/schemas/company-options'
import { TRAILER_STATUS_META } from '~/schemas/trailer-options'
import { TRUCK_STATUS_META } from '~/schemas/truck-options'
import { orNotFound } from '~/utils/errors.server'
import { addressLines, formatMonth, formatNumber } from '~/utils/format'
import { listReturnTo, withReturnTo } from '~/utils/list-return'
import { can } from '~/utils/permissions'

import type { Route } from './+types/view'

/** Truck and trailer statuses and trailer types are named in their own areas. */
export const handle = { i18n: ['companies', 'trucks', 'trailers', 'customFields'] }

/**
 * One company, read-only: its details, factoring, and what runs under it (trucks, trailers,
 * drivers). Trucks and trailers are listed for roles that may read them; driver contact details
 * only for roles that manage people or the company.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'company')
  const { company, trucks, trailers, drivers } = await orNotFound(getCompanyOverview(user.organizationId, params.id))
  const canReadTrucks = can(user.role, 'read', 'truck')
  const canReadTrailers = can(user.role, 'read', 'trailer')
  const canSeeContacts = can(user.role, 'read', 'user') || can(user.role, 'update', 'company')
  return {
    money: can(user.role, 'read', 'invoice') ? await companyInvoiceSummary(user.organizationId, company.id) : null,
    customFields: await customFieldsForDisplay(user.organizationId, 'companies', company.customFields),
    company: {
      id: company.id,
      name: company.name,
      legalName: company.legalName,
      mcNumber: company.mcNumber,
      dotNumber: company.dotNumber,
      scac: company.scac,
      email: company.email,
      phone: company.phone,
      address: addressLines(company),
      factoringName: company.factoringName,
      factoringRemitTo: company.factoringRemitTo,
      status: company.status,
      kind: company.kind,
      notes: company.notes,
      version: company.version,
    },
    counts: { trucks: company._count.trucks, trailers: company._count.trailers, drivers: company._count.users },
    trucks: canReadTrucks ? trucks : null,
    trailers: canReadTrailers ? trailers : null,
    drivers: drivers.map((driver) => ({
      id: driver.id,
      name: `${driver.firstName} ${driver.lastName}`,
      email: canSeeContacts ? driver.email : null,
      phone: canSeeContacts ? driver.phone : null,
    })),
    returnTo: listReturnTo(new URL(request.url).searchParams.get('returnTo'), href('/dashboard/companies/list')),
    canUpdate: can(user.role, 'update', 'company'),
    canDelete: can(user.role, 'delete', 'company'),
  }
}

export default function CompanyView({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { company, counts, trucks, trailers, drivers, returnTo } = loaderData
  const truckList = `${href('/dashboard/trucks/list')}?companyId=${company.id}`
  const trailerList = `${href('/dashboard/trailers/list')}?companyId=${company.id}`
  return (
    <>
      <PageHeader
        title={company.name}
        crumbs={[{ label: t('nav.dashboard'), to: href('/dashboard/app') }, { label: t('nav.companies'), to: returnTo }, { label: company.name }]}
        action={
          <>
            {loaderData.canDelete ? (
              <ButtonLink to={withReturnTo(href('/dashboard/companies/:id/delete', { id: company.id }), returnTo)} variant="secondary">
                <Icon name="trash" size={18} />
                {t('common.delete')}
              </ButtonLink>
            ) : null}
            {loaderData.canUpdate ? (
              <ButtonLink to={withReturnTo(href('/dashboard/companies/:id/edit', { id: company.id }), returnTo)}>
                <Icon name="edit" size={18} />
                {t('common.edit')}
              </ButtonLink>
            ) : null}
          </>
        }
      />

      <div className="grid grid-cols-3 gap-3 sm:gap-4">
        <Stat icon="truck" label={t('companies.list.trucks')} value={counts.trucks} testId="company-truck-count" />
        <Stat icon="trailer" label={t('companies.list.trailers')} value={counts.trailers} testId="company-trailer-count" />
        <Stat icon="users" label={t('companies.list.drivers')} value={counts.drivers} testId="company-driver-count" />
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <Card className="p-6">
          <h2 className="mb-3 text-base font-bold">{t('companies.editor.identity')}</h2>
          <dl data-testid="company-details">
            <DetailItem label={t('fields.status')}>
              <Badge tone={COMPANY_STATUS_META[company.status].tone}>{t(`companies.status.${company.status}`)}</Badge>
            </DetailItem>
            <DetailItem label={t('companies.fields.kind')}>
              <Badge tone={COMPANY_KIND_TONES[company.kind]}>{t(`companies.kind.${company.kind}`)}</Badge>
            </DetailItem>
            <DetailItem label={t('companies.fields.legalName')}>{company.legalName ? <bdi>{company.legalName}</bdi> : null}</DetailItem>
            <DetailItem label={t('companies.fields.mcNumber')}>{formatMcNumber(company.mcNumber)}</DetailItem>
            <DetailItem label={t('companies.fields.dotNumber')}>{formatDotNumber(company.dotNumber)}</DetailItem>
            <DetailItem label={t('companies.fields.scac')}>{company.scac}</DetailItem>
          </dl>
        </Card>
        <Card className="p-6">
          <h2 className="mb-3 text-base font-bold">{t('companies.editor.contact')}</h2>
          <dl data-testid="company-contact">
            <DetailItem label={t('companies.fields.email')}>
              {company.email ? (
                <a href={`mailto:${company.email}`} className="text-primary-dark hover:underline dark:text-primary-light">
                  {company.email}
                </a>
              ) : null}
            </DetailItem>
            <DetailItem label={t('companies.fields.phone')}>
              {company.phone ? (
                <a href={`tel:${company.phone.replace(/[^\d+]/g, '')}`} dir="ltr" className="text-primary-dark hover:underline dark:text-primary-light">
                  {company.phone}
                </a>
              ) : null}
            </DetailItem>
            <DetailItem label={t('companies.view.address')}>
              {company.address.length ? (
                <address className="not-italic">
                  {company.address.map((line) => (
                    // Each line keeps its own direction: "2801 Irving Blvd" stays in order on an Arabic page.
                    <div key={line}>
                      <bdi>{line}</bdi>
                    </div>
                  ))}
                </address>
              ) : null}
            </DetailItem>
          </dl>
        </Card>
        <Card className="p-6">
          <h2 className="mb-3 text-base font-bold">{t('companies.editor.factoring')}</h2>
          <dl data-testid="company-factoring">
            <DetailItem label={t('companies.fields.factoringName')}>{company.factoringName ? <bdi>{company.factoringName}</bdi> : null}</DetailItem>
            <DetailItem label={t('companies.fields.factoringRemitTo')}>
              {company.factoringRemitTo ? (
                <address className="not-italic">
                  {company.factoringRemitTo.split('\n').map((line, index) => (
                    <div key={index}>
                      <bdi>{line}</bdi>
                    </div>
                  ))}
                </address>
              ) : null}
            </DetailItem>
          </dl>
        </Card>
        <Card className="p-6">
          <h2 className="mb-3 text-base font-bold">{t('fields.notes')}</h2>
          <div data-testid="company-notes" className="border-t border-dashed border-line py-3 text-sm">
            {company.notes ? (
              <p className="whitespace-pre-line">
                <bdi>{company.notes}</bdi>
              </p>
            ) : (
              <span className="text-muted">{t('companies.view.noNotes')}</span>
            )}
          </div>
        </Card>
        <CustomFieldValues fields={loaderData.customFields} />
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <Section
          id="trucks"
          title={t('companies.list.trucks')}
          count={counts.trucks}
          empty={t('companies.view.noTrucks')}
          allHref={trucks ? truckList : undefined}
          allLabel={t('companies.view.allTrucks')}
        >
          {trucks ? (
            <Rows>
              {trucks.map((truck) => (
                <li key={truck.id} className="flex items-center justify-between gap-3 py-2.5">
                  <div className="min-w-0">
                    <Link to={href('/dashboard/trucks/:id', { id: truck.id })} className="font-semibold hover:underline">
                      {truck.unitNumber}
                    </Link>
                    <div className="truncate text-xs text-muted">
                      <bdi>{[truck.year, truck.make, truck.model].filter(Boolean).join(' ') || '—'}</bdi>
                    </div>
                  </div>
                  <Badge tone={TRUCK_STATUS_META[truck.status].tone}>{t(`trucks.status.${truck.status}`)}</Badge>
                </li>
              ))}
            </Rows>
          ) : null}
        </Section>
        <Section
          id="trailers"
          title={t('companies.list.trailers')}
          count={counts.trailers}
          empty={t('companies.view.noTrailers')}
          allHref={trailers ? trailerList : undefined}
          allLabel={t('companies.view.allTrailers')}
        >
          {trailers ? (
            <Rows>
              {trailers.map((trailer) => (
                <li key={trailer.id} className="flex items-center justify-between gap-3 py-2.5">
                  <div className="min-w-0">
                    <Link to={href('/dashboard/trailers/:id', { id: trailer.id })} className="font-semibold hover:underline">
                      {trailer.unitNumber}
                    </Link>
                    <div className="truncate text-xs text-muted">
                      {t(`trailers.type.${trailer.type}`)}
                      {trailer.lengthFt !== null ? ` · ${t('trailers.list.feet', { length: formatNumber(i18n.language, trailer.lengthFt) })}` : ''}
                    </div>
                  </div>
                  <Badge tone={TRAILER_STATUS_META[trailer.status].tone}>{t(`trailers.status.${trailer.status}`)}</Badge>
                </li>
              ))}
            </Rows>
          ) : null}
        </Section>
        <Section id="drivers" title={t('companies.list.drivers')} count={counts.drivers} empty={t('companies.view.noDrivers')}>
          <Rows>
            {drivers.map((driver) => (
              <li key={driver.id} className="py-2.5">
                <div className="font-semibold">{driver.name}</div>
                {driver.phone || driver.email ? (
                  <div className="truncate text-xs text-muted">{[driver.phone, driver.email].filter(Boolean).join(' · ')}</div>
                ) : null}
              </li>
            ))}
          </Rows>
          {counts.drivers > drivers.length ? (
            <p className="pt-2 text-xs text-muted">{t('companies.view.moreDrivers', { shown: drivers.length, total: counts.drivers })}</p>
          ) : null}
        </Section>
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <Pending icon="inbox" title={t('companies.view.recentLoads')} description={t('companies.view.loadsPending')} testId="company-loads" />
        {loaderData.money ? (
          <>
            <Money
              title={t('companies.view.revenueThisMonth')}
              cents={loaderData.money.revenueThisMonthCents}
              hint={t('companies.view.revenueHint', { month: formatMonth(i18n.language, loaderData.money.month) })}
              testId="company-revenue"
            />
            <Money
              title={t('companies.view.openReceivables')}
              cents={loaderData.money.openReceivablesCents}
              hint={t('companies.view.receivablesHint')}
              testId="company-receivables"
            />
          </>
        ) : null}
      </div>
    </>
  )
}
