import { getFormProps, getInputProps } from '@conform-to/react'
import { data, Form, href, useNavigation } from 'react-router'

import { ConflictNotice } from '~/components/forms/conflict-notice'
import { useSchemaForm } from '~/components/forms/use-schema-form'
import { PageHeader } from '~/components/layout/page-header'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { DetailCard, DetailItem } from '~/components/ui/details'
import { FormErrors, TextareaField, TextField } from '~/components/ui/field'
import { useTranslation } from '~/hooks/use-translation'
import { getInstance } from '~/middleware/i18next'
import { endMaintenance, maintenanceState, passesMaintenance, startMaintenance } from '~/models/operations/maintenance-mode.server'
import { actorOf } from '~/requests/actor.server'
import { formConstraint, intent, intentAction } from '~/requests/forms.server'
import { requireUser } from '~/requests/session.server'
import { MaintenanceOffSchema, MaintenanceOnSchema } from '~/schemas/maintenance'
import { formatDateTime } from '~/utils/format'
import { redirectWithToast } from '~/utils/toast.server'

import type { Route } from './+types/maintenance'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['maintenance'] }

const SELF = href('/dashboard/maintenance')

/**
 * Maintenance mode from the UI (ADR 104): what `npm run maintenance` does, for the
 * admins of the site organization only, since it stops every organization (they are the ones the
 * gate lets through, so the page stays reachable while it is on). Everyone else gets 403.
 */
async function requireSiteAdmin(request: Request) {
  const user = await requireUser(request)
  if (!(await passesMaintenance(user))) throw data(null, { status: 403 })
  return user
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireSiteAdmin(request)
  const state = await maintenanceState()
  return {
    state: state
      ? { message: state.message, until: state.until?.toISOString() ?? null, startedAt: state.startedAt.toISOString(), version: state.version }
      : null,
    timeZone: user.timeZone,
    constraint: formConstraint(MaintenanceOnSchema),
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireSiteAdmin(request)
  const { t } = getInstance(context)
  const actor = actorOf(request, user)
  return intentAction(await request.formData(), t, {
    on: intent({
      schema: MaintenanceOnSchema,
      run: (value) => startMaintenance(value, { actor, version: value.version ?? null }).then(() => value.version !== undefined),
      done: (changed) => redirectWithToast(SELF, { type: 'success', title: t(changed ? 'maintenance.toast.updated' : 'maintenance.toast.on') }),
    }),
    off: intent({
      schema: MaintenanceOffSchema,
      run: (value) => endMaintenance({ actor, version: value.version }),
      done: () => redirectWithToast(SELF, { type: 'success', title: t('maintenance.toast.off') }),
    }),
  })
}

export default function Maintenance({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { state, timeZone } = loaderData
  const when = (iso: string) => `${formatDateTime(i18n.language, iso, timeZone)} (${timeZone})`
  return (
    <>
      <PageHeader
        title={t('maintenance.title')}
        description={t('maintenance.description')}
        crumbs={[{ label: t('nav.dashboard'), to: href('/dashboard/app') }, { label: t('nav.maintenance') }]}
      />
      <p className="mb-6 max-w-3xl text-sm text-muted">{t('maintenance.effect')}</p>
      <div className="mb-6">
        <DetailCard title={t('maintenance.statusTitle')} testId="maintenance-state">
          <DetailItem label={t('maintenance.statusTitle')}>
            <span data-testid="maintenance-status">{state ? t('maintenance.statusOn', { since: when(state.startedAt) }) : t('maintenance.statusOff')}</span>
          </DetailItem>
          {state ? (
            <>
              <DetailItem label={t('maintenance.fields.until')}>
                {state.until ? t('maintenance.statusUntil', { time: when(state.until) }) : t('maintenance.statusNoUntil')}
              </DetailItem>
              <DetailItem label={t('maintenance.statusMessage')}>
                <span dir="auto" className="whitespace-pre-line">
                  {state.message ?? t('maintenance.statusNoMessage')}
                </span>
              </DetailItem>
            </>
          ) : null}
        </DetailCard>
      </div>
      {/* Keyed by the version: after a change the form starts from the state saved. */}
      <MaintenanceForm key={state?.version ?? 0} state={state} constraint={loaderData.constraint} actionData={actionData} />
    </>
  )
}

function MaintenanceForm(props: {
  state: Route.ComponentProps['loaderData']['state']
  constraint: Route.ComponentProps['loaderData']['constraint']
  actionData: Route.ComponentProps['actionData']
}) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const { state, actionData } = props
  const busy = navigation.state !== 'idle'
  const [form, fields] = useSchemaForm<typeof MaintenanceOnSchema>({
    id: 'maintenance-on',
    constraint: props.constraint,
    lastResult: actionData?.intent === 'on' ? actionData.result : undefined,
    defaultValue: state ? { message: state.message ?? undefined, version: state.version } : {},
  })
  const offRefusal = actionData?.intent === 'off' || (actionData && actionData.intent !== 'on') ? actionData : null
  return (
    <div className="space-y-6">
      <Card className="p-6">
        <Form method="post" {...getFormProps(form)} className="space-y-5">
          <FormErrors id={form.errorId} errors={form.errors} />
          {actionData?.intent === 'on' && actionData.conflict ? <ConflictNotice reloadTo={SELF} /> : null}
          {state ? <input {...getInputProps(fields.version, { type: 'hidden' })} /> : null}
          <TextareaField label={t('maintenance.fields.message')} field={fields.message} hint={t('maintenance.messageHint')} rows={3} />
          <TextField label={t('maintenance.fields.until')} field={fields.until} hint={t('maintenance.untilHint')} autoComplete="off" />
          <Button type="submit" name="intent" value="on" disabled={busy}>
            {state ? t('maintenance.save') : t('maintenance.turnOn')}
          </Button>
        </Form>
      </Card>
      {state ? (
        <Card className="p-6">
          <Form method="post" className="space-y-4">
            <FormErrors errors={offRefusal?.result.error?.[''] ?? null} />
            {offRefusal?.conflict ? <ConflictNotice reloadTo={SELF} /> : null}
            <input type="hidden" name="version" value={state.version} />
            <Button type="submit" name="intent" value="off" variant="danger" disabled={busy}>
              {t('maintenance.turnOff')}
            </Button>
          </Form>
        </Card>
      ) : null}
    </div>
  )
}
