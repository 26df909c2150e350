/**
 * The account emails as job-queue tasks, one per kind: verification (registration, a resend, a new
 * sign-in email), password reset, "someone registered with your address", and an invitation.
 * Pages and the API queue them (the invitation in the transaction that creates or re-invites the
 * user); the worker sends them with retries, over SMTP or into the outbox folder. A job carries
 * who and in which language, never a link: the worker makes the single-use token when it sends,
 * so no secret waits in the queue and a link's lifetime starts when it is sent. The work is
 * app/models/users/account-emails.server.ts, loaded when a job runs.
 */
import { z } from 'zod'

import type { LanguageCode } from '~/i18n'
import { prisma, type Tx } from '~/utils/db.server'

import { defineTask } from '../operations/jobs.server'

const ForUser = z.object({ userId: z.string(), language: z.string() })
const ForAddress = z.object({ email: z.string(), language: z.string() })
const work = () => import('../users/account-emails.server')

const verificationEmail = defineTask('verification_email', {
  parse: (payload) => ForUser.parse(payload),
  run: async (payload) => (await work()).sendVerificationEmail(payload),
})

const passwordResetEmail = defineTask('password_reset_email', {
  parse: (payload) => ForAddress.parse(payload),
  run: async (payload) => (await work()).sendPasswordResetEmail(payload),
})

const registerExistingEmail = defineTask('register_existing_email', {
  parse: (payload) => ForUser.parse(payload),
  run: async (payload) => (await work()).sendRegisterExistingEmail(payload),
})

const invitationEmail = defineTask('invitation_email', {
  parse: (payload) => ForUser.parse(payload),
  run: async (payload) => (await work()).sendInvitationEmail(payload),
})

/** The link that confirms the user's (current) email address and signs them in. */
export function queueVerificationEmail(userId: string, language: LanguageCode) {
  return verificationEmail.enqueue(prisma, { userId, language })
}

/**
 * A reset link for whoever owns `email`, if anyone: queued whether or not an account exists, so
 * the request takes the same time either way; the worker finds the account or sends nothing.
 */
export function queuePasswordResetEmail(email: string, language: LanguageCode) {
  return passwordResetEmail.enqueue(prisma, { email: email.trim().toLowerCase(), language })
}

/** The note to an address's owner that someone tried to register with it. */
export function queueRegisterExistingEmail(userId: string, language: LanguageCode) {
  return registerExistingEmail.enqueue(prisma, { userId, language })
}

/**
 * An invitation link, queued in the transaction that creates or re-invites the user. Its key makes
 * a re-invitation replace one still waiting: one email, with the one link that works.
 */
export function queueInvitationEmail(tx: Tx, userId: string, language: LanguageCode) {
  return invitationEmail.enqueue(tx, { userId, language }, { key: `invitation_email:${userId}` })
}
