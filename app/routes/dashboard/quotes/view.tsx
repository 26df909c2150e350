import type { ReactNode } from 'react'
import { Form, href, Link, useLocation, useNavigation } from 'react-router'

import { RefusalNotice, type ShownRefusal, useRefusal } from '~/components/forms/refusal'
import { PageHeader } from '~/components/layout/page-header'
import { QuoteStatusBadge } from '~/components/quotes/quote-status'
import { Button, ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { inputClass } from '~/components/ui/input-class'
import { PlainField } from '~/components/ui/plain-field'
import { useTranslation } from '~/hooks/use-translation'
import { getInstance, getLocale } from '~/middleware/i18next'
import { organizationTimeZone } from '~/models/organization/organization.server'
import { convertQuote, getQuote, markQuoteLost, markQuoteWon, quoteBrokers, quotePrice, serializeQuote } from '~/models/quotes/quote.server'
import { quoteOffers } from '~/policies/quote'
import { requireActor } from '~/requests/actor.server'
import { intent, intentAction, withAmountCents } from '~/requests/forms.server'
import { requirePermission } from '~/requests/session.server'
import { QuoteActionSchema, QuoteConvertSchema, QuoteLostSchema, QuotePriceSchema } from '~/schemas/quote'
import { formatQuoteNumber } from '~/schemas/quote-options'
import { orNotFound } from '~/utils/errors.server'
import { formatDate, formatDateTime, formatMoney } from '~/utils/format'
import { listReturnTo } from '~/utils/list-return'
import { can as allowed } from '~/utils/permissions'
import { redirectWithToast } from '~/utils/toast.server'

import type { Route } from './+types/view'

export const handle = { i18n: ['quotes', 'trailers'] }

const LIST = href('/dashboard/booking/list')

/** One quote request: what was asked, and what the quote policy offers this role (quote a price, won, lost, convert). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'quote')
  const quote = serializeQuote(await orNotFound(getQuote(user.organizationId, params.id)))
  const can = quoteOffers(user.role, quote)
  const [timeZone, brokers] = await Promise.all([organizationTimeZone(user.organizationId), can.convert ? quoteBrokers(user.organizationId) : []])
  return {
    quote,
    can,
    brokers,
    canAddBroker: allowed(user.role, 'create', 'broker'),
    timeZone,
    returnTo: listReturnTo(new URL(request.url).searchParams.get('returnTo'), LIST),
  }
}

/** Quote, won, lost, convert: each a plain form with the version seen; refused: the reason on the page, nothing written. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const t = getInstance(context).t
  const form = withAmountCents(await request.formData())
  // Converting also makes a load: the quote policy asks for both, and convertQuote refuses by it.
  const { actor } = await requireActor(request, 'update', 'quote')
  const url = new URL(request.url)
  const back = `${url.pathname}${url.search}`
  const toast = (key: string) => (quote: { number: number }) =>
    redirectWithToast(back, { type: 'success', title: t(key, { number: formatQuoteNumber(quote.number) }) })
  return intentAction(form, t, {
    quote: intent({
      schema: QuotePriceSchema,
      run: (input) => quotePrice(actor, params.id, input, getLocale(context)),
      done: toast('quotes.toast.quoted'),
      fieldNames: { amountCents: 'amount' },
    }),
    won: intent({ schema: QuoteActionSchema, run: ({ version }) => markQuoteWon(actor, params.id, version), done: toast('quotes.toast.won') }),
    lost: intent({ schema: QuoteLostSchema, run: (input) => markQuoteLost(actor, params.id, input), done: toast('quotes.toast.lost') }),
    convert: intent({
      schema: QuoteConvertSchema,
      run: (input) => convertQuote(actor, params.id, input),
      // On to the new load's editor: the addresses, windows and rate the request did not give.
      done: async (load) =>
        redirectWithToast(href('/dashboard/loads/:id/edit', { id: load.id }), {
          type: 'success',
          title: t('quotes.toast.converted', { load: load.loadNumber, number: serializeQuote(await getQuote(actor.organizationId, params.id)).number }),
        }),
    }),
  })
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-muted">{label}</dt>
      <dd className="mt-1 font-medium">{children}</dd>
    </div>
  )
}

export default function QuoteView({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { pathname, search } = useLocation()
  const busy = useNavigation().state !== 'idle'
  const { quote, can, timeZone } = loaderData
  const refusal = useRefusal(actionData, [null, 'won'], undefined, [])
  const price = useRefusal(actionData, 'quote', undefined, ['amount', 'note'])
  const lost = useRefusal(actionData, 'lost', undefined, ['reason'])
  const convert = useRefusal(actionData, 'convert', undefined, ['brokerId'])
  const hidden = (name: string) => (
    <>
      <input type="hidden" name="intent" value={name} />
      <input type="hidden" name="version" value={quote.version} />
    </>
  )
  const money = (cents: number) => formatMoney(i18n.language, cents)
  const reloadTo = `${pathname}${search}`

  return (
    <>
      <PageHeader
        title={t('quotes.view.title', { number: quote.number })}
        crumbs={[
          { label: t('nav.dashboard'), to: href('/dashboard/app') },
          { label: t('quotes.title'), to: href('/dashboard/booking') },
          { label: t('quotes.list.title'), to: loaderData.returnTo },
          { label: quote.number },
        ]}
        action={
          can.won ? (
            <Form method="post">
              {hidden('won')}
              <Button type="submit" variant="secondary" disabled={busy}>
                {t('quotes.view.markWon')}
              </Button>
            </Form>
          ) : null
        }
      />

      <RefusalNotice refusal={refusal} reloadTo={reloadTo} testId="quote-refusal" className="mb-6" />

      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="p-6 lg:col-span-2 lg:self-start">
          <h2 className="mb-4 text-lg font-bold">{t('quotes.view.request')}</h2>
          <dl className="grid gap-4 text-sm sm:grid-cols-2" data-testid="quote-summary">
            <Detail label={t('fields.status')}>
              <QuoteStatusBadge status={quote.status} />
            </Detail>
            <Detail label={t('quotes.fields.received')}>{formatDateTime(i18n.language, quote.createdAt, timeZone)}</Detail>
            <Detail label={t('quotes.fields.lane')}>
              <bdi>{`${quote.originCity}, ${quote.originState} → ${quote.destinationCity}, ${quote.destinationState}`}</bdi>
            </Detail>
            <Detail label={t('quotes.fields.equipmentType')}>{t(`trailers.type.${quote.equipmentType}`)}</Detail>
            <Detail label={t('quotes.fields.pickupDate')}>{formatDate(i18n.language, quote.pickupDate)}</Detail>
            <Detail label={t('quotes.fields.weightLb')}>{quote.weightLb === null ? '—' : quote.weightLb.toLocaleString(i18n.language)}</Detail>
            <Detail label={t('quotes.fields.requester')}>
              <bdi>{quote.name}</bdi>
              {quote.company ? (
                <span className="block text-muted">
                  <bdi>{quote.company}</bdi>
                </span>
              ) : null}
            </Detail>
            <Detail label={t('quotes.fields.email')}>
              <a href={`mailto:${quote.email}`} className="text-primary hover:underline" dir="ltr">
                {quote.email}
              </a>
              {quote.phone ? (
                <span className="block" dir="ltr">
                  {quote.phone}
                </span>
              ) : null}
            </Detail>
            {quote.message ? (
              <div className="sm:col-span-2">
                <dt className="text-muted">{t('quotes.view.message')}</dt>
                <dd className="mt-1 whitespace-pre-line" dir="auto">
                  {quote.message}
                </dd>
              </div>
            ) : null}
            {quote.quotedCents !== null ? (
              <Detail label={t('quotes.fields.quoted')}>
                <span className="text-lg font-bold tabular-nums" data-testid="quote-price">
                  {money(quote.quotedCents)}
                </span>
                {quote.quoteNote ? (
                  <span className="mt-1 block font-normal whitespace-pre-line text-muted" dir="auto">
                    {quote.quoteNote}
                  </span>
                ) : null}
              </Detail>
            ) : null}
            {quote.answeredBy ? <Detail label={t('quotes.view.answeredBy')}>{quote.answeredBy.name}</Detail> : null}
            {quote.lostReason ? <Detail label={t('quotes.view.lostReason')}>{quote.lostReason}</Detail> : null}
            {quote.load ? (
              <Detail label={t('quotes.view.load')}>
                <Link to={href('/dashboard/loads/:id', { id: quote.load.id })} className="font-semibold text-primary hover:underline" data-testid="quote-load">
                  {t('quotes.view.converted', { number: quote.load.loadNumber })}
                </Link>
              </Detail>
            ) : null}
          </dl>
        </Card>

        <div className="space-y-6">
          {can.quote ? <PriceForm quote={quote} refusal={price} busy={busy} reloadTo={reloadTo} hidden={hidden('quote')} /> : null}
          {can.convert ? (
            <Card className="p-6">
              <h2 className="text-base font-bold">{t('quotes.view.convertTitle')}</h2>
              <p className="mt-1 text-sm text-muted">{t('quotes.view.convertIntro')}</p>
              <div className="mt-4">
                <RefusalNotice refusal={convert} reloadTo={reloadTo} testId="convert-refusal" />
              </div>
              {/* A shipper who asked directly is billed itself: no broker needed (ADR 098). */}
              <Form method="post" className="mt-4 space-y-3" data-testid="quote-convert-requester-form" noValidate>
                {hidden('convert')}
                <input type="hidden" name="billTo" value="requester" />
                <p className="text-sm">{t('quotes.view.requesterIntro', { name: quote.company || quote.name })}</p>
                <Button type="submit" variant="secondary" disabled={busy}>
                  {t('quotes.view.convertForRequester')}
                </Button>
              </Form>
              {loaderData.brokers.length ? (
                <Form method="post" className="mt-4 space-y-4" data-testid="quote-convert-form" noValidate>
                  {hidden('convert')}
                  <PlainField id="brokerId" label={t('quotes.view.broker')} errors={convert?.field('brokerId')}>
                    <select id="brokerId" name="brokerId" required defaultValue="" className={inputClass}>
                      <option value="">{t('quotes.view.chooseBroker')}</option>
                      {loaderData.brokers.map((broker) => (
                        <option key={broker.id} value={broker.id}>
                          {broker.name}
                        </option>
                      ))}
                    </select>
                  </PlainField>
                  <Button type="submit" disabled={busy}>
                    {t('quotes.view.convert')}
                  </Button>
                </Form>
              ) : (
                <div className="mt-4 space-y-3">
                  <p className="text-sm">{t('quotes.view.noBrokers')}</p>
                  {loaderData.canAddBroker ? (
                    <ButtonLink to={href('/dashboard/brokers/new')} variant="secondary">
                      {t('quotes.view.addBroker')}
                    </ButtonLink>
                  ) : null}
                </div>
              )}
            </Card>
          ) : null}
          {can.lost ? (
            <Card className="p-6">
              <h2 className="text-base font-bold">{t('quotes.view.decideTitle')}</h2>
              <Form method="post" className="mt-4 space-y-4" data-testid="quote-lost-form" noValidate>
                {hidden('lost')}
                <RefusalNotice refusal={lost} reloadTo={reloadTo} testId="lost-refusal" />
                <PlainField id="reason" label={t('quotes.view.reason')} errors={lost?.field('reason')}>
                  <input id="reason" name="reason" required maxLength={500} dir="auto" className={inputClass} />
                </PlainField>
                <Button type="submit" variant="secondary" disabled={busy}>
                  {t('quotes.view.markLost')}
                </Button>
              </Form>
            </Card>
          ) : null}
        </div>
      </div>
    </>
  )
}

function PriceForm({
  quote,
  refusal,
  busy,
  reloadTo,
  hidden,
}: {
  quote: { email: string; quotedCents: number | null; version: number }
  refusal: ShownRefusal | null
  busy: boolean
  reloadTo: string
  hidden: ReactNode
}) {
  const { t } = useTranslation()
  return (
    <Card className="p-6">
      <h2 className="text-base font-bold">{t('quotes.view.quoteTitle')}</h2>
      <p className="mt-1 text-sm text-muted">{t(quote.quotedCents === null ? 'quotes.view.quoteIntro' : 'quotes.view.requoteIntro', { email: quote.email })}</p>
      <Form key={quote.version} method="post" className="mt-4 space-y-4" data-testid="quote-price-form" noValidate>
        {hidden}
        <RefusalNotice refusal={refusal} reloadTo={reloadTo} testId="price-refusal" />
        <PlainField id="amount" label={t('quotes.view.amount')} errors={refusal?.field('amount')}>
          <input id="amount" name="amount" inputMode="decimal" required className={inputClass} />
        </PlainField>
        <PlainField id="note" label={t('quotes.view.note')} errors={refusal?.field('note')}>
          <textarea id="note" name="note" rows={3} maxLength={2000} dir="auto" className={inputClass} />
        </PlainField>
        <Button type="submit" disabled={busy}>
          {t('quotes.view.send')}
        </Button>
      </Form>
    </Card>
  )
}
