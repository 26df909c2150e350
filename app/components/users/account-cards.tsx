/**
 * The sessions and API keys cards of the account page (app/routes/dashboard/users/account.tsx),
 * as its loader shapes them.
 */
import type { SubmissionResult } from '@conform-to/react'
import { getFormProps } from '@conform-to/react'
import { Form, href } from 'react-router'

import { type FormConstraint, useSchemaForm } from '~/components/forms/use-schema-form'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { FormErrors, SelectField, TextField } from '~/components/ui/field'
import { ShownOnce } from '~/components/ui/shown-once'
import { useTimeZone } from '~/hooks/use-time-zone'
import { useTranslation } from '~/hooks/use-translation'
import type { ApiKeyCreateSchema } from '~/schemas/api-key'
import { API_KEY_SCOPES } from '~/schemas/api-key-options'
import { formatZonedDate } from '~/utils/format'
import type { ShownOnceAnswer } from '~/utils/page-answer'
import type { Device } from '~/utils/user-agent'

/** A session as the account page shows it (the loader's `sessions`). */
export type AccountSession = {
  id: string
  kind: string
  ip: string | null
  userAgent: string | null
  device: Device | null
  createdAt: string
  current: boolean
}

/** The signed-in user's sessions, with a button to sign out the others. */
export function SessionsCard({ sessions, busy }: { sessions: AccountSession[]; busy: boolean }) {
  const { t, i18n } = useTranslation()
  const timeZone = useTimeZone()
  const others = sessions.filter((session) => !session.current).length
  return (
    <Card className="p-6">
      <h2 className="mb-1 text-base font-bold">{t('users.account.sessions')}</h2>
      <p className="mb-4 text-sm text-muted">{t('users.account.sessionsHint')}</p>
      <ul className="divide-y divide-dashed divide-line" data-testid="sessions">
        {sessions.map((session) => (
          <li key={session.id} className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm">
            <div className="min-w-0">
              <p className="font-semibold">
                {t(`users.account.sessionKind.${session.kind}`)}
                {session.current ? (
                  <span className="ms-2">
                    <Badge tone="success">{t('users.account.thisSession')}</Badge>
                  </span>
                ) : null}
              </p>
              <p className="text-xs break-all text-muted" title={session.userAgent ?? undefined}>
                {/* Isolated: a browser's name and an address keep their order in a right-to-left page. */}
                <bdi>{deviceName(t, session.device)}</bdi>
                {session.ip ? (
                  <>
                    {' · '}
                    <bdi dir="ltr">{session.ip}</bdi>
                  </>
                ) : null}
              </p>
            </div>
            <p className="text-xs whitespace-nowrap text-muted">
              {t('users.account.since', { date: formatZonedDate(i18n.language, session.createdAt, timeZone) })}
            </p>
          </li>
        ))}
      </ul>
      <Form method="post" className="mt-4 flex justify-end">
        <Button type="submit" name="intent" value="signOutOthers" variant="secondary" disabled={busy || others === 0}>
          {t('users.account.signOutOthers')}
        </Button>
      </Form>
    </Card>
  )
}

/** An API key as the account page lists it (the loader's `apiKeys`). */
export type AccountApiKey = {
  id: string
  name: string
  scope: string
  prefix: string
  lastUsedAt: string | null
  revoked: boolean
  createdAt: string
  createdBy: string
}

/** The organization's API keys: the form that makes one, the new key's secret shown once, and the list with revoke buttons. */
export function ApiKeysCard({
  apiKeys,
  constraint,
  lastResult,
  createdKey,
  busy,
}: {
  apiKeys: AccountApiKey[]
  constraint: FormConstraint
  lastResult: SubmissionResult<string[]> | undefined
  /** The key just made: its secret is in this answer only. */
  createdKey: ShownOnceAnswer | null
  busy: boolean
}) {
  const { t, i18n } = useTranslation()
  const timeZone = useTimeZone()
  const [keyForm, keyFields] = useSchemaForm<typeof ApiKeyCreateSchema>({
    id: 'api-key',
    constraint,
    lastResult,
    defaultValue: { scope: 'read_only' },
  })
  return (
    <Card className="p-6 lg:col-span-2" id="api-keys">
      <h2 className="mb-1 text-base font-bold">{t('users.account.apiKeys.title')}</h2>
      <p className="mb-1 text-sm text-muted">{t('users.account.apiKeys.hint')}</p>
      <p className="mb-5 text-sm text-muted">
        {t('users.account.apiKeys.docsHint')}{' '}
        <a href={href('/api/docs')} className="font-semibold text-primary-dark underline-offset-2 dark:text-primary-light hover:underline">
          {t('users.account.apiKeys.docs')}
        </a>
        .
      </p>
      {createdKey ? (
        <ShownOnce
          title={t('users.account.apiKeys.created', { name: createdKey.name ?? '' })}
          note={t('users.account.apiKeys.copyNow')}
          label={t('users.account.apiKeys.key')}
          value={createdKey.value}
          copyLabel={t('users.account.apiKeys.copy')}
          testId="new-api-key"
          valueTestId="new-api-key-secret"
          className="mb-5"
        />
      ) : null}
      <Form method="post" {...getFormProps(keyForm)} className="mb-6 grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto] sm:items-start">
        <FormErrors id={keyForm.errorId} errors={keyForm.errors} />
        <input type="hidden" name="intent" value="createApiKey" />
        <TextField label={t('users.account.apiKeys.name')} field={keyFields.name} autoComplete="off" />
        <SelectField
          label={t('users.account.apiKeys.scope')}
          field={keyFields.scope}
          options={API_KEY_SCOPES.map((scope) => ({ value: scope, label: t(`users.account.apiKeys.scopes.${scope}`) }))}
        />
        <div className="sm:pt-7">
          <Button type="submit" disabled={busy}>
            {t('users.account.apiKeys.create')}
          </Button>
        </div>
      </Form>
      {apiKeys.length === 0 ? (
        <p className="rounded-lg border border-dashed border-line p-4 text-center text-sm text-muted">{t('users.account.apiKeys.empty')}</p>
      ) : (
        <ul className="divide-y divide-dashed divide-line" data-testid="api-keys">
          {apiKeys.map((key) => (
            <li key={key.id} className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 font-semibold">
                  <span className="break-all">{key.name}</span>
                  <Badge tone={key.scope === 'read_write' ? 'warning' : 'info'}>{t(`users.account.apiKeys.scopes.${key.scope}`)}</Badge>
                  {key.revoked ? <Badge tone="default">{t('users.account.apiKeys.revoked')}</Badge> : null}
                </p>
                <p className="text-xs text-muted">
                  <code dir="ltr">{key.prefix}…</code> ·{' '}
                  {t('users.account.apiKeys.createdBy', { name: key.createdBy, date: formatZonedDate(i18n.language, key.createdAt, timeZone) })} ·{' '}
                  {key.lastUsedAt
                    ? t('users.account.apiKeys.lastUsed', { date: formatZonedDate(i18n.language, key.lastUsedAt, timeZone) })
                    : t('users.account.apiKeys.neverUsed')}
                </p>
              </div>
              {key.revoked ? null : (
                <Form method="post">
                  <input type="hidden" name="id" value={key.id} />
                  <Button
                    type="submit"
                    name="intent"
                    value="revokeApiKey"
                    variant="secondary"
                    disabled={busy}
                    aria-label={`${t('users.account.apiKeys.revoke')} ${key.name}`}
                  >
                    {t('users.account.apiKeys.revoke')}
                  </Button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}

type Translate = (key: string, params?: Record<string, unknown>) => string

/** A session's device in words: "Chrome on Windows", "API client (curl)", or "Unknown device". */
function deviceName(t: Translate, device: Device | null) {
  if (!device) return t('users.account.device.unknown')
  if (device.kind === 'client') return device.name ? t('users.account.device.namedClient', { name: device.name }) : t('users.account.device.client')
  if (device.browser && device.system) return t('users.account.device.browserOn', { browser: device.browser, system: device.system })
  return device.browser ?? t('users.account.device.browserOn', { browser: t('users.account.device.browser'), system: device.system })
}
