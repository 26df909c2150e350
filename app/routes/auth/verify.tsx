import { Form, href } from 'react-router'

import { AuthNotice } from '~/components/auth/auth-notice'
import { Button } from '~/components/ui/button'
import { useTranslation } from '~/hooks/use-translation'
import { getInstance, getLocale } from '~/middleware/i18next'
import { consumeAuthEmailLimit } from '~/models/operations/rate-limit.server'
import { queueVerificationEmail } from '~/models/tasks/account-emails.server'
import { createSession, verifyEmail } from '~/models/users/auth.server'
import { commitSessionCookie, getClientIp, getUser, requireUser } from '~/requests/session.server'
import { isDomainError } from '~/utils/errors.server'
import { redirectWithToast } from '~/utils/toast.server'

import type { Route } from './+types/verify'

/**
 * /auth/verify?token=… confirms an email address and signs its owner in (registration does not:
 * only someone who can read the mailbox gets in); without a token it explains and offers a resend.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token')
  const user = await getUser(request)
  if (token) {
    try {
      const verified = await verifyEmail(token)
      const t = getInstance(context).t
      const headers = new Headers()
      if (user?.id !== verified.id) {
        const session = await createSession(verified.id, 'web', { ip: getClientIp(request), userAgent: request.headers.get('User-Agent') })
        headers.append('Set-Cookie', await commitSessionCookie(session.id))
      }
      return redirectWithToast(href('/dashboard/app'), { type: 'success', title: t('auth.verify.success') }, { headers })
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
  // Over the limit nothing is sent; the answer stays the same.
  const limit = await consumeAuthEmailLimit(user.email, getClientIp(request))
  if (limit.ok) await queueVerificationEmail(user.id, getLocale(context))
  return redirectWithToast(href('/auth/verify'), { type: 'info', title: t('auth.verify.resent') })
}

export default function Verify({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const key = loaderData.state
  return (
    <AuthNotice
      pageTitle={t('auth.verify.title')}
      icon={key === 'invalid' ? 'alert' : 'mail'}
      heading={t(`auth.verify.${key}Title`)}
      message={t(`auth.verify.${key}`)}
      link={loaderData.signedIn ? { to: href('/dashboard/app'), label: t('errors.goHome') } : { to: href('/auth/login'), label: t('auth.backToLogin') }}
    >
      {loaderData.signedIn && key !== 'verified' ? (
        <Form method="post" className="mt-6">
          <Button type="submit" variant="secondary">
            {t('auth.verify.resend')}
          </Button>
        </Form>
      ) : null}
    </AuthNotice>
  )
}
