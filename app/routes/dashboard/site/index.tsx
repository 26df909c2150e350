import { type FieldMetadata, getFormProps, getInputProps } from '@conform-to/react'
import { Form, href, Link, useLocation, useNavigation } from 'react-router'

import { ConflictNotice } from '~/components/forms/conflict-notice'
import { DefaultSubmit } from '~/components/forms/default-submit'
import { RowButton } from '~/components/forms/row-button'
import { useSchemaForm } from '~/components/forms/use-schema-form'
import { PageHeader } from '~/components/layout/page-header'
import { Button, buttonClass } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { ErrorList, FormErrors, TextareaField, TextField } from '~/components/ui/field'
import { Icon } from '~/components/ui/icons'
import { useTranslation } from '~/hooks/use-translation'
import { getInstance } from '~/middleware/i18next'
import { getOrganization, serializeSiteTexts, updateSiteTexts } from '~/models/organization/organization.server'
import { siteFrameOrganization } from '~/models/organization/site.server'
import { actorOf } from '~/requests/actor.server'
import { formConstraint, submitForm } from '~/requests/forms.server'
import { requirePermission } from '~/requests/session.server'
import { SiteTextsUpdateSchema } from '~/schemas/site'
import { SITE_LIMITS } from '~/schemas/site-options'
import { safeTimeZone, zonedWallClock } from '~/utils/time'
import { redirectWithToast } from '~/utils/toast.server'

import type { Route } from './+types/index'

export const handle = { i18n: ['site'] }

const SELF = href('/dashboard/site')

/** Empty is absent in a form (Conform's defaults): null values dropped. */
const present = <T,>(value: T | null) => value ?? undefined

/**
 * The public site's texts: tagline, about, FAQ entries, services, contact details and
 * the coming-soon date, edited by admins (`update organization`). Rows are added, moved and removed
 * by submit buttons (Conform's list intents), so it all works without JavaScript.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'update', 'organization')
  const [organization, site] = await Promise.all([getOrganization(user.organizationId), siteFrameOrganization()])
  const timeZone = safeTimeZone(organization.timezone)
  const texts = serializeSiteTexts(organization)
  return {
    timeZone,
    siteName: site && site.id !== organization.id ? site.name : null,
    constraint: formConstraint(SiteTextsUpdateSchema),
    defaults: {
      tagline: present(texts.tagline),
      about: present(texts.about),
      faq: texts.faq,
      services: texts.services.map((service) => ({ name: service.name, description: present(service.description) })),
      contactEmail: present(texts.contactEmail),
      contactPhone: present(texts.contactPhone),
      comingSoonAt: organization.siteComingSoonAt ? zonedWallClock(organization.siteComingSoonAt, timeZone) : undefined,
      version: organization.version,
    },
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requirePermission(request, 'update', 'organization')
  const { t } = getInstance(context)
  // A row added, moved or removed without JavaScript (Conform's intents): submitForm answers the form again, nothing saved.
  return submitForm(
    await request.formData(),
    SiteTextsUpdateSchema,
    (value) => updateSiteTexts(actorOf(request, user), value),
    () => redirectWithToast(SELF, { type: 'success', title: t('site.editor.saved') }),
    { translate: t },
  )
}

export default function SiteTexts({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const { pathname, search } = useLocation()
  const [form, fields] = useSchemaForm<typeof SiteTextsUpdateSchema>({
    id: 'site-texts',
    constraint: loaderData.constraint,
    lastResult: actionData?.result,
    defaultValue: loaderData.defaults,
  })
  const faq = fields.faq.getFieldList()
  const services = fields.services.getFieldList()
  const back = (anchor: string) => `${pathname}${search}#${anchor}`
  return (
    <>
      <PageHeader
        title={t('nav.site')}
        description={t('site.editor.description')}
        crumbs={[{ label: t('nav.dashboard'), to: href('/dashboard/app') }, { label: t('nav.site') }]}
        action={
          <Link to={href('/about-us')} className={buttonClass('secondary')}>
            {t('site.editor.view')}
          </Link>
        }
      />
      {loaderData.siteName ? (
        <p className="mb-6 rounded-lg border border-info/30 bg-info-lighter px-4 py-3 text-sm text-info-darker" data-testid="not-site">
          {t('site.editor.notSite', { name: loaderData.siteName })}
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="space-y-6">
        {/* Enter saves, not the first row's "Move up" or "Add a question". */}
        <DefaultSubmit label={t('common.saveChanges')} />
        <FormErrors id={form.errorId} errors={form.errors} />
        {actionData?.conflict ? <ConflictNotice reloadTo={SELF} /> : null}
        <input {...getInputProps(fields.version, { type: 'hidden' })} />

        <Card className="p-6">
          <h2 className="mb-5 text-base font-bold">{t('site.editor.sections.intro')}</h2>
          <div className="space-y-5">
            <TextField label={t('site.editor.fields.tagline')} field={fields.tagline} autoComplete="off" />
            <TextareaField label={t('site.editor.fields.about')} field={fields.about} rows={8} hint={t('site.editor.hints.about')} />
          </div>
        </Card>

        <Card className="scroll-mt-24 p-6" id="site-faq">
          <h2 className="mb-1 text-base font-bold">{t('site.editor.sections.faq')}</h2>
          <p className="mb-5 text-sm text-muted">{t('site.editor.hints.faq', { max: SITE_LIMITS.faq, answer: SITE_LIMITS.answer })}</p>
          <ErrorList id={fields.faq.errorId} errors={fields.faq.errors} />
          <ol className="space-y-4" data-testid="faq-rows">
            {faq.map((entry, index) => {
              const row = entry.getFieldset()
              return (
                <Row
                  key={entry.key ?? index}
                  heading={t('site.editor.faqRow', { n: index + 1 })}
                  index={index}
                  count={faq.length}
                  list={fields.faq}
                  form={form}
                  formAction={back('site-faq')}
                >
                  <TextField label={t('site.editor.fields.question')} field={row.question} autoComplete="off" />
                  <TextareaField label={t('site.editor.fields.answer')} field={row.answer} rows={3} />
                </Row>
              )
            })}
          </ol>
          <button
            {...form.insert.getButtonProps({ name: fields.faq.name })}
            formAction={back('site-faq')}
            type="submit"
            disabled={faq.length >= SITE_LIMITS.faq}
            className={buttonClass('secondary', 'sm', 'mt-4')}
          >
            <Icon name="plus" size={16} />
            {t('site.editor.addFaq')}
          </button>
        </Card>

        <Card className="scroll-mt-24 p-6" id="site-services">
          <h2 className="mb-1 text-base font-bold">{t('site.editor.sections.services')}</h2>
          <p className="mb-5 text-sm text-muted">{t('site.editor.hints.services', { max: SITE_LIMITS.services })}</p>
          <ErrorList id={fields.services.errorId} errors={fields.services.errors} />
          <ol className="space-y-4" data-testid="service-rows">
            {services.map((service, index) => {
              const row = service.getFieldset()
              return (
                <Row
                  key={service.key ?? index}
                  heading={t('site.editor.serviceRow', { n: index + 1 })}
                  index={index}
                  count={services.length}
                  list={fields.services}
                  form={form}
                  formAction={back('site-services')}
                >
                  <TextField label={t('site.editor.fields.serviceName')} field={row.name} autoComplete="off" />
                  <TextareaField label={t('site.editor.fields.serviceDescription')} field={row.description} rows={2} />
                </Row>
              )
            })}
          </ol>
          <button
            {...form.insert.getButtonProps({ name: fields.services.name })}
            formAction={back('site-services')}
            type="submit"
            disabled={services.length >= SITE_LIMITS.services}
            className={buttonClass('secondary', 'sm', 'mt-4')}
          >
            <Icon name="plus" size={16} />
            {t('site.editor.addService')}
          </button>
        </Card>

        <div className="grid gap-6 lg:grid-cols-2">
          <Card className="p-6">
            <h2 className="mb-1 text-base font-bold">{t('site.editor.sections.contact')}</h2>
            <p className="mb-5 text-sm text-muted">{t('site.editor.hints.contact')}</p>
            <div className="space-y-5">
              <TextField label={t('site.editor.fields.contactEmail')} field={fields.contactEmail} type="email" autoComplete="off" />
              <TextField label={t('site.editor.fields.contactPhone')} field={fields.contactPhone} type="tel" autoComplete="off" />
            </div>
          </Card>
          <Card className="p-6">
            <h2 className="mb-5 text-base font-bold">{t('site.editor.sections.comingSoon')}</h2>
            <TextField
              label={t('site.editor.fields.comingSoonAt')}
              field={fields.comingSoonAt}
              type="datetime-local"
              hint={t('site.editor.hints.comingSoonAt', { zone: loaderData.timeZone })}
            />
          </Card>
        </div>

        <div className="flex justify-end">
          <Button type="submit" disabled={navigation.state === 'submitting'}>
            {t('common.saveChanges')}
          </Button>
        </div>
      </Form>
    </>
  )
}

type ListForm = ReturnType<typeof useSchemaForm<typeof SiteTextsUpdateSchema>>[0]

/** One row of a list (a question, a service) with its move and remove buttons: submits that post back here, also without JavaScript. */
function Row(props: {
  heading: string
  index: number
  count: number
  list: { name: FieldMetadata<unknown>['name'] }
  form: ListForm
  formAction: string
  children: React.ReactNode
}) {
  const { t } = useTranslation()
  const { index, count, list, form, formAction } = props
  const n = index + 1
  return (
    <li className="rounded-lg border border-line p-4" data-testid="site-row">
      <div className="mb-4 flex items-center justify-between gap-2">
        <h3 className="text-sm font-bold">{props.heading}</h3>
        <div className="flex gap-1">
          <RowButton
            icon="chevronLeft"
            label={t('site.editor.moveUp', { n })}
            disabled={index === 0}
            buttonProps={{ ...form.reorder.getButtonProps({ name: list.name, from: index, to: index - 1 }), formAction }}
          />
          <RowButton
            icon="chevronDown"
            label={t('site.editor.moveDown', { n })}
            disabled={index === count - 1}
            buttonProps={{ ...form.reorder.getButtonProps({ name: list.name, from: index, to: index + 1 }), formAction }}
          />
          <RowButton
            icon="trash"
            label={t('site.editor.remove', { n })}
            buttonProps={{ ...form.remove.getButtonProps({ name: list.name, index }), formAction }}
          />
        </div>
      </div>
      <div className="grid gap-4">{props.children}</div>
    </li>
  )
}
