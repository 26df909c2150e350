import { getFormProps } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, href, Link, useNavigation } from 'react-router'

import { AuthNotice } from '~/components/auth/auth-notice'
import { useSchemaForm } from '~/components/forms/use-schema-form'
import { Button } from '~/components/ui/button'
import { FormErrors, TextField } from '~/components/ui/field'
import { useTranslation } from '~/hooks/use-translation'
import { getInstance } from '~/middleware/i18next'
import { createSession, readPasswordLink, resetPassword } from '~/models/users/auth.server'
import { formConstraint, formFailure, invalidSubmission } from '~/requests/forms.server'
import { commitSessionCookie, getClientIp } from '~/requests/session.server'
import { NewPasswordSchema } from '~/schemas/auth'
import { redirectWithToast } from '~/utils/toast.server'

import type { Route } from './+types/new-password'

/**
 * A password link's page: a reset ("Choose a new password", then sign in), or an invitation's
 * acceptance (a welcome to the organization; the first password signs the person in and opens
 * the dashboard).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? ''
  // Tokens are base64url; anything else cannot be one (and never reaches the database).
  const link = /^[\w-]{1,200}$/.test(token) ? await readPasswordLink(token) : null
  return { token: link ? token : '', usable: Boolean(link), invitation: link?.invitation ? link : null, constraint: formConstraint(NewPasswordSchema) }
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData()
  const submission = parseWithZod(formData, { schema: NewPasswordSchema })
  const hideFields = ['password', 'confirmPassword']
  const t = getInstance(context).t
  if (submission.status !== 'success') return invalidSubmission(submission, { hideFields, translate: t })
  try {
    const user = await resetPassword(submission.value.token, submission.value.password, getClientIp(request))
    if (user.invited) {
      const session = await createSession(user.id, 'web', { ip: getClientIp(request), userAgent: request.headers.get('User-Agent') })
      return redirectWithToast(
        href('/dashboard/app'),
        { type: 'success', title: t('auth.invitation.welcome', { name: user.firstName }) },
        { headers: { 'Set-Cookie': await commitSessionCookie(session.id) } },
      )
    }
  } catch (error) {
    return formFailure(submission, error, { hideFields, translate: t })
  }
  return redirectWithToast(href('/auth/login'), { type: 'success', title: t('auth.newPassword.success') })
}

export default function NewPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const [form, fields] = useSchemaForm<typeof NewPasswordSchema>({ id: 'new-password', constraint: loaderData.constraint, lastResult: actionData?.result })
  const { invitation } = loaderData
  if (!loaderData.usable) {
    return (
      <AuthNotice
        pageTitle={t('auth.resetLinkInvalidTitle')}
        icon="alert"
        heading={t('auth.resetLinkInvalidTitle')}
        message={t('auth.newPassword.invalidToken')}
        link={{ to: href('/auth/reset-password'), label: t('auth.newPassword.requestAnother') }}
      />
    )
  }
  const title = invitation ? t('auth.invitation.title', { organization: invitation.organizationName }) : t('auth.newPassword.title')
  return (
    <>
      <title>{`${title} | Freightdesk`}</title>
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-2 text-sm text-muted">
        {invitation ? t('auth.invitation.description', { name: invitation.firstName }) : t('auth.newPassword.description')}
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-8 space-y-5">
        <FormErrors id={form.errorId} errors={form.errors ?? fields.token.errors} />
        <input type="hidden" name="token" value={loaderData.token} />
        <TextField
          label={t(invitation ? 'fields.password' : 'fields.newPassword')}
          field={fields.password}
          type="password"
          autoComplete="new-password"
          hint={t('auth.passwordHint')}
        />
        <TextField label={t('fields.confirmPassword')} field={fields.confirmPassword} type="password" autoComplete="new-password" />
        <Button type="submit" className="w-full" disabled={navigation.state === 'submitting'}>
          {invitation ? t('auth.invitation.submit') : t('auth.newPassword.submit')}
        </Button>
        {invitation ? null : (
          <p className="text-center">
            <Link to={href('/auth/reset-password')} className="text-sm font-semibold text-muted hover:underline">
              {t('auth.newPassword.requestAnother')}
            </Link>
          </p>
        )}
      </Form>
    </>
  )
}
