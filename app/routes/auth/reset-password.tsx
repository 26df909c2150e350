import { getFormProps } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, href, Link, redirect, useNavigation, useSearchParams } from 'react-router'

import { AuthNotice } from '~/components/auth/auth-notice'
import { useSchemaForm } from '~/components/forms/use-schema-form'
import { Button } from '~/components/ui/button'
import { TextField } from '~/components/ui/field'
import { useTranslation } from '~/hooks/use-translation'
import { getLocale } from '~/middleware/i18next'
import { getInstance } from '~/middleware/i18next'
import { consumeAuthEmailLimit } from '~/models/operations/rate-limit.server'
import { queuePasswordResetEmail } from '~/models/tasks/account-emails.server'
import { formConstraint, invalidSubmission } from '~/requests/forms.server'
import { getClientIp } from '~/requests/session.server'
import { ResetPasswordRequestSchema } from '~/schemas/auth'

import type { Route } from './+types/reset-password'

export function loader() {
  return { constraint: formConstraint(ResetPasswordRequestSchema) }
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData()
  const submission = parseWithZod(formData, { schema: ResetPasswordRequestSchema })
  if (submission.status !== 'success') return invalidSubmission(submission, { translate: getInstance(context).t })

  // Over the limit, nothing is sent, and the answer stays the same.
  const limit = await consumeAuthEmailLimit(submission.value.email, getClientIp(request))
  // Queued for any address: the worker finds the account (or sends nothing), so the answer's time
  // does not tell an existing account from an unknown one.
  if (limit.ok) await queuePasswordResetEmail(submission.value.email, getLocale(context))
  // The same answer whether or not the account exists.
  return redirect(`${href('/auth/reset-password')}?sent=1`)
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const [searchParams] = useSearchParams()
  const navigation = useNavigation()
  const [form, fields] = useSchemaForm<typeof ResetPasswordRequestSchema>({
    id: 'reset-password',
    constraint: loaderData.constraint,
    lastResult: actionData?.result,
  })
  if (searchParams.get('sent')) {
    return (
      <AuthNotice
        status
        pageTitle={t('auth.reset.title')}
        icon="mail"
        heading={t('auth.reset.sentTitle')}
        message={t('auth.reset.sent')}
        link={{ to: href('/auth/login'), label: t('auth.backToLogin') }}
      />
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
          <Link to={href('/auth/login')} className="text-sm font-semibold text-muted hover:underline">
            {t('auth.backToLogin')}
          </Link>
        </p>
      </Form>
    </>
  )
}
