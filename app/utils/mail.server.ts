import fs from 'node:fs/promises'
import path from 'node:path'

import { env } from './env.server'
import { PRIVATE_FILE_MODE, privateFolder } from './storage.server'

export type Email = {
  /** One address, or several separated by commas. */
  to: string
  cc?: string
  /** Instead of MAIL_FROM (the shared mailbox writes from the organization's address). */
  from?: string
  replyTo?: string
  messageId?: string
  inReplyTo?: string
  subject: string
  text: string
  html?: string
  attachments?: Array<{ filename: string; content: Buffer; contentType: string }>
}

/**
 * Sends with nodemailer: through SMTP_URL when set; otherwise nodemailer's JSON transport builds
 * the message and we write it to the outbox folder (and log it), so password resets work, and are
 * tested end to end, without a mail server.
 */
export async function sendEmail(email: Email) {
  const { SMTP_URL, MAIL_FROM, OUTBOX_DIR } = env()
  const message = { from: MAIL_FROM, ...email }
  // Loaded with the first email (~10 MiB of a server's memory), not at start.
  const { default: nodemailer } = await import('nodemailer')
  if (SMTP_URL) {
    await nodemailer.createTransport(SMTP_URL).sendMail(message)
    return
  }
  const info = await nodemailer.createTransport({ jsonTransport: true }).sendMail(message)
  const built = JSON.parse(info.message as unknown as string) as { to: Array<{ address: string }>; subject: string; text: string }
  // Password-reset and invitation links: private to the app's user (folder 0700, files 0600).
  const dir = await privateFolder(OUTBOX_DIR)
  const at = new Date().toISOString()
  const file = path.join(dir, `${at.replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.json`)
  // Written aside, then renamed into place: whoever reads the outbox never sees half a message.
  const partial = path.join(dir, `.${path.basename(file)}.partial`)
  await fs.writeFile(partial, JSON.stringify({ ...built, to: email.to, messageId: info.messageId, at }, null, 2), { mode: PRIVATE_FILE_MODE })
  await fs.rename(partial, file)
  console.info(`[mail] "${email.subject}" to ${email.to} written to ${path.relative(process.cwd(), file)}`)
}
