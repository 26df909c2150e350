/**
 * The accident register report (49 CFR 390.15(b); ADR 141): every accident of the 3 years up to a
 * chosen day (the organization's calendar), with the columns the rule names (date, city, state,
 * driver, injuries, fatalities, hazardous materials released) and whether it is recordable, the
 * totals, and the organization's name and USDOT number. As CSV (the reader's language) and as a PDF
 * (the organization's, ADR 128).
 */
import { languageInfo } from '~/i18n'
import { getFixedT } from '~/i18n.server'
import { pdfDownload } from '~/models/invoices/invoice-pdf.server'
import { getOrganization, organizationLanguage, organizationParty, organizationTimeZone, organizationToday } from '~/models/organization/organization.server'
import { isRecordable, registerWindow } from '~/policies/accident'
import { csvLine, safeCell } from '~/utils/csv.server'
import { prisma } from '~/utils/db.server'
import { attachmentDisposition } from '~/utils/file-name'
import { formatDate, formatDateTime, formatNumber } from '~/utils/format'
import { renderReportPdf } from '~/utils/pdf-layout.server'
import { zonedWallClock } from '~/utils/time'

import { occurredBetween, personName } from './accident.server'

export type RegisterRow = {
  id: string
  occurredAt: Date
  city: string
  state: string
  driver: string
  injuries: number
  fatalities: number
  hazmatReleased: boolean
  recordable: boolean
  reportNumber: string | null
}

/**
 * The register up to `until` (a `YYYY-MM-DD` on the organization's calendar; today when absent):
 * its window, the accidents in it oldest first, and the totals (people, and how many released
 * hazardous materials or are recordable).
 */
export async function accidentRegister(organizationId: string, until?: string, now = new Date()) {
  const [organization, timeZone, today] = await Promise.all([
    getOrganization(organizationId),
    organizationTimeZone(organizationId),
    organizationToday(organizationId, prisma, now),
  ])
  const window = registerWindow(until ?? today)
  const rows = await prisma.accident.findMany({
    where: { organizationId, occurredAt: occurredBetween(window.from, window.to, timeZone) },
    select: {
      id: true,
      occurredAt: true,
      city: true,
      state: true,
      fatalities: true,
      injuries: true,
      towAway: true,
      hazmatReleased: true,
      reportNumber: true,
      driver: { select: { firstName: true, lastName: true } },
    },
    orderBy: [{ occurredAt: 'asc' }, { id: 'asc' }],
  })
  const accidents: RegisterRow[] = rows.map((row) => ({
    id: row.id,
    occurredAt: row.occurredAt,
    city: row.city,
    state: row.state,
    driver: personName(row.driver),
    injuries: row.injuries,
    fatalities: row.fatalities,
    hazmatReleased: row.hazmatReleased,
    recordable: isRecordable(row),
    reportNumber: row.reportNumber,
  }))
  const totals = {
    accidents: accidents.length,
    injuries: accidents.reduce((sum, row) => sum + row.injuries, 0),
    fatalities: accidents.reduce((sum, row) => sum + row.fatalities, 0),
    hazmatReleased: accidents.filter((row) => row.hazmatReleased).length,
    recordable: accidents.filter((row) => row.recordable).length,
  }
  return {
    organization: { name: organization.legalName ?? organization.name, dotNumber: organization.dotNumber },
    window,
    timeZone,
    accidents,
    totals,
  }
}
export type AccidentRegister = Awaited<ReturnType<typeof accidentRegister>>

type Translate = (key: string, values?: Record<string, unknown>) => string

/** The file's name: `accident-register-2026-12-05.csv`. */
function registerFilename(register: AccidentRegister, extension: 'csv' | 'pdf') {
  return `accident-register-${register.window.to}.${extension}`
}

/**
 * The register as CSV for people: a line naming the organization, its USDOT number and the days
 * covered, the columns' headers, one line per accident (its time on the organization's clock), and
 * the totals' line.
 */
export function registerCsv(register: AccidentRegister, t: Translate) {
  const yesNo = (value: boolean) => t(value ? 'accidents.register.yes' : 'accidents.register.no')
  const lines = [
    csvLine(
      [
        t('accidents.register.title'),
        register.organization.name,
        register.organization.dotNumber ? `USDOT ${register.organization.dotNumber}` : t('accidents.register.noDot'),
        t('accidents.register.period', { from: register.window.from, to: register.window.to }),
      ].map(safeCell),
    ),
    csvLine(
      [
        'accidents.fields.occurredAt',
        'accidents.fields.city',
        'accidents.fields.state',
        'accidents.fields.driver',
        'accidents.fields.injuries',
        'accidents.fields.fatalities',
        'accidents.fields.hazmatReleased',
        'accidents.fields.recordable',
        'accidents.fields.reportNumber',
      ].map((key) => t(key)),
    ),
    ...register.accidents.map((row) =>
      csvLine(
        [
          zonedWallClock(row.occurredAt, register.timeZone).replace('T', ' '),
          row.city,
          row.state,
          row.driver,
          row.injuries,
          row.fatalities,
          yesNo(row.hazmatReleased),
          yesNo(row.recordable),
          row.reportNumber,
        ].map(safeCell),
      ),
    ),
    csvLine(
      [
        t('accidents.register.total', { number: register.totals.accidents }),
        '',
        '',
        '',
        register.totals.injuries,
        register.totals.fatalities,
        register.totals.hazmatReleased,
        register.totals.recordable,
        '',
      ].map(safeCell),
    ),
  ]
  return new Response(`\uFEFF${lines.join('')}`, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': attachmentDisposition(registerFilename(register, 'csv')),
      'Cache-Control': 'private, no-store',
    },
  })
}

/** The register as a PDF in the organization's language: its name, USDOT number and address at the head, the table, the totals. */
export async function registerPdfResponse(request: Request, organizationId: string, register: AccidentRegister) {
  const [language, party] = await Promise.all([organizationLanguage(organizationId), organizationParty(organizationId)])
  const t = getFixedT(language)
  const yesNo = (value: boolean) => t(value ? 'accidents.register.yes' : 'accidents.register.no')
  const number = (value: number) => formatNumber(language, value)
  const latest = register.accidents.reduce((last, row) => (row.occurredAt > last ? row.occurredAt : last), new Date(`${register.window.to}T00:00:00Z`))
  const bytes = await renderReportPdf({
    language,
    dir: languageInfo(language).dir,
    landscape: true,
    title: t('accidents.register.title'),
    changedAt: latest,
    sheets: [
      {
        from: party.from,
        title: t('accidents.register.title'),
        number: t('accidents.register.period', { from: formatDate(language, register.window.from), to: formatDate(language, register.window.to) }),
        status: null,
        facts: [
          { label: t('accidents.register.carrier'), value: register.organization.name },
          { label: t('accidents.register.dot'), value: register.organization.dotNumber ?? t('accidents.register.noDot') },
          { label: t('accidents.register.rule'), value: '49 CFR 390.15' },
        ],
        blocks: [
          {
            kind: 'table',
            heading: t('accidents.register.accidents'),
            empty: t('accidents.register.empty'),
            columns: [
              { label: t('accidents.fields.occurredAt'), share: 1.6 },
              { label: t('accidents.fields.city'), share: 1.4 },
              { label: t('accidents.fields.state'), share: 0.6 },
              { label: t('accidents.fields.driver'), share: 1.6 },
              { label: t('accidents.fields.injuries'), share: 0.8, align: 'end' },
              { label: t('accidents.fields.fatalities'), share: 0.8, align: 'end' },
              { label: t('accidents.fields.hazmatReleased'), share: 0.9 },
              { label: t('accidents.fields.recordable'), share: 0.9 },
              { label: t('accidents.fields.reportNumber'), share: 1.2 },
            ],
            rows: register.accidents.map((row) => ({
              cells: [
                formatDateTime(language, row.occurredAt, register.timeZone),
                row.city,
                row.state,
                row.driver,
                number(row.injuries),
                number(row.fatalities),
                yesNo(row.hazmatReleased),
                yesNo(row.recordable),
                row.reportNumber ?? '',
              ],
            })),
          },
          {
            kind: 'totals',
            rows: [
              { label: t('accidents.register.totalAccidents'), value: number(register.totals.accidents) },
              { label: t('accidents.register.totalRecordable'), value: number(register.totals.recordable) },
              { label: t('accidents.register.totalInjuries'), value: number(register.totals.injuries) },
              { label: t('accidents.register.totalFatalities'), value: number(register.totals.fatalities) },
              { label: t('accidents.register.totalHazmat'), value: number(register.totals.hazmatReleased), strong: true },
            ],
          },
        ],
      },
    ],
  })
  return pdfDownload(request.method, registerFilename(register, 'pdf'), bytes)
}
