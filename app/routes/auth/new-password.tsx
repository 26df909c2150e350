import { getFormProps } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { useSchemaForm } from '~/components/forms/use-schema-form'
import { formConstraint, formFailure, invalidSubmission } from '~/requests/forms.server'
import { useTranslation } from '~/utils/use-translation'
import { Form, Link, useNavigation } from 'react-router'
import { Button } from '~/components/ui/button'
import { FormErrors, TextField } from '~/components/ui/field'
import { getInstance } from '~/middleware/i18next'
import { isResetTokenUsable, resetPassword } from '~/models/auth.server'
import { NewPasswordSchema } from '~/schemas/auth'
import { getClientIp } from '~/requests/session.server'
import { redirectWithToast } from '~/utils/toast.server'
import { AuthNotice } from '~/components/auth/auth-notice'
import type { Route } from './+types/new-password'

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? ''
  // Tokens are base64url; anything else cannot be one (and never reaches the database).
  const usable = /^[\w-]{1,200}$/.test(token) && (await isResetTokenUsable(token))
  return { token: usable ? token : '', usable, constraint: formConstraint(NewPasswordSchema) }
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData()
  const submission = parseWithZod(formData, { schema: NewPasswordSchema })
  const hideFields = ['password', 'confirmPassword']
  if (submission.status !== 'success') return invalidSubmission(submission, { hideFields })
  try {
    await resetPassword(submission.value.token, submission.value.password, getClientIp(request))
  } catch (error) {
    return formFailure(submission, error, { hideFields })
  }
  const t = getInstance(context).t
  return redirectWithToast('/auth/login', { type: 'success', title: t('auth.newPassword.success') })
}

export default function NewPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const [form, fields] = useSchemaForm<typeof NewPasswordSchema>({ id: 'new-password', constraint: loaderData.constraint, lastResult: actionData?.result })
  if (!loaderData.usable) {
    return (
      <AuthNotice
        pageTitle={t('auth.resetLinkInvalidTitle')}
        icon="alert"
        heading={t('auth.resetLinkInvalidTitle')}
        message={t('auth.newPassword.invalidToken')}
        link={{ to: '/auth/reset-password', label: t('auth.newPassword.requestAnother') }}
      />
    )
  }
  return (
    <>
      <title>{`${t('auth.newPassword.title')} | Freightdesk`}</title>
      <h1 className="text-2xl font-bold">{t('auth.newPassword.title')}</h1>
      <p className="mt-2 text-sm text-muted">{t('auth.newPassword.description')}</p>
      <Form method="post" {...getFormProps(form)} className="mt-8 space-y-5">
        <FormErrors id={form.errorId} errors={form.errors ?? fields.token.errors} />
        <input type="hidden" name="token" value={loaderData.token} />
        <TextField label={t('fields.newPassword')} field={fields.password} type="password" autoComplete="new-password" hint={t('auth.passwordHint')} />
        <TextField label={t('fields.confirmPassword')} field={fields.confirmPassword} type="password" autoComplete="new-password" />
        <Button type="submit" className="w-full" disabled={navigation.state === 'submitting'}>
          {t('auth.newPassword.submit')}
        </Button>
        <p className="text-center">
          <Link to="/auth/reset-password" className="text-sm font-semibold text-muted hover:underline">
            {t('auth.newPassword.requestAnother')}
          </Link>
        </p>
      </Form>
    </>
  )
}
