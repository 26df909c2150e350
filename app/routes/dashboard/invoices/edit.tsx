import { href, useLocation } from 'react-router'

import { useRefusal } from '~/components/forms/refusal'
import { InvoiceForm, type InvoiceFormValues } from '~/components/invoices/invoice-form'
import { PageHeader } from '~/components/layout/page-header'
import { ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { useTranslation } from '~/hooks/use-translation'
import { getInstance } from '~/middleware/i18next'
import { billableLoads, billedLoads, getInvoice, updateInvoice } from '~/models/invoices/invoice.server'
import { loadTimeZone } from '~/models/loads/load.server'
import { isoDate } from '~/models/records/records.server'
import { listCompanyOptions } from '~/models/reference/company.server'
import { invoiceOffers } from '~/policies/invoice'
import { requireActor } from '~/requests/actor.server'
import { billableLoadRow, parseInvoiceForm } from '~/requests/invoice-form.server'
import { requirePermission } from '~/requests/session.server'
import { InvoiceUpdateSchema } from '~/schemas/invoice'
import { orNotFound } from '~/utils/errors.server'
import { formatMoney } from '~/utils/format'
import { redirectWithToast } from '~/utils/toast.server'

import type { Route } from './+types/edit'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['invoices'] }

const dollars = (cents: number) => (cents ? formatMoney('en', cents, { style: 'input' }) : '')

/**
 * A draft's editor: the same form as a new invoice, filled from the draft (its loads ticked, its
 * free lines, dates, discount, tax, notes), for the same broker. A sent, paid or void invoice is
 * not edited: the page says why and offers Void, which returns its loads for a new invoice.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'update', 'invoice')
  const invoice = await orNotFound(getInvoice(user.organizationId, params.id))
  const header = { id: invoice.id, invoiceNumber: invoice.invoiceNumber, status: invoice.status, brokerName: invoice.broker.name }
  const offers = invoiceOffers(user.role, invoice)
  if (!offers.edit) return { locked: true as const, invoice: header, canVoid: offers.void }
  const billedIds = invoice.items.flatMap((item) => (item.billedLoadId ? [item.billedLoadId] : []))
  const [billed, open, companies, timeZone] = await Promise.all([
    billedLoads(user.organizationId, billedIds),
    billableLoads(user.organizationId, invoice.brokerId),
    listCompanyOptions(user.organizationId, { keepId: invoice.companyId }),
    loadTimeZone(user.organizationId),
  ])
  const values: InvoiceFormValues = {
    companyId: invoice.companyId ?? '',
    issueDate: isoDate(invoice.issueDate)!,
    dueDate: isoDate(invoice.dueDate)!,
    loadIds: billedIds,
    lines: invoice.items
      .filter((item) => !item.loadId)
      .map((item) => ({
        title: item.title,
        description: item.description ?? '',
        quantity: String(item.quantityMilli / 1000),
        unitPrice: dollars(item.unitPriceCents),
      })),
    discount: dollars(invoice.discountCents),
    tax: dollars(invoice.taxCents),
    notes: invoice.notes ?? '',
  }
  return {
    locked: false as const,
    invoice: { ...header, brokerId: invoice.brokerId, version: invoice.version },
    values,
    companies: companies.map((option) => ({ value: option.id, label: option.name })),
    loads: [...billed, ...open].map((load) => billableLoadRow(load, timeZone)),
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { t } = getInstance(context)
  const { actor } = await requireActor(request, 'update', 'invoice')
  const form = await request.formData()
  const result = parseInvoiceForm(form, String(form.get('brokerId') ?? ''), t, InvoiceUpdateSchema)
  if (result.addLine) return result.addLine
  if (result.refusal) return result.refusal
  try {
    const invoice = await updateInvoice(actor, params.id, result.input)
    return redirectWithToast(href('/dashboard/invoice/:id', { id: invoice.id }), {
      type: 'success',
      title: t('invoices.toast.updated', { number: invoice.invoiceNumber }),
    })
  } catch (error) {
    return result.refuseError(error, 'page')
  }
}

export default function EditInvoice({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const { invoice } = loaderData
  const reply = useRefusal(actionData)
  const view = href('/dashboard/invoice/:id', { id: invoice.id })
  return (
    <>
      <PageHeader
        title={t('invoices.edit.title', { number: invoice.invoiceNumber })}
        crumbs={[
          { label: t('nav.dashboard'), to: href('/dashboard/app') },
          { label: t('nav.invoices'), to: href('/dashboard/invoice/list') },
          { label: invoice.invoiceNumber, to: view },
          { label: t('common.edit') },
        ]}
      />
      {loaderData.locked ? (
        <Card className="p-6" data-testid="invoice-locked">
          <h2 className="text-base font-bold">{t(`invoices.errors.notDraft.${loaderData.invoice.status}`)}</h2>
          <p className="mt-1 text-sm text-muted">{t('invoices.edit.lockedHint')}</p>
          <div className="mt-4 flex flex-wrap gap-2">
            <ButtonLink to={view} variant="secondary">
              {t('invoices.edit.back')}
            </ButtonLink>
            {loaderData.canVoid ? (
              <ButtonLink to={`${view}?confirm=void`} variant="danger">
                {t('invoices.actions.void')}
              </ButtonLink>
            ) : null}
          </div>
        </Card>
      ) : (
        <>
          <p className="mb-4 text-sm text-muted">
            {t('invoices.fields.broker')}: <bdi className="font-semibold text-ink">{loaderData.invoice.brokerName}</bdi>
          </p>
          <InvoiceForm
            brokerId={loaderData.invoice.brokerId}
            version={loaderData.invoice.version}
            loads={loaderData.loads}
            companies={loaderData.companies}
            values={(reply?.values as InvoiceFormValues | undefined) ?? loaderData.values}
            errors={reply?.fields ?? {}}
            message={reply?.message ?? null}
            conflict={reply?.conflict}
            reloadTo={pathname}
            submitLabel={t('common.saveChanges')}
            cancelTo={view}
          />
        </>
      )}
    </>
  )
}
