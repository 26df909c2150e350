import { getFormProps } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { useState } from 'react'
import { Form, href, Link, redirect, useNavigation, useSearchParams } from 'react-router'

import { useSchemaForm } from '~/components/forms/use-schema-form'
import { Button } from '~/components/ui/button'
import { FormErrors, TextField } from '~/components/ui/field'
import { useTranslation } from '~/hooks/use-translation'
import { getInstance } from '~/middleware/i18next'
import { assertSignInAllowed } from '~/models/operations/maintenance-mode.server'
import { createSession } from '~/models/users/auth.server'
import { authenticator } from '~/requests/authenticator.server'
import { formConstraint, formFailure, invalidSubmission } from '~/requests/forms.server'
import { commitSessionCookie, getClientIp, getUser, safeRedirect } from '~/requests/session.server'
import { LoginSchema } from '~/schemas/auth'

import type { Route } from './+types/login'

/** /auth/login sends a signed-in user on; /auth/login-unprotected always shows the form. */
export async function loader({ request }: Route.LoaderArgs) {
  const unprotected = new URL(request.url).pathname.startsWith(href('/auth/login-unprotected'))
  if (!unprotected && (await getUser(request))) {
    const redirectTo = new URL(request.url).searchParams.get('redirectTo')
    throw redirect(safeRedirect(redirectTo))
  }
  return { constraint: formConstraint(LoginSchema) }
}

export async function action({ request, context }: Route.ActionArgs) {
  // remix-auth reads the body itself; validate a copy first.
  const formData = await request.clone().formData()
  const submission = parseWithZod(formData, { schema: LoginSchema })
  if (submission.status !== 'success') return invalidSubmission(submission, { hideFields: ['password'], translate: getInstance(context).t })
  try {
    const user = await authenticator.authenticate('form', request)
    // During maintenance only the site organization's admins sign in.
    await assertSignInAllowed(user)
    const session = await createSession(user.id, 'web', { ip: getClientIp(request), userAgent: request.headers.get('User-Agent') })
    return redirect(safeRedirect(submission.value.redirectTo), {
      headers: { 'Set-Cookie': await commitSessionCookie(session.id) },
    })
  } catch (error) {
    return formFailure(submission, error, { hideFields: ['password'], translate: getInstance(context).t })
  }
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const [searchParams] = useSearchParams()
  const navigation = useNavigation()
  const [form, fields] = useSchemaForm<typeof LoginSchema>({ id: 'login', constraint: loaderData.constraint, lastResult: actionData?.result })
  // A failed attempt clears the password field: remounting it picks up the reply, which leaves
  // the password out (as the server-rendered page does without JavaScript).
  // (Counted while rendering, the way React recommends for state that follows a prop.)
  const [attempt, setAttempt] = useState(0)
  const [seenReply, setSeenReply] = useState(actionData)
  if (actionData !== seenReply) {
    setSeenReply(actionData)
    if (actionData?.result) setAttempt(attempt + 1)
  }
  const redirectTo = searchParams.get('redirectTo') ?? ''
  const registerHref = redirectTo ? `${href('/auth/register')}?${new URLSearchParams({ redirectTo })}` : href('/auth/register')

  return (
    <>
      <title>{`${t('auth.login.title')} | Freightdesk`}</title>
      <h1 className="text-2xl font-bold">{t('auth.login.title')}</h1>
      <p className="mt-2 text-sm text-muted">
        {t('auth.login.noAccount')}{' '}
        <Link to={registerHref} className="font-semibold text-primary-dark hover:underline dark:text-primary-light">
          {t('auth.login.getStarted')}
        </Link>
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-8 space-y-5">
        <FormErrors id={form.errorId} errors={form.errors} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <TextField label={t('fields.email')} field={fields.email} type="email" autoComplete="email" />
        <TextField key={attempt} label={t('fields.password')} field={fields.password} type="password" autoComplete="current-password" />
        <div className="flex justify-end">
          <Link to={href('/auth/reset-password')} className="text-sm text-muted underline-offset-4 hover:underline">
            {t('auth.login.forgotPassword')}
          </Link>
        </div>
        <Button type="submit" className="w-full" disabled={navigation.state === 'submitting'}>
          {t('auth.login.submit')}
        </Button>
      </Form>
    </>
  )
}
