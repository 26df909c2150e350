import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { useTranslation } from 'react-i18next'
import { data, Form, Link, redirect, useNavigation, useSearchParams } from 'react-router'
import { Button } from '~/components/ui/button'
import { TextField } from '~/components/ui/field'
import { Icon } from '~/components/ui/icons'
import { getInstance } from '~/middleware/i18next'
import { createPasswordReset } from '~/models/auth.server'
import { ResetPasswordRequestSchema } from '~/schemas/auth'
import { sendEmail } from '~/utils/mail.server'
import type { Route } from './+types/reset-password'

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData()
  const submission = parseWithZod(formData, { schema: ResetPasswordRequestSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })

  const reset = await createPasswordReset(submission.value.email)
  if (reset) {
    const t = getInstance(context).t
    const link = new URL(`/auth/new-password?token=${reset.token}`, request.url).toString()
    await sendEmail({
      to: reset.user.email,
      subject: t('emails.reset.subject'),
      text: t('emails.reset.body', { name: reset.user.firstName, link }),
    })
  }
  // The same answer whether or not the account exists.
  return redirect('/auth/reset-password?sent=1')
}

export default function ResetPassword({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const [searchParams] = useSearchParams()
  const navigation = useNavigation()
  const [form, fields] = useForm({
    id: 'reset-password',
    lastResult: actionData?.result,
    constraint: getZodConstraint(ResetPasswordRequestSchema),
    shouldValidate: 'onBlur',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ResetPasswordRequestSchema }),
  })
  if (searchParams.get('sent')) {
    return (
      <div className="text-center" role="status">
        <title>{`${t('auth.reset.title')} | Freightdesk`}</title>
        <span className="mx-auto grid size-14 place-items-center rounded-full bg-primary-lighter text-primary-dark">
          <Icon name="mail" size={28} />
        </span>
        <h1 className="mt-5 text-2xl font-bold">{t('auth.reset.sentTitle')}</h1>
        <p className="mt-3 text-sm text-muted">{t('auth.reset.sent')}</p>
        <Link to="/auth/login" className="mt-8 inline-block text-sm font-semibold text-primary-dark hover:underline dark:text-primary-light">
          {t('auth.backToLogin')}
        </Link>
      </div>
    )
  }
  return (
    <>
      <title>{`${t('auth.reset.title')} | Freightdesk`}</title>
      <h1 className="text-2xl font-bold">{t('auth.reset.title')}</h1>
      <p className="mt-2 text-sm text-muted">{t('auth.reset.description')}</p>
      <Form method="post" {...getFormProps(form)} className="mt-8 space-y-5">
        <TextField label={t('fields.email')} field={fields.email} type="email" autoComplete="email" />
        <Button type="submit" className="w-full" disabled={navigation.state === 'submitting'}>
          {t('auth.reset.submit')}
        </Button>
        <p className="text-center">
          <Link to="/auth/login" className="text-sm font-semibold text-muted hover:underline">
            {t('auth.backToLogin')}
          </Link>
        </p>
      </Form>
    </>
  )
}
