import fs from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import { env } from './env.server'

export type Email = { to: string; subject: string; text: string; html?: string }

/**
 * Sends through SMTP_URL when set. Otherwise the message is written as JSON to the outbox folder
 * and logged, so password resets work (and are tested end to end) without a mail server.
 */
export async function sendEmail(email: Email) {
  const { SMTP_URL, MAIL_FROM, OUTBOX_DIR } = env()
  if (SMTP_URL) {
    await nodemailer.createTransport(SMTP_URL).sendMail({ from: MAIL_FROM, ...email })
    return
  }
  const dir = path.resolve(OUTBOX_DIR)
  await fs.mkdir(dir, { recursive: true })
  const at = new Date().toISOString()
  const file = path.join(dir, `${at.replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.json`)
  await fs.writeFile(file, JSON.stringify({ from: MAIL_FROM, at, ...email }, null, 2))
  console.info(`[mail] "${email.subject}" to ${email.to} written to ${path.relative(process.cwd(), file)}`)
}
