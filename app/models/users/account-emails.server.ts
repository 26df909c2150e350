/**
 * The account emails' work, run by the job worker (the tasks: app/models/tasks/account-emails.server.ts).
 * Each one reads the account as it is now (a user banned, verified or activated since the job was
 * queued gets nothing), makes its single-use token, and sends the message in the language of
 * whoever asked, with links on APP_URL. A failed send throws, and the queue tries again.
 */
import { href } from 'react-router'

import { getFixedT } from '~/i18n.server'
import { prisma } from '~/utils/db.server'
import { appUrl } from '~/utils/env.server'
import { sendEmail } from '~/utils/mail.server'

import { createEmailVerification, createPasswordReset } from './auth.server'
import { createInvitationToken, INVITATION_TTL_MS } from './user.server'

type ForUser = { userId: string; language: string }

const accountOf = (userId: string) =>
  prisma.user.findUnique({
    where: { id: userId },
    select: { id: true, email: true, firstName: true, status: true, emailVerifiedAt: true, organization: { select: { name: true } } },
  })

export async function sendVerificationEmail({ userId, language }: ForUser) {
  const user = await accountOf(userId)
  if (!user || user.status === 'banned' || user.emailVerifiedAt) return
  const t = getFixedT(language)
  const link = appUrl(`${href('/auth/verify')}?token=${await createEmailVerification(user.id)}`)
  await sendEmail({ to: user.email, subject: t('emails.verify.subject'), text: t('emails.verify.body', { name: user.firstName, link }) })
}

export async function sendPasswordResetEmail({ email, language }: { email: string; language: string }) {
  const reset = await createPasswordReset(email)
  if (!reset) return
  const t = getFixedT(language)
  const link = appUrl(`${href('/auth/new-password')}?token=${reset.token}`)
  await sendEmail({ to: reset.user.email, subject: t('emails.reset.subject'), text: t('emails.reset.body', { name: reset.user.firstName, link }) })
}

export async function sendRegisterExistingEmail({ userId, language }: ForUser) {
  const user = await accountOf(userId)
  if (!user || user.status === 'banned') return
  const t = getFixedT(language)
  await sendEmail({
    to: user.email,
    subject: t('emails.registerExisting.subject'),
    text: t('emails.registerExisting.body', { name: user.firstName, loginLink: appUrl(href('/auth/login')), resetLink: appUrl(href('/auth/reset-password')) }),
  })
}

/** The invitation (the reset-password mechanism, valid for a week), while the user is still invited. */
export async function sendInvitationEmail({ userId, language }: ForUser) {
  const user = await accountOf(userId)
  if (!user || user.status !== 'invited') return
  const t = getFixedT(language)
  const organization = user.organization.name
  const link = appUrl(`${href('/auth/new-password')}?token=${await createInvitationToken(user.id)}`)
  await sendEmail({
    to: user.email,
    subject: t('emails.invite.subject', { organization }),
    text: t('emails.invite.body', { name: user.firstName, organization, link, days: INVITATION_TTL_MS / 86_400_000 }),
  })
}
