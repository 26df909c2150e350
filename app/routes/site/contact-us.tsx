import { getFormProps, getInputProps } from '@conform-to/react'
import { Form, href, Link, redirect, useNavigation, useSearchParams } from 'react-router'

import { useSchemaForm } from '~/components/forms/use-schema-form'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { FormErrors, TextareaField, TextField } from '~/components/ui/field'
import { Icon } from '~/components/ui/icons'
import { useTranslation } from '~/hooks/use-translation'
import { getInstance } from '~/middleware/i18next'
import { sendContactMessage, siteContactPage } from '~/models/organization/site.server'
import { formConstraint, submitForm } from '~/requests/forms.server'
import { getClientIp } from '~/requests/session.server'
import { ContactMessageSchema } from '~/schemas/site'

import type { Route } from './+types/contact-us'

export const handle = { i18n: ['site'] }

const SENT = `${href('/contact-us')}?sent=1`

/** The site carrier's contact details and a form whose messages land in its shared inbox. */
export async function loader() {
  return { contact: await siteContactPage(), constraint: formConstraint(ContactMessageSchema) }
}

/**
 * A hostile body's path: the schema (400, messages at the fields), the honeypot and the limits
 * (app/models/organization/site.server.ts: 429 with the minutes to wait), then a redirect to the thank-you
 * state, so a reload does not send it twice.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { t } = getInstance(context)
  return submitForm(
    await request.formData(),
    ContactMessageSchema,
    (value) => sendContactMessage(value, getClientIp(request)),
    () => redirect(SENT),
    { translate: t },
  )
}

export default function ContactPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const [searchParams] = useSearchParams()
  const contact = loaderData.contact
  const name = contact?.name ?? 'Freightdesk'
  const sent = searchParams.get('sent') === '1'
  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_2fr]">
      <title>{`${t('site.contact.title')} | ${name}`}</title>
      <meta name="description" content={t('site.contact.description', { name })} />
      <div className="space-y-6">
        <div>
          <h1 className="text-3xl font-extrabold text-ink sm:text-4xl">{sent ? t('site.contact.sentTitle') : t('site.contact.title')}</h1>
          <p className="mt-3 text-muted">{sent ? t('site.contact.sent') : t('site.contact.intro')}</p>
        </div>
        {contact ? (
          <Card className="p-6">
            <h2 className="mb-4 text-base font-bold">{t('site.contact.details')}</h2>
            <ul className="space-y-4 text-sm" data-testid="contact-details">
              {contact.email ? (
                <Detail icon="mail" label={t('site.contact.email')}>
                  <a href={`mailto:${contact.email}`} className="font-semibold text-primary-dark dark:text-primary-light hover:underline" dir="ltr">
                    {contact.email}
                  </a>
                </Detail>
              ) : null}
              {contact.phone ? (
                <Detail icon="chat" label={t('site.contact.phone')}>
                  <a
                    href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}
                    className="font-semibold text-primary-dark dark:text-primary-light hover:underline"
                    dir="ltr"
                  >
                    {contact.phone}
                  </a>
                </Detail>
              ) : null}
              {contact.address.length ? (
                <Detail icon="mapPin" label={t('site.contact.address')}>
                  {contact.address.map((line) => (
                    <bdi key={line} dir="auto" className="block font-semibold">
                      {line}
                    </bdi>
                  ))}
                </Detail>
              ) : null}
            </ul>
          </Card>
        ) : null}
      </div>
      {sent ? (
        <Card className="flex flex-col items-start gap-4 self-start p-6" data-testid="contact-sent">
          <span className="grid size-12 place-items-center rounded-full bg-success-lighter text-success-darker">
            <Icon name="check" size={24} />
          </span>
          <p className="text-base font-semibold" role="status">
            {t('site.contact.sentTitle')}
          </p>
          <Link to={href('/contact-us')} className="font-semibold text-primary-dark dark:text-primary-light underline">
            {t('site.contact.another')}
          </Link>
        </Card>
      ) : (
        <ContactForm constraint={loaderData.constraint} actionData={actionData} />
      )}
    </div>
  )
}

function Detail({ icon, label, children }: { icon: 'mail' | 'chat' | 'mapPin'; label: string; children: React.ReactNode }) {
  return (
    <li className="flex gap-3">
      <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-primary/10 text-primary">
        <Icon name={icon} size={18} />
      </span>
      <div>
        <p className="text-muted">{label}</p>
        <div>{children}</div>
      </div>
    </li>
  )
}

function ContactForm(props: { constraint: Route.ComponentProps['loaderData']['constraint']; actionData: Route.ComponentProps['actionData'] }) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const [form, fields] = useSchemaForm<typeof ContactMessageSchema>({ id: 'contact', constraint: props.constraint, lastResult: props.actionData?.result })
  return (
    <Card className="p-6">
      <h2 className="mb-5 text-base font-bold">{t('site.contact.form')}</h2>
      <Form method="post" {...getFormProps(form)} className="space-y-5">
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label={t('site.contact.fields.name')} field={fields.name} autoComplete="name" />
          <TextField label={t('site.contact.fields.email')} field={fields.email} type="email" autoComplete="email" />
          <TextField label={t('site.contact.fields.company')} field={fields.company} autoComplete="organization" />
          <TextField label={t('site.contact.fields.phone')} field={fields.phone} type="tel" autoComplete="tel" />
        </div>
        <TextareaField label={t('site.contact.fields.message')} field={fields.message} rows={6} />
        {/* The honeypot: out of sight and out of the tab order; a person leaves it empty, a bot fills it. */}
        <div className="hidden">
          <label htmlFor="contact-website">{t('site.contact.fields.website')}</label>
          <input {...getInputProps(fields.website, { type: 'text' })} id="contact-website" tabIndex={-1} autoComplete="off" />
        </div>
        <div className="flex justify-end">
          <Button type="submit" disabled={navigation.state === 'submitting'}>
            {t('site.contact.send')}
          </Button>
        </div>
      </Form>
    </Card>
  )
}
