/**
 * Expiry reminders of the driver qualification file (ADR 140): `reminderDays` before the last day
 * an item holds, one email to the organization's admins per item, never repeated. The hourly
 * task (app/models/tasks/compliance-reminders.server.ts) claims each due item by setting its
 * `remindedAt` where it is still null, and queues the email in the same transaction: of two
 * runs racing (two app servers), one claims it and the other finds nothing to do.
 */
import { href } from 'react-router'

import { getFixedT } from '~/i18n.server'
import { assignmentDay } from '~/policies/load'
import { itemValidThrough, KIND_VALIDITY, type QualificationItem, reminderDay } from '~/policies/qualification'
import { QUALIFICATION_KINDS, type QualificationKind } from '~/schemas/qualification-options'
import { prisma } from '~/utils/db.server'
import { appUrl } from '~/utils/env.server'
import { sendEmail } from '~/utils/mail.server'
import { safeTimeZone } from '~/utils/time'

import { complianceReminderEmail } from '../tasks/compliance-reminders.server'

/** Kinds whose items expire: the others need no reminder. */
const EXPIRING_KINDS = QUALIFICATION_KINDS.filter((kind) => KIND_VALIDITY[kind] !== 'once')

type Candidate = {
  id: string
  organizationId: string
  driverId: string
  kind: QualificationKind
  completedAt: string
  expiresAt: string | null
  timezone: string | null
  reminderDays: number
}

/**
 * The accepted items, not yet reminded, of active drivers whose reminder day has come on their
 * organization's today and that still hold, and that are their driver's deciding item of the kind
 * (a renewed MVR silences the old one's reminder). The SQL only narrows; the policy decides.
 */
export async function dueReminders(now = new Date()) {
  const rows = await prisma.$queryRaw<Candidate[]>`
    SELECT q."id", q."organizationId", q."driverId", q."kind"::text AS "kind",
      to_char(q."completedAt", 'YYYY-MM-DD') AS "completedAt", to_char(q."expiresAt", 'YYYY-MM-DD') AS "expiresAt",
      o."timezone", COALESCE(s."reminderDays", 30) AS "reminderDays"
    FROM "DriverQualification" q
    JOIN "Organization" o ON o."id" = q."organizationId"
    JOIN "User" u ON u."id" = q."driverId" AND u."status" = 'active'
    LEFT JOIN "ComplianceSettings" s ON s."organizationId" = q."organizationId"
    WHERE q."review" = 'accepted' AND q."remindedAt" IS NULL AND q."kind"::text = ANY(${EXPIRING_KINDS}::text[])
      AND COALESCE(s."reminderDays", 30) > 0
      AND (q."expiresAt" >= ${now}::date - 2 OR (q."expiresAt" IS NULL AND q."completedAt" >= ${now}::date - interval '13 months'))`
  const due = rows.filter((row) => {
    const day = assignmentDay(null, safeTimeZone(row.timezone), now)
    const end = itemValidThrough(row)
    const remindOn = reminderDay(row, row.reminderDays)
    return end !== null && remindOn !== null && remindOn <= day && day <= end
  })
  if (!due.length) return []
  // The driver's other accepted items of the kind: a later one decides, and this one is not reminded.
  const siblings = await prisma.$queryRaw<Array<QualificationItem & { driverId: string }>>`
    SELECT "driverId", "kind"::text AS "kind", to_char("completedAt", 'YYYY-MM-DD') AS "completedAt", to_char("expiresAt", 'YYYY-MM-DD') AS "expiresAt"
    FROM "DriverQualification"
    WHERE "review" = 'accepted' AND "driverId" = ANY(${[...new Set(due.map((row) => row.driverId))]}::text[])`
  return due.filter((row) => {
    const same = siblings.filter((item) => item.driverId === row.driverId && item.kind === row.kind)
    return deciding(same, row)
  })
}

/** Whether `item` holds at least as long as every other of its kind (none never expires). */
function deciding(items: readonly QualificationItem[], item: QualificationItem) {
  const end = itemValidThrough(item)
  return items.every((other) => {
    const otherEnd = itemValidThrough(other)
    return otherEnd !== null && end !== null && otherEnd <= end
  })
}

/**
 * Claims every due item and queues its email, each in its own transaction: the UPDATE that sets
 * `remindedAt` where it is null lets one run of several take an item. Returns the ids claimed.
 */
export async function queueComplianceReminders(now = new Date()) {
  const claimed: string[] = []
  for (const item of await dueReminders(now)) {
    const won = await prisma.$transaction(async (tx) => {
      const count = await tx.$executeRaw`UPDATE "DriverQualification" SET "remindedAt" = ${now} WHERE "id" = ${item.id} AND "remindedAt" IS NULL`
      if (count !== 1) return false
      await complianceReminderEmail.enqueue(tx, { qualificationId: item.id }, { key: `compliance_reminder:${item.id}` })
      return true
    })
    if (won) claimed.push(item.id)
  }
  return claimed
}

/**
 * The reminder of one item to the organization's active admins, in the organization's language
 * (ADR 128: its own documents), with a link to the driver's file and to the dashboard on APP_URL.
 */
export async function sendComplianceReminder({ qualificationId }: { qualificationId: string }) {
  const item = await prisma.driverQualification.findUnique({
    where: { id: qualificationId },
    select: {
      kind: true,
      completedAt: true,
      expiresAt: true,
      organizationId: true,
      driver: { select: { id: true, firstName: true, lastName: true } },
      organization: { select: { language: true, name: true } },
    },
  })
  if (!item) return
  const admins = await prisma.user.findMany({
    where: { organizationId: item.organizationId, role: 'admin', status: 'active' },
    select: { email: true },
    orderBy: { email: 'asc' },
  })
  if (!admins.length) return
  const t = getFixedT(item.organization.language)
  const validThrough = itemValidThrough({
    kind: item.kind,
    completedAt: item.completedAt.toISOString().slice(0, 10),
    expiresAt: item.expiresAt?.toISOString().slice(0, 10) ?? null,
  })
  const params = {
    driver: `${item.driver.firstName} ${item.driver.lastName}`.trim(),
    kind: t(`compliance.kinds.${item.kind}`),
    date: validThrough,
    organization: item.organization.name,
    driverLink: appUrl(href('/dashboard/user/:id/qualifications', { id: item.driver.id })),
    dashboardLink: appUrl(href('/dashboard/compliance')),
  }
  await sendEmail({
    to: admins.map((admin) => admin.email).join(', '),
    subject: t('emails.complianceReminder.subject', params),
    text: t('emails.complianceReminder.body', params),
  })
}
