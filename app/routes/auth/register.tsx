import { getFormProps } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, href, Link, redirect, useNavigation, useSearchParams } from 'react-router'

import { AuthNotice } from '~/components/auth/auth-notice'
import { useSchemaForm } from '~/components/forms/use-schema-form'
import { Button } from '~/components/ui/button'
import { FormErrors, TextField } from '~/components/ui/field'
import { useTranslation } from '~/hooks/use-translation'
import { getLocale } from '~/middleware/i18next'
import { getInstance } from '~/middleware/i18next'
import { consumeAuthEmailLimit } from '~/models/operations/rate-limit.server'
import { queueRegisterExistingEmail, queueVerificationEmail } from '~/models/tasks/account-emails.server'
import { requestRegistration } from '~/models/users/auth.server'
import { formConstraint, invalidSubmission } from '~/requests/forms.server'
import { getClientIp, getUser } from '~/requests/session.server'
import { RegisterSchema } from '~/schemas/auth'

import type { Route } from './+types/register'

export async function loader({ request }: Route.LoaderArgs) {
  const unprotected = new URL(request.url).pathname.startsWith(href('/auth/register-unprotected'))
  if (!unprotected && (await getUser(request))) throw redirect(`${href('/dashboard/app')}/`)
  return { constraint: formConstraint(RegisterSchema) }
}

/**
 * The same answer ("check your email") whether or not the address already has an account, so the
 * form cannot be used to find out who has one: a new address gets the verification link (which
 * signs the user in), a taken one a note to its owner. Rate limited per address and per client.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData()
  const submission = parseWithZod(formData, { schema: RegisterSchema })
  if (submission.status !== 'success') return invalidSubmission(submission, { hideFields: ['password'], translate: getInstance(context).t })
  const ip = getClientIp(request)
  const limit = await consumeAuthEmailLimit(submission.value.email, ip)
  if (!limit.ok) return redirect(SENT)
  const registration = await requestRegistration(submission.value, ip, getLocale(context))
  // Either way one job is queued (the worker sends it): the answer takes the same time.
  if (registration.created) await queueVerificationEmail(registration.user.id, getLocale(context))
  else await queueRegisterExistingEmail(registration.user.id, getLocale(context))
  return redirect(SENT)
}

const SENT = `${href('/auth/register')}?sent=1`

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const [searchParams] = useSearchParams()
  const navigation = useNavigation()
  const [form, fields] = useSchemaForm<typeof RegisterSchema>({ id: 'register', constraint: loaderData.constraint, lastResult: actionData?.result })
  if (searchParams.get('sent')) {
    return (
      <AuthNotice
        status
        pageTitle={t('auth.register.title')}
        icon="mail"
        heading={t('auth.registerSentTitle')}
        message={t('auth.registerSent')}
        link={{ to: href('/auth/login'), label: t('auth.backToLogin') }}
      />
    )
  }
  return (
    <>
      <title>{`${t('auth.register.title')} | Freightdesk`}</title>
      <h1 className="text-2xl font-bold">{t('auth.register.title')}</h1>
      <p className="mt-2 text-sm text-muted">
        {t('auth.register.haveAccount')}{' '}
        <Link to={href('/auth/login')} className="font-semibold text-primary-dark hover:underline dark:text-primary-light">
          {t('auth.register.signIn')}
        </Link>
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-8 space-y-5">
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label={t('fields.firstName')} field={fields.firstName} autoComplete="given-name" />
          <TextField label={t('fields.lastName')} field={fields.lastName} autoComplete="family-name" />
        </div>
        <TextField
          label={t('fields.organizationName')}
          field={fields.organizationName}
          autoComplete="organization"
          hint={t('auth.register.organizationHint')}
        />
        <TextField label={t('fields.email')} field={fields.email} type="email" autoComplete="email" />
        <TextField label={t('fields.password')} field={fields.password} type="password" autoComplete="new-password" hint={t('auth.passwordHint')} />
        <Button type="submit" className="w-full" disabled={navigation.state === 'submitting'}>
          {t('auth.register.submit')}
        </Button>
      </Form>
    </>
  )
}
