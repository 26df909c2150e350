import { getFormProps, getInputProps } from '@conform-to/react'
import { data, Form, href, useNavigation } from 'react-router'
import { z } from 'zod'

import { RefusalNotice, useRefusal } from '~/components/forms/refusal'
import { useShownOnce } from '~/components/forms/shown-once-answer'
import { useSchemaForm } from '~/components/forms/use-schema-form'
import { PageHeader } from '~/components/layout/page-header'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { ErrorList, FormErrors, TextField } from '~/components/ui/field'
import { ApiKeysCard, SessionsCard } from '~/components/users/account-cards'
import { Avatar } from '~/components/users/avatar'
import { InboundAddressCard } from '~/components/users/inbound-address-card'
import { useTranslation } from '~/hooks/use-translation'
import { getInstance, getLocale } from '~/middleware/i18next'
import { organizationInboundEmail } from '~/models/organization/organization.server'
import { queueVerificationEmail } from '~/models/tasks/account-emails.server'
import { createApiKey, listApiKeys, revokeApiKey } from '~/models/users/api-key.server'
import { changeOwnEmail, changeOwnPassword, getOwnUser } from '~/models/users/user-account.server'
import { setOwnAvatar } from '~/models/users/user-avatar.server'
import { listOwnSessions, signOutOtherSessions } from '~/models/users/user-sessions.server'
import { actorOf } from '~/requests/actor.server'
import { formConstraint, intent, intentAction, shownOnce } from '~/requests/forms.server'
import { requireUser } from '~/requests/session.server'
import { ApiKeyCreateSchema, ApiKeyRevokeSchema } from '~/schemas/api-key'
import { EmailChangeSchema, PasswordChangeSchema } from '~/schemas/user'
import { AVATAR_MAX_BYTES } from '~/schemas/user-options'
import { can } from '~/utils/permissions'
import { redirectWithToast } from '~/utils/toast.server'
import { uploadLimit } from '~/utils/upload-limit'
import { describeUserAgent } from '~/utils/user-agent'

import type { Route } from './+types/account'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['users', 'auth', 'organization'] }

/** The profile picture form posts here: a 2 MB picture, collected by the edge up to this (app/utils/upload-limit.ts). */
export const upload = uploadLimit(AVATAR_MAX_BYTES)

const SELF = href('/dashboard/user/account')

/**
 * Anyone signed in: their password, sign-in email, avatar and sessions; admins also the
 * organization's API keys; those who read the shared mailbox its inbound address.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request)
  const managesKeys = can(user.role, 'read', 'apiKey')
  const [me, sessions, apiKeys, inboundEmail] = await Promise.all([
    getOwnUser(user),
    listOwnSessions(user.id),
    managesKeys ? listApiKeys(user.organizationId) : null,
    can(user.role, 'read', 'sharedMail') ? organizationInboundEmail(user.organizationId) : null,
  ])
  return {
    inboundEmail,
    me: {
      firstName: me.firstName,
      lastName: me.lastName,
      email: me.email,
      avatarUrl: me.avatarUrl,
      version: me.version,
      emailVerified: Boolean(me.emailVerifiedAt),
    },
    sessions: sessions.map((session) => ({
      id: session.id,
      kind: session.kind,
      ip: session.ip,
      userAgent: session.userAgent,
      device: describeUserAgent(session.userAgent),
      createdAt: session.createdAt.toISOString(),
      current: session.id === user.sessionId,
    })),
    apiKeys:
      apiKeys?.map((key) => ({
        id: key.id,
        name: key.name,
        scope: key.scope,
        prefix: key.prefix,
        lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
        revoked: Boolean(key.revokedAt),
        createdAt: key.createdAt.toISOString(),
        createdBy: key.createdBy ? `${key.createdBy.firstName} ${key.createdBy.lastName}`.trim() : '',
      })) ?? null,
    constraints: { email: formConstraint(EmailChangeSchema), password: formConstraint(PasswordChangeSchema), apiKey: formConstraint(ApiKeyCreateSchema) },
  }
}

/** The avatar form posts a file the model reads as it is: nothing for the schema to check. */
const AvatarSchema = z.object({})
/** Signing the other sessions out reads nothing from the form. */
const SignOutOthersSchema = z.object({})

/** The API-key intents are the admins' (`apiKey` permissions): checked before anything is read. */
const API_KEY_PERMISSIONS: Record<string, ['create' | 'delete', 'apiKey']> = { createApiKey: ['create', 'apiKey'], revokeApiKey: ['delete', 'apiKey'] }

/**
 * Anyone's own account, through the one page-action protocol (ADR 049, ADR 107): the avatar, the
 * sign-in email, the password, the other sessions; admins' API keys, whose new secret is answered
 * once (`shownOnce`), never through a redirect.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request)
  const actor = { ...actorOf(request, user), userId: user.id }
  const t = getInstance(context).t
  const formData = await request.formData()
  const needs = API_KEY_PERMISSIONS[String(formData.get('intent'))]
  if (needs && !can(user.role, ...needs)) throw data({ reason: 'forbidden' }, { status: 403 })
  const saved = (title: string, description?: string) => () => redirectWithToast(SELF, { type: 'success', title, description })
  return intentAction(formData, t, {
    avatar: intent({
      schema: AvatarSchema,
      run: async () => {
        const file = formData.get('avatar')
        return setOwnAvatar(actor, file instanceof File ? new Uint8Array(await file.arrayBuffer()) : new Uint8Array())
      },
      done: saved(t('users.account.avatarSaved')),
    }),
    email: intent({
      schema: EmailChangeSchema,
      run: async (input) => {
        await changeOwnEmail(actor, input)
        await queueVerificationEmail(user.id, getLocale(context))
      },
      done: saved(t('users.account.emailSaved'), t('users.account.emailVerify')),
      hideFields: ['currentPassword'],
    }),
    password: intent({
      schema: PasswordChangeSchema,
      run: (input) => changeOwnPassword(actor, user.sessionId, input),
      done: saved(t('users.account.passwordSaved'), t('users.account.othersSignedOut')),
      hideFields: ['currentPassword', 'password', 'confirmPassword'],
    }),
    signOutOthers: intent({
      schema: SignOutOthersSchema,
      run: () => signOutOtherSessions(actor, user.sessionId),
      done: (count) => redirectWithToast(SELF, { type: 'success', title: t('users.account.signedOutOthers', { count }) }),
    }),
    createApiKey: intent({
      schema: ApiKeyCreateSchema,
      run: (input) => createApiKey(actor, input),
      done: (created) => shownOnce('createApiKey', { value: created.secret, name: created.name }),
    }),
    revokeApiKey: intent({
      schema: ApiKeyRevokeSchema,
      run: ({ id }) => revokeApiKey(actor, id),
      done: (revoked) => redirectWithToast(SELF, { type: 'success', title: t('users.account.apiKeys.revokedToast', { name: revoked.name }) }),
    }),
  })
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const { me, sessions } = loaderData
  const busy = navigation.state === 'submitting'
  const [emailForm, emailFields] = useSchemaForm<typeof EmailChangeSchema>({
    id: 'own-email',
    constraint: loaderData.constraints.email,
    lastResult: actionData?.intent === 'email' ? actionData.result : undefined,
    defaultValue: { email: me.email, version: String(me.version) },
  })
  const [passwordForm, passwordFields] = useSchemaForm<typeof PasswordChangeSchema>({
    id: 'own-password',
    constraint: loaderData.constraints.password,
    lastResult: actionData?.intent === 'password' ? actionData.result : undefined,
  })
  const createdKey = useShownOnce(actionData, 'createApiKey')
  const avatarErrors = useRefusal(actionData, 'avatar')?.field('avatar')
  const otherRefusal = useRefusal(actionData, [null, 'revokeApiKey', 'signOutOthers'])

  return (
    <>
      <PageHeader title={t('users.account.title')} crumbs={[{ label: t('nav.dashboard'), to: href('/dashboard/app') }, { label: t('nav.account') }]} />
      <RefusalNotice refusal={otherRefusal} testId="account-refusal" className="mb-6" />
      {loaderData.inboundEmail ? <InboundAddressCard email={loaderData.inboundEmail} className="mb-6" /> : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <Card className="p-6">
          <h2 className="mb-5 text-base font-bold">{t('users.account.avatar')}</h2>
          <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-5">
            <Avatar user={me} size={80} />
            <div className="min-w-0 flex-1">
              <label htmlFor="avatar" className="mb-1.5 block text-sm font-semibold">
                {t('users.account.avatarFile')}
              </label>
              <input
                id="avatar"
                name="avatar"
                type="file"
                required
                accept="image/png,image/jpeg,image/webp"
                aria-invalid={avatarErrors?.length ? true : undefined}
                aria-describedby={avatarErrors?.length ? 'avatar-error' : 'avatar-hint'}
                className="block w-full text-sm file:me-3 file:rounded-lg file:border file:border-line file:bg-surface file:px-3 file:py-2 file:text-sm file:font-semibold"
              />
              {avatarErrors?.length ? (
                <ErrorList id="avatar-error" errors={avatarErrors} />
              ) : (
                <p id="avatar-hint" className="mt-1.5 text-xs text-muted">
                  {t('users.account.avatarHint', { size: AVATAR_MAX_BYTES / 1024 / 1024 })}
                </p>
              )}
            </div>
            <Button type="submit" name="intent" value="avatar" disabled={busy}>
              {t('users.account.upload')}
            </Button>
          </Form>
        </Card>

        <Card className="p-6">
          <h2 className="mb-1 text-base font-bold">{t('users.account.email')}</h2>
          <p className="mb-5 text-sm text-muted">
            {me.emailVerified ? t('users.account.emailVerified') : <Badge tone="warning">{t('users.account.emailUnverified')}</Badge>}
          </p>
          <Form method="post" {...getFormProps(emailForm)} className="space-y-5">
            <FormErrors id={emailForm.errorId} errors={emailForm.errors} />
            <input type="hidden" name="intent" value="email" />
            <input {...getInputProps(emailFields.version, { type: 'hidden' })} />
            <TextField label={t('fields.email')} field={emailFields.email} type="email" autoComplete="email" />
            <TextField label={t('users.fields.currentPassword')} field={emailFields.currentPassword} type="password" autoComplete="current-password" />
            <div className="flex justify-end">
              <Button type="submit" disabled={busy}>
                {t('users.account.changeEmail')}
              </Button>
            </div>
          </Form>
        </Card>

        <Card className="p-6">
          <h2 className="mb-5 text-base font-bold">{t('users.account.password')}</h2>
          <Form method="post" {...getFormProps(passwordForm)} className="space-y-5">
            <FormErrors id={passwordForm.errorId} errors={passwordForm.errors} />
            <input type="hidden" name="intent" value="password" />
            <TextField label={t('users.fields.currentPassword')} field={passwordFields.currentPassword} type="password" autoComplete="current-password" />
            <TextField
              label={t('fields.newPassword')}
              field={passwordFields.password}
              type="password"
              autoComplete="new-password"
              hint={t('auth.passwordHint')}
            />
            <TextField label={t('fields.confirmPassword')} field={passwordFields.confirmPassword} type="password" autoComplete="new-password" />
            <div className="flex justify-end">
              <Button type="submit" disabled={busy}>
                {t('users.account.changePassword')}
              </Button>
            </div>
          </Form>
        </Card>

        <SessionsCard sessions={sessions} busy={busy} />

        {loaderData.apiKeys ? (
          <ApiKeysCard
            apiKeys={loaderData.apiKeys}
            constraint={loaderData.constraints.apiKey}
            lastResult={actionData?.intent === 'createApiKey' ? actionData.result : undefined}
            createdKey={createdKey}
            busy={busy}
          />
        ) : null}
      </div>
    </>
  )
}
