import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { useTranslation } from 'react-i18next'
import { data, Form, Link, redirect, useNavigation, useSearchParams } from 'react-router'
import { Button } from '~/components/ui/button'
import { FormErrors, TextField } from '~/components/ui/field'
import { getInstance } from '~/middleware/i18next'
import { createEmailVerification, createSession, registerOrganization } from '~/models/auth.server'
import { RegisterSchema } from '~/schemas/auth'
import { isDomainError } from '~/utils/errors.server'
import { sendEmail } from '~/utils/mail.server'
import { commitSessionCookie, getClientIp, getUser, safeRedirect } from '~/utils/session.server'
import { createToastHeaders, combineHeaders } from '~/utils/toast.server'
import type { Route } from './+types/register'

export async function loader({ request }: Route.LoaderArgs) {
  const unprotected = new URL(request.url).pathname.startsWith('/auth/register-unprotected')
  if (!unprotected && (await getUser(request))) throw redirect('/dashboard/app/')
  return null
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData()
  const submission = parseWithZod(formData, { schema: RegisterSchema })
  if (submission.status !== 'success') {
    return data({ result: submission.reply({ hideFields: ['password'] }) }, { status: 400 })
  }
  const ip = getClientIp(request)
  try {
    const { user } = await registerOrganization(submission.value, ip)
    const session = await createSession(user.id, 'web', { ip, userAgent: request.headers.get('User-Agent') })
    const t = getInstance(context).t
    const token = await createEmailVerification(user.id)
    const link = new URL(`/auth/verify?token=${token}`, request.url).toString()
    await sendEmail({ to: user.email, subject: t('emails.verify.subject'), text: t('emails.verify.body', { name: user.firstName, link }) })
    return redirect(safeRedirect(formData.get('redirectTo')), {
      headers: combineHeaders(
        { 'Set-Cookie': await commitSessionCookie(session.id) },
        await createToastHeaders({ type: 'success', title: t('auth.register.success') }),
      ),
    })
  } catch (error) {
    if (isDomainError(error)) {
      return data(
        { result: submission.reply({ fieldErrors: error.fields, formErrors: error.fields ? [] : [error.messageKey], hideFields: ['password'] }) },
        { status: error.status },
      )
    }
    throw error
  }
}

export default function Register({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const [searchParams] = useSearchParams()
  const navigation = useNavigation()
  const [form, fields] = useForm({
    id: 'register',
    lastResult: actionData?.result,
    constraint: getZodConstraint(RegisterSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: RegisterSchema }),
  })
  return (
    <>
      <title>{`${t('auth.register.title')} | Freightdesk`}</title>
      <h1 className="text-2xl font-bold">{t('auth.register.title')}</h1>
      <p className="mt-2 text-sm text-muted">
        {t('auth.register.haveAccount')}{' '}
        <Link to="/auth/login" className="font-semibold text-primary-dark hover:underline dark:text-primary-light">
          {t('auth.register.signIn')}
        </Link>
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-8 space-y-5">
        <FormErrors id={form.errorId} errors={form.errors} />
        <input type="hidden" name="redirectTo" value={searchParams.get('redirectTo') ?? ''} />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label={t('fields.firstName')} field={fields.firstName} autoComplete="given-name" />
          <TextField label={t('fields.lastName')} field={fields.lastName} autoComplete="family-name" />
        </div>
        <TextField label={t('fields.organizationName')} field={fields.organizationName} autoComplete="organization" hint={t('auth.register.organizationHint')} />
        <TextField label={t('fields.email')} field={fields.email} type="email" autoComplete="email" />
        <TextField label={t('fields.password')} field={fields.password} type="password" autoComplete="new-password" hint={t('auth.passwordHint')} />
        <Button type="submit" className="w-full" disabled={navigation.state === 'submitting'}>
          {t('auth.register.submit')}
        </Button>
      </Form>
    </>
  )
}
