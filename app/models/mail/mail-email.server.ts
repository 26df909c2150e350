/**
 * The email of a sent message to its outside addresses: the job queue's `mail_email` task
 * (app/models/tasks/mail-email.server.ts). Colleagues and the shared mailbox already have their
 * copies; this mails the others (SMTP, or the outbox folder without one) with the attachments, and
 * records the outcome on the sender's copy: `sent`, or the error and `queued` while retries remain,
 * `failed` after the last. The message's version is not touched (nothing a user edits changed).
 */
import type { JobHelpers } from 'graphile-worker'

import { prisma } from '~/utils/db.server'
import { type Email, sendEmail } from '~/utils/mail.server'
import { mailParty } from '~/utils/mail-text'
import { fileStorage } from '~/utils/storage.server'

import { organizationMailIdentity } from './mail-address.server'
import { routeRecipients } from './mail-compose.server'
import { partiesOf } from './mailbox.server'

async function bytesOf(key: string) {
  const object = await fileStorage().get(key)
  if (!object) throw new Error(`attachment file missing: ${key}`)
  return Buffer.from(await new Response(object.body).arrayBuffer())
}

/** The `mail_email` task's work: send to the outside addresses, and record the outcome. */
export async function sendMailEmail({ messageId, organizationId }: { messageId: string; organizationId: string }, helpers: JobHelpers) {
  const message = await prisma.mailMessage.findFirst({ where: { id: messageId, organizationId, folder: { not: 'drafts' } }, include: { attachments: true } })
  // Deleted for good since it was queued: nothing to send, and nothing to retry.
  if (!message || !message.delivery) return
  const attempts = helpers.job.attempts
  try {
    const identity = await organizationMailIdentity(organizationId)
    const to = partiesOf(message.to).map((party) => party.email)
    const cc = partiesOf(message.cc).map((party) => party.email)
    const outside = new Set((await routeRecipients(organizationId, identity.localPart, [...to, ...cc])).outside)
    const email: Email = {
      to: to.filter((address) => outside.has(address.toLowerCase())).join(', '),
      cc: cc.filter((address) => outside.has(address.toLowerCase())).join(', ') || undefined,
      subject: message.subject,
      text: message.text,
      messageId: message.messageId ?? undefined,
      inReplyTo: message.inReplyTo ?? undefined,
      attachments: await Promise.all(
        message.attachments.map(async (attachment) => ({
          filename: attachment.fileName,
          contentType: attachment.contentType,
          content: await bytesOf(attachment.storageKey),
        })),
      ),
    }
    // The shared mailbox writes from the organization's address; one's own mail from the app's, answered to the writer.
    if (message.ownerId === null && identity.address) email.from = mailParty({ name: identity.name, email: identity.address })
    else email.replyTo = mailParty({ name: message.fromName, email: message.fromEmail })
    if (!email.to && email.cc) [email.to, email.cc] = [email.cc, undefined]
    if (email.to) await sendEmail(email)
  } catch (error) {
    const last = attempts >= helpers.job.max_attempts
    await prisma.mailMessage.updateMany({
      where: { id: messageId },
      data: { delivery: last ? 'failed' : 'queued', deliveryError: String((error as Error)?.message ?? error).slice(0, 500) },
    })
    throw error
  }
  await prisma.mailMessage.updateMany({ where: { id: messageId }, data: { delivery: 'sent', deliveryError: null } })
}
