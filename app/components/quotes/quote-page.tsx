import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Form, useNavigation } from 'react-router'

import { useSchemaForm } from '~/components/forms/use-schema-form'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { FormErrors, SelectField, TextareaField, TextField } from '~/components/ui/field'
import { Icon } from '~/components/ui/icons'
import { useTranslation } from '~/hooks/use-translation'
import type { FormConstraint } from '~/schemas/form-constraint'
import type { QuoteRequestSchema } from '~/schemas/quote'
import { QUOTE_HONEYPOT } from '~/schemas/quote-options'
import { TRAILER_TYPES } from '~/schemas/trailer-options'

export type QuotePageData = {
  carrier: string
  services: Array<{ name: string; description: string }>
  constraint: FormConstraint
  /** The thank-you state (after the redirect): the request's number, or null when none is told. */
  sent: { number: string | null } | null
}

/**
 * The public quote page: the carrier's services and the quote request form, or the
 * thank-you state after a request. Plain HTML form: it works without JavaScript.
 */
export function QuotePage({ page, lastResult, formAction }: { page: QuotePageData; lastResult: SubmissionResult<string[]> | undefined; formAction: string }) {
  const { t } = useTranslation()
  const title = `${t('quotes.pricing.metaTitle')} | ${page.carrier}`
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={t('quotes.pricing.description')} />
      <div className="max-w-3xl">
        <h1 className="text-3xl font-extrabold text-ink sm:text-4xl">{t('quotes.pricing.heading')}</h1>
        <p className="mt-3 text-lg text-muted">{t('quotes.pricing.intro')}</p>
      </div>
      <div className="mt-8 grid gap-8 lg:grid-cols-5">
        {page.services.length ? (
          <section aria-labelledby="services-title" className="lg:col-span-2" data-testid="site-services">
            <h2 id="services-title" className="text-xl font-bold text-ink">
              {t('quotes.pricing.services')}
            </h2>
            <ul className="mt-4 space-y-3">
              {page.services.map((service) => (
                <li key={service.name}>
                  <Card className="p-5">
                    <h3 className="font-bold text-ink">
                      <bdi>{service.name}</bdi>
                    </h3>
                    {service.description ? (
                      <p className="mt-1 text-sm whitespace-pre-line text-muted" dir="auto">
                        {service.description}
                      </p>
                    ) : null}
                  </Card>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <div className={page.services.length ? 'lg:col-span-3' : 'lg:col-span-5 lg:max-w-3xl'}>
          {page.sent ? <Thanks number={page.sent.number} formAction={formAction} /> : <QuoteForm page={page} lastResult={lastResult} formAction={formAction} />}
        </div>
      </div>
    </>
  )
}

function Thanks({ number, formAction }: { number: string | null; formAction: string }) {
  const { t } = useTranslation()
  return (
    <Card className="p-6 sm:p-8" data-testid="quote-sent">
      <div id="sent" role="status" className="flex flex-col items-start gap-3">
        <span className="grid size-12 place-items-center rounded-full bg-success-lighter text-success-darker dark:bg-success/20 dark:text-success-light">
          <Icon name="check" size={24} />
        </span>
        <h2 className="text-xl font-bold text-ink">{t('quotes.pricing.sentTitle')}</h2>
        <p className="text-muted">{number ? t('quotes.pricing.sent', { number }) : t('quotes.pricing.sentPlain')}</p>
        <a href={formAction} className="font-semibold text-primary hover:underline">
          {t('quotes.pricing.another')}
        </a>
      </div>
    </Card>
  )
}

function QuoteForm({ page, lastResult, formAction }: { page: QuotePageData; lastResult: SubmissionResult<string[]> | undefined; formAction: string }) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const [form, fields] = useSchemaForm<typeof QuoteRequestSchema>({ id: 'quote-request', constraint: page.constraint, lastResult })
  const optional = (label: string) => (
    <>
      {label} <span className="font-normal text-muted">({t('quotes.pricing.optional')})</span>
    </>
  )
  const legend = 'text-base font-bold text-ink'
  return (
    <Card className="p-6 sm:p-8">
      <h2 className="text-xl font-bold text-ink">{t('quotes.pricing.formTitle')}</h2>
      <Form method="post" action={formAction} {...getFormProps(form)} className="mt-6 space-y-6" data-testid="quote-form">
        <FormErrors id={form.errorId} errors={form.errors} />
        <fieldset className="space-y-4">
          <legend className={legend}>{t('quotes.pricing.lane')}</legend>
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField className="sm:col-span-2" label={t('quotes.fields.originCity')} field={fields.originCity} autoComplete="off" />
            <TextField label={t('quotes.fields.originState')} field={fields.originState} autoComplete="off" />
            <TextField className="sm:col-span-2" label={t('quotes.fields.destinationCity')} field={fields.destinationCity} autoComplete="off" />
            <TextField label={t('quotes.fields.destinationState')} field={fields.destinationState} autoComplete="off" />
          </div>
        </fieldset>
        <fieldset className="space-y-4">
          <legend className={legend}>{t('quotes.pricing.shipment')}</legend>
          <div className="grid gap-4 sm:grid-cols-3">
            <SelectField
              label={t('quotes.fields.equipmentType')}
              field={fields.equipmentType}
              options={TRAILER_TYPES.map((value) => ({ value, label: t(`trailers.type.${value}`) }))}
            />
            <TextField label={t('quotes.fields.pickupDate')} field={fields.pickupDate} type="date" />
            <TextField label={optional(t('quotes.fields.weightLb'))} field={fields.weightLb} type="number" />
          </div>
        </fieldset>
        <fieldset className="space-y-4">
          <legend className={legend}>{t('quotes.pricing.contact')}</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label={t('quotes.fields.name')} field={fields.name} autoComplete="name" />
            <TextField label={t('quotes.fields.email')} field={fields.email} type="email" autoComplete="email" />
            <TextField label={optional(t('quotes.fields.company'))} field={fields.company} autoComplete="organization" />
            <TextField label={optional(t('quotes.fields.phone'))} field={fields.phone} type="tel" autoComplete="tel" />
          </div>
          <TextareaField label={optional(t('quotes.fields.message'))} field={fields.message} rows={3} />
        </fieldset>
        {/* The honeypot: not shown and not in the accessibility tree; a bot that fills every field is thanked and dropped. */}
        <div hidden>
          <label htmlFor="quote-website">{t('quotes.pricing.honeypot')}</label>
          <input id="quote-website" name={QUOTE_HONEYPOT} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        <Button type="submit" className="w-full sm:w-auto" disabled={navigation.state === 'submitting'}>
          {t('quotes.pricing.submit')}
        </Button>
      </Form>
    </Card>
  )
}
