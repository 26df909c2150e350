/**
 * Every email through the job queue: each kind registers its task with the queue (the queue module
 * names none), pages and the API only queue them, and the worker sends them, over SMTP or into the
 * outbox folder, trying again after a failure.
 */
import fs from 'node:fs/promises'
import path from 'node:path'

import { RouterContextProvider } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'

import { i18nextMiddleware } from '~/middleware/i18next'
import { runDueJobs, taskNames } from '~/models/operations/jobs.server'
import { createUser } from '~/models/users/user.server'
import * as register from '~/routes/auth/register'
import * as resetPassword from '~/routes/auth/reset-password'
import { UserCreateSchema } from '~/schemas/user'
import { CLIENT_IP_HEADER } from '~/utils/client-ip'
import { prisma } from '~/utils/db.server'

import { actorOf, createOrg, PASSWORD, refusal, unique } from '../helpers'

type Message = { to: string; subject: string; text: string }

async function outbox(address?: string): Promise<Message[]> {
  const dir = process.env.OUTBOX_DIR!
  const files = (await fs.readdir(dir).catch(() => [])).filter((file) => file.endsWith('.json')).sort()
  const messages = await Promise.all(files.map(async (file) => JSON.parse(await fs.readFile(path.join(dir, file), 'utf8')) as Message))
  return address ? messages.filter((message) => message.to === address) : messages
}

async function jobs(task: string) {
  return prisma.$queryRaw<Array<{ attempts: number; last_error: string | null; payload: Record<string, string> }>>`
    SELECT j.attempts, j.last_error, j.payload FROM graphile_worker._private_jobs j
    JOIN graphile_worker._private_tasks t ON t.id = j.task_id WHERE t.identifier = ${task} ORDER BY j.id`
}

let nextIp = 1

/** A signed-out form post to an auth page's action, in `language`, as React Router runs it. */
async function postAuthForm(action: (args: never) => unknown, pathname: string, form: Record<string, string>, language = 'en') {
  const request = new Request(`http://localhost${pathname}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Accept-Language': language, [CLIENT_IP_HEADER]: `198.18.9.${nextIp++}` },
    body: new URLSearchParams(form),
  })
  const context = new RouterContextProvider()
  await i18nextMiddleware({ request, params: {}, context, unstable_pattern: '' } as never, async () => new Response())
  return (await action({ request, params: {}, context } as never)) as Response
}

afterEach(async () => {
  delete process.env.SMTP_URL
  await fs.rm(process.env.OUTBOX_DIR!, { recursive: true, force: true })
})

describe('the task registry', () => {
  it('knows every email kind from the tasks that register themselves', async () => {
    expect(await taskNames()).toEqual([
      'accounting_export',
      'compliance_reminder_email',
      'compliance_reminders',
      'daily_backup',
      'edi_send',
      'edi_sftp_pickup',
      'edi_tender_expiry',
      'factoring_email',
      'invitation_email',
      'invoice_email',
      'mail_email',
      'password_reset_email',
      'quote_email',
      'register_existing_email',
      'release_held_file',
      'release_inspection_photo',
      'verification_email',
      'webhook_delivery',
      'webhook_disabled_email',
    ])
  })
})

describe('account emails', () => {
  it('queues a reset for any address and sends nothing in the request; the worker sends it, in the asker’s language, to an account only', async () => {
    const org = await createOrg()
    const unknown = `${unique('nobody')}@example.test`
    for (const email of [org.users.viewer.email, unknown]) {
      const answer = await postAuthForm(resetPassword.action, '/auth/reset-password', { email }, 'fr')
      expect(answer.status).toBe(302)
    }
    expect((await jobs('password_reset_email')).map((job) => job.payload)).toEqual([
      { email: org.users.viewer.email, language: 'fr' },
      { email: unknown, language: 'fr' },
    ])
    expect(await outbox()).toEqual([])

    await runDueJobs()
    const [message, ...more] = await outbox()
    expect(more).toEqual([])
    expect(message.to).toBe(org.users.viewer.email)
    expect(message.subject).toMatch(/mot de passe/i)
    const token = new URL(message.text.match(/https?:\/\/\S+/)![0]).searchParams.get('token')!
    expect(await prisma.passwordResetToken.count({ where: { userId: org.users.viewer.id, usedAt: null } })).toBe(1)
    expect(token).toMatch(/^[\w-]{20,}$/)
    expect(await jobs('password_reset_email')).toEqual([])
  })

  it('queues the verification link for a new address and the note for a taken one', async () => {
    const org = await createOrg()
    const fresh = `${unique('fresh')}@example.test`
    const form = { password: 'a safe password', firstName: 'Rosa', lastName: 'Parks', organizationName: 'Montgomery Freight' }
    await postAuthForm(register.action, '/auth/register', { ...form, email: fresh })
    await postAuthForm(register.action, '/auth/register', { ...form, email: org.users.driver.email })
    expect(await jobs('verification_email')).toHaveLength(1)
    expect(await jobs('register_existing_email')).toMatchObject([{ payload: { userId: org.users.driver.id, language: 'en' } }])
    expect(await outbox()).toEqual([])
    await runDueJobs()
    expect((await outbox(fresh)).map((message) => message.subject)).toEqual(['Confirm your Freightdesk email address'])
    expect((await outbox(org.users.driver.email)).map((message) => message.subject)).toEqual([
      'Someone tried to create a Freightdesk account with your address',
    ])
  })

  it('queues an invitation in the transaction that creates the user: a refused creation queues nothing', async () => {
    const org = await createOrg()
    const taken = UserCreateSchema.parse({ email: org.users.viewer.email, firstName: 'Ivy', lastName: 'Long', role: 'viewer' })
    expect((await refusal(createUser(actorOf(org), taken))).code).toBe('validation_failed')
    expect(await jobs('invitation_email')).toEqual([])
    const email = `${unique('ivy')}@example.test`
    const { user } = await createUser(actorOf(org), UserCreateSchema.parse({ email, firstName: 'Ivy', lastName: 'Long', role: 'viewer' }), 'vi')
    expect(await jobs('invitation_email')).toMatchObject([{ payload: { userId: user.id, language: 'vi' } }])
    // With a password nobody is invited.
    await createUser(
      actorOf(org),
      UserCreateSchema.parse({ email: `${unique('pw')}@example.test`, firstName: 'P', lastName: 'W', role: 'viewer', password: PASSWORD }),
    )
    expect(await jobs('invitation_email')).toHaveLength(1)
    await runDueJobs()
    const [message] = await outbox(email)
    expect(message.subject).toContain(org.organization.name)
  })

  it('survives an SMTP outage: the attempt is recorded, retried later and delivered', async () => {
    const org = await createOrg()
    await postAuthForm(resetPassword.action, '/auth/reset-password', { email: org.users.admin.email })
    // Nothing listens on port 1: the mail server is down.
    process.env.SMTP_URL = 'smtp://127.0.0.1:1'
    await runDueJobs()
    const [failed] = await jobs('password_reset_email')
    expect(failed.attempts).toBe(1)
    expect(failed.last_error).toMatch(/ECONNREFUSED|connect/i)
    expect(await outbox()).toEqual([])

    delete process.env.SMTP_URL
    // The retry's time comes (graphile-worker waits about e^attempts seconds).
    await prisma.$executeRaw`UPDATE graphile_worker._private_jobs SET run_at = now()`
    await runDueJobs()
    expect(await outbox(org.users.admin.email)).toHaveLength(1)
    expect(await jobs('password_reset_email')).toEqual([])
  })
})
