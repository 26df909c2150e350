import { Form, href, useNavigation } from 'react-router'

import { RefusalNotice, useRefusal } from '~/components/forms/refusal'
import { PageHeader } from '~/components/layout/page-header'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { ErrorList } from '~/components/ui/field'
import { inputClass } from '~/components/ui/input-class'
import { useTranslation } from '~/hooks/use-translation'
import { getInstance } from '~/middleware/i18next'
import { getComplianceSettings, updateComplianceSettings } from '~/models/compliance/compliance-settings.server'
import { requireActor } from '~/requests/actor.server'
import { intent, intentAction } from '~/requests/forms.server'
import { ComplianceSettingsSchema } from '~/schemas/qualification'
import { QUALIFICATION_KINDS, REMINDER_DAYS_MAX } from '~/schemas/qualification-options'
import { redirectWithToast } from '~/utils/toast.server'

import type { Route } from './+types/settings'

export const handle = { i18n: ['qualifications'] }

const HERE = href('/dashboard/compliance/settings')

/** What the organization asks of its drivers' qualification files (ADR 139): admins only, at the version read. */
export async function loader({ request }: Route.LoaderArgs) {
  const { user } = await requireActor(request, 'update', 'organization')
  return getComplianceSettings(user.organizationId)
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireActor(request, 'update', 'organization')
  const t = getInstance(context).t
  return intentAction(await request.formData(), t, {
    save: intent({
      schema: ComplianceSettingsSchema,
      run: (input) => updateComplianceSettings(actor, input),
      done: () => redirectWithToast(HERE, { type: 'success', title: t('qualifications.settings.saved') }),
    }),
  })
}

export default function ComplianceSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const refusal = useRefusal(actionData, 'save', undefined, ['requiredKinds', 'reminderDays'])
  const posted = refusal?.values ?? {}
  const postedKinds = Array.isArray(posted.requiredKinds) ? posted.requiredKinds : typeof posted.requiredKinds === 'string' ? [posted.requiredKinds] : null
  const chosen = new Set<string>(postedKinds ?? loaderData.requiredKinds)
  const days = typeof posted.reminderDays === 'string' ? posted.reminderDays : String(loaderData.reminderDays)
  return (
    <>
      <PageHeader
        title={t('qualifications.settings.title')}
        description={t('qualifications.settings.description')}
        crumbs={[{ label: t('nav.dashboard'), to: href('/dashboard/app') }, { label: t('qualifications.settings.title') }]}
      />
      <Card className="max-w-2xl p-4 sm:p-6">
        <RefusalNotice refusal={refusal} reloadTo={HERE} className="mb-4" testId="compliance-settings-refusal" />
        <Form method="post" key={loaderData.version} className="space-y-6" data-testid="compliance-settings" noValidate>
          <input type="hidden" name="intent" value="save" />
          <input type="hidden" name="version" value={loaderData.version} />
          <fieldset>
            <legend className="mb-1 text-sm font-semibold">{t('qualifications.settings.requiredKinds')}</legend>
            <p className="mb-3 text-xs text-muted">{t('qualifications.settings.requiredHint')}</p>
            <div className="grid gap-2 sm:grid-cols-2">
              {QUALIFICATION_KINDS.map((kind) => (
                <label key={kind} className="flex items-center gap-2 text-sm">
                  <input type="checkbox" name="requiredKinds" value={kind} defaultChecked={chosen.has(kind)} className="size-4" />
                  {t(`qualifications.kinds.${kind}`)}
                </label>
              ))}
            </div>
            <ErrorList id="requiredKinds-error" errors={refusal?.field('requiredKinds')} />
          </fieldset>
          <div className="max-w-xs">
            <label htmlFor="reminderDays" className="mb-1.5 block text-sm font-semibold">
              {t('qualifications.settings.reminderDays')}
            </label>
            <input
              id="reminderDays"
              name="reminderDays"
              type="number"
              min={0}
              max={REMINDER_DAYS_MAX}
              defaultValue={days}
              className={inputClass}
              aria-invalid={refusal?.field('reminderDays')?.length ? true : undefined}
              aria-describedby="reminderDays-error"
            />
            {refusal?.field('reminderDays')?.length ? (
              <ErrorList id="reminderDays-error" errors={refusal.field('reminderDays')} />
            ) : (
              <p className="mt-1.5 text-xs text-muted">{t('qualifications.settings.reminderHint')}</p>
            )}
          </div>
          <Button type="submit" disabled={navigation.state !== 'idle'} data-testid="compliance-settings-save">
            {t('qualifications.settings.submit')}
          </Button>
        </Form>
      </Card>
    </>
  )
}
