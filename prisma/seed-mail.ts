/**
 * The demo organization's mail: a broker's rate confirmation with its PDF and a
 * shipper's question in the shared inbox, and a note between colleagues. Small and fast: a few rows
 * and one stored file.
 */
import { randomBytes } from 'node:crypto'

import { inboundEmail } from '../app/utils/inbound-address.server'
import { mailSnippet } from '../app/utils/mail-text'
import { fileStorage } from '../app/utils/storage.server'

type PrismaLike = typeof import('../app/utils/db.server').prisma

/** A one-page PDF whose text lines are these (Helvetica, a valid cross-reference table). */
export function textPdf(lines: string[]) {
  const escape = (text: string) => text.replace(/[\\()]/g, (char) => `\\${char}`)
  const content = ['BT', '/F1 11 Tf', '14 TL', '56 760 Td', ...lines.map((line) => `(${escape(line)}) '`), 'ET'].join('\n')
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}\nendstream`,
  ]
  let body = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body))
    body += `${index + 1} 0 obj\n${object}\nendobj\n`
  })
  const xref = Buffer.byteLength(body)
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(body, 'latin1')
}

const RATE_CONFIRMATION = [
  'Prairie Line Logistics - RATE CONFIRMATION',
  'MC# 482193',
  'Load #: PLL-558210',
  'Carrier: Lone Star Freight Services LLC  MC# 804512',
  'Equipment: 53ft Reefer   Commodity: Frozen poultry   Weight: 38,500 lbs',
  'Pickup: Trinity Cold Storage, 2400 Irving Blvd, Dallas, TX 75207',
  'Pickup date: 12/03/2026 08:00 - 12:00',
  'Delivery: Ozark Fresh Foods DC, 1100 S 49th St, Tulsa, OK 74107',
  'Delivery date: 12/04/2026 06:00 - 10:00',
  'Linehaul rate: $1,850.00   Total: $1,850.00',
]

/** Seeds the mail of one organization: the shared inbox (ownerId null) and two colleagues' own mailboxes. */
export async function seedMail(
  prisma: PrismaLike,
  organizationId: string,
  people: { dispatcher: { id: string; email: string; name: string }; admin: { id: string; email: string; name: string } },
) {
  const organization = await prisma.organization.findUniqueOrThrow({ where: { id: organizationId }, select: { name: true, inboundLocalPart: true } })
  // The organization's inbound address once it has one (the SMTP receiver's side gives it), else a stand-in.
  const office = [{ name: organization.name, email: organization.inboundLocalPart ? inboundEmail(organization.inboundLocalPart) : 'dispatch@lonestar.example' }]
  const now = Date.now()
  const minutesAgo = (minutes: number) => new Date(now - minutes * 60_000)
  const pdf = textPdf(RATE_CONFIRMATION)
  const key = `mail/${organizationId}/${randomBytes(18).toString('base64url')}`
  await fileStorage().put(
    key,
    (async function* () {
      yield new Uint8Array(pdf)
    })(),
  )
  const rateText =
    'Hi team,\n\nPlease find attached the rate confirmation for load PLL-558210, Dallas TX to Tulsa OK, picking up 12/03.\nSign and return at your earliest convenience.\n\nThanks,\nHeather Collins\nPrairie Line Logistics'
  const rate = await prisma.mailMessage.create({
    data: {
      organizationId,
      ownerId: null,
      folder: 'inbox',
      fromName: 'Heather Collins',
      fromEmail: 'heather.collins@prairieline.test',
      to: office,
      subject: 'Rate Confirmation - Load PLL-558210 Dallas, TX → Tulsa, OK',
      text: rateText,
      snippet: mailSnippet(rateText),
      isImportant: true,
      labels: ['rate-con'],
      messageId: '<pll-558210@prairieline.test>',
      createdAt: minutesAgo(35),
    },
  })
  await prisma.mailAttachment.create({
    data: {
      messageId: rate.id,
      organizationId,
      fileName: 'RateConfirmation_PLL-558210.pdf',
      contentType: 'application/pdf',
      sizeBytes: pdf.byteLength,
      storageKey: key,
    },
  })
  const questionText =
    'Good morning,\n\nCould your driver call ahead 30 minutes before arriving at our dock on Thursday? We only have two doors open for receiving before 9 am.\n\nRegards,\nMaria Gomez\nShipping & Receiving, Ozark Fresh Foods'
  await prisma.mailMessage.create({
    data: {
      organizationId,
      ownerId: null,
      folder: 'inbox',
      fromName: 'Maria Gomez',
      fromEmail: 'receiving@ozarkfresh.test',
      to: office,
      subject: 'Delivery appointment Thursday',
      text: questionText,
      snippet: mailSnippet(questionText),
      messageId: '<dock-thursday@ozarkfresh.test>',
      createdAt: minutesAgo(120),
    },
  })
  const noteText = 'Dan, the Prairie Line rate con for PLL-558210 is in the shared inbox. Can you book it on Marcus for Thursday? Thanks, Alma'
  const note = {
    organizationId,
    fromName: people.admin.name,
    fromEmail: people.admin.email,
    to: [{ name: people.dispatcher.name, email: people.dispatcher.email }],
    subject: 'Prairie Line load for Thursday',
    text: noteText,
    snippet: mailSnippet(noteText),
    messageId: `<${randomBytes(8).toString('hex')}@inbound.freightdesk.test>`,
    sentAt: minutesAgo(20),
    createdAt: minutesAgo(20),
  }
  await prisma.mailMessage.createMany({
    data: [
      { ...note, ownerId: people.admin.id, folder: 'sent', isRead: true },
      { ...note, ownerId: people.dispatcher.id, folder: 'inbox' },
    ],
  })
  return 4
}
