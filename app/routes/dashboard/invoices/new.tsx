import { Form, href } from 'react-router'

import { useRefusal } from '~/components/forms/refusal'
import { InvoiceForm, type InvoiceFormValues } from '~/components/invoices/invoice-form'
import { PageHeader } from '~/components/layout/page-header'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { inputClass } from '~/components/ui/input-class'
import { PlainField } from '~/components/ui/plain-field'
import { useTranslation } from '~/hooks/use-translation'
import type { LanguageCode } from '~/i18n'
import { getInstance } from '~/middleware/i18next'
import { billableLoads, createInvoice } from '~/models/invoices/invoice.server'
import { loadTimeZone } from '~/models/loads/load.server'
import { listBrokerOptions } from '~/models/reference/broker.server'
import { listCompanyOptions } from '~/models/reference/company.server'
import { requireActor } from '~/requests/actor.server'
import { billableLoadRow, parseInvoiceForm } from '~/requests/invoice-form.server'
import { requirePermission } from '~/requests/session.server'
import { isId } from '~/schemas/text'
import { redirectWithToast } from '~/utils/toast.server'

import type { Route } from './+types/new'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['invoices'] }

/**
 * A new draft: pick the broker (a GET form, so it works without JavaScript), tick its delivered
 * loads not billed yet, add free lines ("Add a line" is a real submit button), discount, tax and
 * notes. The due date defaults from the broker's payment terms.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'create', 'invoice')
  const url = new URL(request.url)
  const picked = url.searchParams.get('brokerId') ?? ''
  const [brokers, companies] = await Promise.all([listBrokerOptions(user.organizationId), listCompanyOptions(user.organizationId)])
  const broker = isId(picked) ? brokers.find((option) => option.id === picked) : undefined
  const [loads, timeZone] = await Promise.all([broker ? billableLoads(user.organizationId, broker.id) : [], loadTimeZone(user.organizationId)])
  return {
    brokers: brokers.map((option) => ({ value: option.id, label: option.name })),
    companies: companies.map((option) => ({ value: option.id, label: option.name })),
    brokerId: broker?.id ?? null,
    loads: loads.map((load) => billableLoadRow(load, timeZone)),
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { t, language } = getInstance(context)
  const { actor } = await requireActor(request, 'create', 'invoice')
  const form = await request.formData()
  const result = parseInvoiceForm(form, String(form.get('brokerId') ?? ''), t)
  if (result.addLine) return result.addLine
  if (result.refusal) return result.refusal
  try {
    const invoice = await createInvoice(actor, result.input, language as LanguageCode)
    return redirectWithToast(href('/dashboard/invoice/:id', { id: invoice.id }), {
      type: 'success',
      title: t('invoices.toast.created', { number: invoice.invoiceNumber }),
    })
  } catch (error) {
    return result.refuseError(error)
  }
}

export default function NewInvoice({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const reply = useRefusal(actionData)

  return (
    <>
      <PageHeader
        title={t('invoices.new.title')}
        crumbs={[
          { label: t('nav.dashboard'), to: href('/dashboard/app') },
          { label: t('nav.invoices'), to: href('/dashboard/invoice/list') },
          { label: t('invoices.new.title') },
        ]}
      />
      <Card className="mb-6 p-6">
        <Form method="get" className="flex flex-wrap items-end gap-3" data-testid="pick-broker">
          <PlainField id="brokerId" label={t('invoices.fields.broker')} className="min-w-56 flex-1">
            <select id="brokerId" name="brokerId" defaultValue={loaderData.brokerId ?? ''} required className={inputClass}>
              <option value="">{t('invoices.new.chooseBroker')}</option>
              {loaderData.brokers.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </PlainField>
          <Button type="submit" variant="secondary">
            {t('invoices.new.showLoads')}
          </Button>
        </Form>
      </Card>

      {loaderData.brokerId ? (
        <InvoiceForm
          brokerId={loaderData.brokerId}
          loads={loaderData.loads}
          companies={loaderData.companies}
          values={(reply?.values as InvoiceFormValues | undefined) ?? null}
          errors={reply?.fields ?? {}}
          message={reply?.message ?? null}
          submitLabel={t('invoices.new.create')}
          cancelTo={href('/dashboard/invoice/list')}
        />
      ) : null}
    </>
  )
}
