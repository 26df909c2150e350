/**
 * The emailed schedule of accounts: the job queue's `factoring_email` task
 * (app/models/tasks/factoring-email.server.ts). It mails the factor the schedule's PDF and CSV and
 * every invoice's billing packet (SMTP, or the outbox folder without one) and records the outcome
 * on the schedule: `sent`, or the error and `queued` while retries remain, `failed` after the last.
 * The schedule's version is not touched (the email state is not something a user edits).
 */
import type { JobHelpers } from 'graphile-worker'

import { getFixedT } from '~/i18n.server'
import { invoicePacket } from '~/models/invoices/invoice-packet.server'
import { organizationParty } from '~/models/organization/organization.server'
import { prisma } from '~/utils/db.server'
import { formatMoney } from '~/utils/format'
import { sendEmail } from '~/utils/mail.server'

import { getSchedule } from './factoring.server'
import { scheduleCsv, schedulePdf } from './factoring-pdf.server'

/** The message to the factor, in English (the factor's desk), with the schedule and the packets attached. */
export async function scheduleEmail(organizationId: string, scheduleId: string, to: string) {
  const schedule = await getSchedule(organizationId, scheduleId)
  const t = getFixedT('en')
  const { from } = await organizationParty(organizationId)
  const params = { number: schedule.number, seller: from.name, invoices: schedule.items.length, total: formatMoney('en', Number(schedule.totalCents)) }
  const pdf = await schedulePdf(schedule, 'en')
  const packets = []
  // One at a time: each packet holds its scans in memory while it is built.
  for (const item of schedule.items) {
    const packet = await invoicePacket(organizationId, item.invoiceId)
    packets.push({ filename: packet.filename, content: Buffer.from(packet.bytes), contentType: 'application/pdf' })
  }
  return {
    to,
    subject: t('factoring.email.subject', params),
    text: t('factoring.email.body', params),
    attachments: [
      { filename: pdf.filename, content: Buffer.from(pdf.bytes), contentType: 'application/pdf' },
      { filename: `${schedule.number}.csv`, content: Buffer.from(`\uFEFF${scheduleCsv(schedule)}`), contentType: 'text/csv' },
      ...packets,
    ],
  }
}

/** The `factoring_email` task's work: send, and record the outcome. */
export async function sendScheduleEmail({ scheduleId, organizationId }: { scheduleId: string; organizationId: string }, helpers: JobHelpers) {
  const schedule = await prisma.factoringSchedule.findFirst({ where: { id: scheduleId, organizationId }, select: { status: true, factorEmail: true } })
  // Voided or gone since it was queued: nothing to send, and nothing to retry.
  if (!schedule || schedule.status === 'void' || !schedule.factorEmail) return
  const attempts = helpers.job.attempts
  try {
    await sendEmail(await scheduleEmail(organizationId, scheduleId, schedule.factorEmail))
  } catch (error) {
    const last = attempts >= helpers.job.max_attempts
    await prisma.factoringSchedule.updateMany({
      where: { id: scheduleId },
      data: { emailStatus: last ? 'failed' : 'queued', emailError: String((error as Error)?.message ?? error).slice(0, 500) },
    })
    throw error
  }
  await prisma.factoringSchedule.updateMany({ where: { id: scheduleId }, data: { emailStatus: 'sent', emailedAt: new Date(), emailError: null } })
}
