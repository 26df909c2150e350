import { data, Form, href, redirect, useLocation, useNavigation } from 'react-router'

import { RefusalNotice, useRefusal } from '~/components/forms/refusal'
import { InvoiceDocument } from '~/components/invoices/invoice-view-cards'
import { SiteFrame } from '~/components/layout/site-frame'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Icon } from '~/components/ui/icons'
import { inputClass } from '~/components/ui/input-class'
import { PlainField } from '~/components/ui/plain-field'
import { useTranslation } from '~/hooks/use-translation'
import { getInstance } from '~/middleware/i18next'
import { invoiceByPaymentToken, organizationRemitTo, paymentPageView, submitRemittance } from '~/models/invoices/remittance.server'
import { siteFrameOrganization } from '~/models/organization/site.server'
import { intent, intentAction } from '~/requests/forms.server'
import { getClientIp } from '~/requests/session.server'
import { RemittanceFormSchema } from '~/schemas/remittance'
import { REMITTANCE_PAYER_MAX, REMITTANCE_REFERENCE_MAX } from '~/schemas/remittance-options'
import { formatMoney, isolate } from '~/utils/format'
import { TOKEN_PAGE_HEADERS } from '~/utils/token-page'

import type { Route } from './+types/payment'

/** The strings this page needs in the browser besides `common` (app/i18n.ts): the invoice document's too. */
export const handle = { i18n: ['site', 'payment', 'invoices'] }

/** A page reached by a secret link: never cached, never indexed, never in a Referer. */
export function headers() {
  return TOKEN_PAGE_HEADERS
}

/** The token in the link (`?invoice=`), as the email gave it. */
function tokenOf(request: Request) {
  return new URL(request.url).searchParams.get('invoice') ?? ''
}

/**
 * `/payment` (ADR 062). Without a token: how to pay, with the site organization's bank details.
 * With one: the invoice it names (lines, totals, balance, whom to pay, the PDF) and the "we have
 * paid" form; a bad, tampered or expired token is the 404 page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const t = getInstance(context).t
  const token = tokenOf(request)
  if (!token) {
    const organization = await siteFrameOrganization()
    return { token: null, organization, remitTo: organization ? await organizationRemitTo(organization.id, t) : null, page: null, sent: false }
  }
  const invoice = await invoiceByPaymentToken(token)
  if (!invoice) throw data(null, { status: 404, headers: TOKEN_PAGE_HEADERS })
  const page = await paymentPageView(invoice, t)
  return {
    token,
    organization: page.organization,
    remitTo: page.remit.lines,
    page,
    sent: new URL(request.url).searchParams.get('sent') === '1',
  }
}

/** The "Record payment"-like form: dollars as typed; the model checks the balance and the day. */
export async function action({ request, context }: Route.ActionArgs) {
  const t = getInstance(context).t
  const token = tokenOf(request)
  const invoice = await invoiceByPaymentToken(token)
  if (!invoice) throw data(null, { status: 404, headers: TOKEN_PAGE_HEADERS })
  const form = await request.formData()
  const thanks = `${href('/payment')}?${new URLSearchParams({ invoice: token, sent: '1' })}`
  return intentAction(form, t, {
    remit: intent({
      schema: RemittanceFormSchema,
      // The honeypot filled: a bot, answered as a person would be, and nothing stored.
      run: (input) => (input.website ? Promise.resolve(null) : submitRemittance(invoice, input, getClientIp(request))),
      done: () => redirect(thanks, { headers: TOKEN_PAGE_HEADERS }),
    }),
  })
}

export default function PaymentPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { organization, page } = loaderData
  const name = organization?.name ?? 'Freightdesk'
  return (
    <SiteFrame organization={organization} links={false}>
      <title>{`${page ? `${page.invoice.invoiceNumber} · ` : ''}${t('payment.title')} | ${name}`}</title>
      <meta name="description" content={t('payment.description', { name })} />
      <meta name="robots" content="noindex" />
      {page && loaderData.token ? (
        <InvoicePayment page={page} token={loaderData.token} sent={loaderData.sent} actionData={actionData} />
      ) : (
        <HowToPay remitTo={loaderData.remitTo} />
      )}
    </SiteFrame>
  )
}

/** Without a token: each invoice's email has its own link; the carrier's bank details when it entered them. */
function HowToPay({ remitTo }: { remitTo: string[] | null }) {
  const { t } = useTranslation()
  return (
    <div className="max-w-2xl">
      <h1 className="text-3xl font-extrabold text-ink">{t('payment.howTo.heading')}</h1>
      <p className="mt-4 text-muted">{t('payment.howTo.intro')}</p>
      <Card className="mt-6 p-6" data-testid="payment-how-to">
        {remitTo ? (
          <>
            <p className="font-semibold">{t('payment.howTo.bank')}</p>
            <RemitLines lines={remitTo} />
          </>
        ) : (
          <p>{t('payment.howTo.noBank')}</p>
        )}
      </Card>
    </div>
  )
}

function RemitLines({ lines }: { lines: string[] }) {
  return (
    <ul className="mt-2 space-y-0.5 text-sm" data-testid="payment-remit-to">
      {lines.map((line) => (
        <li key={line}>
          <bdi>{line}</bdi>
        </li>
      ))}
    </ul>
  )
}

type PaymentPageData = NonNullable<Route.ComponentProps['loaderData']['page']>

function InvoicePayment({ page, token, sent, actionData }: { page: PaymentPageData; token: string; sent: boolean; actionData: unknown }) {
  const { t, i18n } = useTranslation()
  const { invoice } = page
  const pdf = `${href('/payment/pdf')}?${new URLSearchParams({ invoice: token })}`
  return (
    <>
      <h1 className="text-3xl font-extrabold text-ink">{t('payment.title')}</h1>
      <p className="mt-2 text-muted">
        {t('payment.invoice.intro', { from: isolate(page.from.name), broker: isolate(invoice.billTo.name) })}
      </p>

      {sent ? (
        <div role="status" data-testid="payment-thanks" className="mt-6 rounded-lg border border-success/40 bg-success-lighter/50 px-4 py-3 dark:bg-success/15">
          <p className="font-bold">{t('payment.thanks.title')}</p>
          <p className="text-sm">{t('payment.thanks.body')}</p>
        </div>
      ) : null}

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="min-w-0">
          <InvoiceDocument invoice={invoice} from={page.from} remitTo={null} />
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <Card className="p-6" data-testid="payment-pay-to">
            <p className="text-sm font-semibold text-muted">{t('payment.invoice.balanceDue')}</p>
            <p className="text-3xl font-extrabold tabular-nums" data-testid="payment-balance">
              {formatMoney(i18n.language, invoice.balanceCents)}
            </p>
            <h2 className="mt-4 text-base font-bold">{t('payment.invoice.payTo')}</h2>
            {page.remit.lines ? (
              <RemitLines lines={page.remit.lines} />
            ) : (
              <p className="mt-2 text-sm">{t('payment.invoice.noRemitTo', { name: page.from.name })}</p>
            )}
            {page.remit.notice ? (
              <p className="mt-3 text-sm font-semibold" data-testid="payment-assignment">
                <bdi>{page.remit.notice}</bdi>
              </p>
            ) : null}
            <a href={pdf} className="mt-4 inline-flex items-center gap-2 font-semibold text-primary-dark dark:text-primary-light hover:underline" data-testid="payment-pdf">
              <Icon name="download" size={18} />
              {t('payment.invoice.pdf')}
            </a>
          </Card>
          {sent ? null : <RemittanceForm today={page.today} balanceCents={invoice.balanceCents} actionData={actionData} />}
        </div>
      </div>
    </>
  )
}

/** "We have paid": the balance and today as defaults; the refusal at its fields; a honeypot for bots. */
function RemittanceForm({ today, balanceCents, actionData }: { today: string; balanceCents: number; actionData: unknown }) {
  const { t, i18n } = useTranslation()
  const { pathname, search } = useLocation()
  const busy = useNavigation().state !== 'idle'
  const refusal = useRefusal(actionData, undefined, undefined, ['amount', 'paidOn', 'reference', 'payerName'])
  const error = (field: string) => refusal?.field(field)
  const value = (field: string, fallback = '') => String(refusal?.values[field] ?? fallback)
  const described = (field: string) => (error(field)?.length ? `${field}-error` : undefined)
  return (
    <Card className="p-6">
      <h2 className="text-base font-bold">{t('payment.form.heading')}</h2>
      <p className="mt-1 mb-4 text-sm text-muted">{t('payment.form.intro')}</p>
      <Form method="post" className="grid gap-4" data-testid="remittance-form" noValidate>
        <input type="hidden" name="intent" value="remit" />
        {refusal ? <RefusalNotice refusal={refusal} reloadTo={`${pathname}${search}`} testId="remittance-refusal" /> : null}
        <PlainField id="amount" label={t('payment.fields.amount')} errors={error('amount')}>
          <input
            id="amount"
            name="amount"
            inputMode="decimal"
            required
            maxLength={40}
            defaultValue={value('amount', formatMoney(i18n.language, balanceCents, { style: 'input' }))}
            aria-invalid={error('amount') ? true : undefined}
            aria-describedby={described('amount')}
            className={inputClass}
          />
        </PlainField>
        <PlainField id="paidOn" label={t('payment.fields.paidOn')} errors={error('paidOn')}>
          <input
            id="paidOn"
            name="paidOn"
            type="date"
            required
            max={today}
            defaultValue={value('paidOn', today)}
            aria-invalid={error('paidOn') ? true : undefined}
            aria-describedby={described('paidOn')}
            className={inputClass}
          />
        </PlainField>
        <PlainField id="reference" label={t('payment.fields.reference')} errors={error('reference')}>
          <input
            id="reference"
            name="reference"
            maxLength={REMITTANCE_REFERENCE_MAX}
            dir="auto"
            defaultValue={value('reference')}
            aria-describedby={described('reference')}
            className={inputClass}
          />
        </PlainField>
        <PlainField id="payerName" label={t('payment.fields.payerName')} errors={error('payerName')}>
          <input
            id="payerName"
            name="payerName"
            maxLength={REMITTANCE_PAYER_MAX}
            autoComplete="organization"
            dir="auto"
            defaultValue={value('payerName')}
            aria-describedby={described('payerName')}
            className={inputClass}
          />
        </PlainField>
        {/* The honeypot: off screen and out of the tab order; people leave it empty, bots fill it. */}
        <div className="absolute -start-[10000px] size-px overflow-hidden" aria-hidden="true">
          <label htmlFor="website">{t('payment.form.website')}</label>
          <input id="website" name="website" tabIndex={-1} autoComplete="off" />
        </div>
        <Button type="submit" disabled={busy} className="w-full sm:w-auto">
          {t('payment.form.submit')}
        </Button>
      </Form>
    </Card>
  )
}
