import { useTranslation } from 'react-i18next'
import { Form, Link } from 'react-router'
import { Button } from '~/components/ui/button'
import { Icon } from '~/components/ui/icons'
import { getInstance } from '~/middleware/i18next'
import { createEmailVerification, verifyEmail } from '~/models/auth.server'
import { isDomainError } from '~/utils/errors.server'
import { sendEmail } from '~/utils/mail.server'
import { getUser, requireUser } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'
import type { Route } from './+types/verify'

/** /auth/verify?token=… confirms an email address; without a token it explains and offers a resend. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token')
  const user = await getUser(request)
  if (token) {
    try {
      await verifyEmail(token)
      const t = getInstance(context).t
      return redirectWithToast(user ? '/dashboard/app' : '/auth/login', { type: 'success', title: t('auth.verify.success') })
    } catch (error) {
      if (!isDomainError(error)) throw error
      return { state: 'invalid' as const, signedIn: Boolean(user) }
    }
  }
  return { state: user?.emailVerified ? ('verified' as const) : ('pending' as const), signedIn: Boolean(user) }
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request)
  const t = getInstance(context).t
  const token = await createEmailVerification(user.id)
  const link = new URL(`/auth/verify?token=${token}`, request.url).toString()
  await sendEmail({ to: user.email, subject: t('emails.verify.subject'), text: t('emails.verify.body', { name: user.firstName, link }) })
  return redirectWithToast('/auth/verify', { type: 'info', title: t('auth.verify.resent') })
}

export default function Verify({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const key = loaderData.state
  return (
    <div className="text-center">
      <title>{`${t('auth.verify.title')} | Freightdesk`}</title>
      <span className="mx-auto grid size-14 place-items-center rounded-full bg-primary-lighter text-primary-dark">
        <Icon name={key === 'invalid' ? 'alert' : 'mail'} size={28} />
      </span>
      <h1 className="mt-5 text-2xl font-bold">{t(`auth.verify.${key}Title`)}</h1>
      <p className="mt-3 text-sm text-muted">{t(`auth.verify.${key}`)}</p>
      {loaderData.signedIn && key !== 'verified' ? (
        <Form method="post" className="mt-6">
          <Button type="submit" variant="secondary">
            {t('auth.verify.resend')}
          </Button>
        </Form>
      ) : null}
      <Link to={loaderData.signedIn ? '/dashboard/app' : '/auth/login'} className="mt-8 inline-block text-sm font-semibold text-primary-dark hover:underline dark:text-primary-light">
        {loaderData.signedIn ? t('errors.goHome') : t('auth.backToLogin')}
      </Link>
    </div>
  )
}
