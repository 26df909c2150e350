/**
 * Trip sheets (ADR 124): the individual vehicle distance record of one trip as an IFTA auditor
 * reads it (the unit, the days, the route by its load's stops or else its jurisdictions in the
 * order entered (ADR 154), the odometer at both ends and at each fuel purchase between, the miles
 * and taxable miles per jurisdiction, who recorded it and when), one trip or a unit's quarter, a
 * sheet per trip, in the organization's language (ADR 128).
 */
import type { Prisma } from '~/generated/prisma/client'
import { languageInfo } from '~/i18n'
import { getFixedT } from '~/i18n.server'
import { pdfDownload } from '~/models/invoices/invoice-pdf.server'
import { organizationLanguage, organizationParty, organizationTimeZone } from '~/models/organization/organization.server'
import { assertId, isoDate, requireFound, toDateOnly } from '~/models/records/records.server'
import { type Quarter, quarterName, quarterRange } from '~/policies/ifta'
import { prisma } from '~/utils/db.server'
import { formatDate, formatDateTime, formatNumber } from '~/utils/format'
import { renderReportPdf, type ReportPdf } from '~/utils/pdf-layout.server'

import { TRIP_LINE_ORDER } from './trip.server'

const TRIP_NOT_FOUND = 'ifta.errors.tripNotFound'
const TRUCK_NOT_FOUND = 'trucks.errors.notFound'

const include = {
  load: { select: { loadNumber: true, stops: { select: { type: true, city: true, state: true }, orderBy: { sequence: 'asc' } } } },
  jurisdictions: { select: { jurisdiction: true, miles: true, taxableMiles: true }, orderBy: TRIP_LINE_ORDER },
} satisfies Prisma.TripInclude

type SheetTrip = Prisma.TripGetPayload<{ include: typeof include }>

/** The unit's latest trips (by the day they ended) for its page: days and miles. */
export async function recentUnitTrips(organizationId: string, truckId: string, take = 10) {
  const trips = await prisma.trip.findMany({
    where: { organizationId, truckId },
    orderBy: [{ endedAt: 'desc' }, { startedAt: 'desc' }, { id: 'desc' }],
    take,
    select: { id: true, startedAt: true, endedAt: true, jurisdictions: { select: { miles: true } } },
  })
  return trips.map((trip) => ({
    id: trip.id,
    startedAt: isoDate(trip.startedAt)!,
    endedAt: isoDate(trip.endedAt)!,
    miles: trip.jurisdictions.reduce((sum, line) => sum + line.miles, 0),
  }))
}

async function unitOf(organizationId: string, truckId: string) {
  assertId(truckId, TRUCK_NOT_FOUND)
  return requireFound(
    await prisma.truck.findFirst({
      where: { id: truckId, organizationId },
      select: { id: true, unitNumber: true, vin: true, licensePlate: true, plateState: true },
    }),
    TRUCK_NOT_FOUND,
  )
}

type Unit = Awaited<ReturnType<typeof unitOf>>

/** The sheets' content: one sheet per trip, or one saying the quarter has none. */
async function tripSheetsContent(organizationId: string, unit: Unit, trips: SheetTrip[], period?: { quarter: string; end: Date }): Promise<ReportPdf> {
  const quarter = period?.quarter
  const language = await organizationLanguage(organizationId)
  const t = getFixedT(language)
  const number = (value: number) => formatNumber(language, value)
  const date = (value: Date) => formatDate(language, value)
  const ids = trips.map((trip) => trip.id)
  const from = trips.length ? Math.min(...trips.map((trip) => trip.startedAt.getTime())) : 0
  const to = trips.length ? Math.max(...trips.map((trip) => trip.endedAt.getTime())) : 0
  const [party, timeZone, audits, purchases] = await Promise.all([
    organizationParty(organizationId),
    organizationTimeZone(organizationId),
    prisma.auditEvent.findMany({
      where: { organizationId, entity: 'trip', entityId: { in: ids }, action: { in: ['create', 'update'] } },
      orderBy: [{ at: 'asc' }, { id: 'asc' }],
      select: { entityId: true, at: true, user: { select: { firstName: true, lastName: true } } },
    }),
    // Fuel bought on the trip's days with the odometer read: the readings between its two ends.
    prisma.fuelPurchase.findMany({
      where: { organizationId, truckId: unit.id, odometer: { not: null }, purchasedAt: { gte: new Date(from), lte: new Date(to) } },
      orderBy: [{ purchasedAt: 'asc' }, { odometer: 'asc' }],
      select: { purchasedAt: true, jurisdiction: true, city: true, odometer: true },
    }),
  ])
  const facts = [
    ...(unit.vin ? [{ label: t('iftaPdf.trip.vin'), value: unit.vin }] : []),
    ...(unit.licensePlate ? [{ label: t('iftaPdf.trip.plate'), value: [unit.licensePlate, unit.plateState].filter(Boolean).join(' ') }] : []),
  ]
  const head = { from: party.from, title: t('iftaPdf.trip.title'), number: t('iftaPdf.trip.unit', { unit: unit.unitNumber }) }
  const base = { language, dir: languageInfo(language).dir, landscape: false }
  const title = `${t('iftaPdf.trip.title')} ${unit.unitNumber}${quarter ? ` ${quarter}` : ''}`
  if (trips.length === 0)
    return {
      ...base,
      title,
      changedAt: period!.end,
      sheets: [
        { ...head, status: quarter ?? null, facts, blocks: [{ kind: 'list', heading: t('iftaPdf.trip.title'), lines: [t('iftaPdf.trip.none', { quarter })] }] },
      ],
    }
  const who = (event: (typeof audits)[number]) =>
    t(event === audits.find((each) => each.entityId === event.entityId) ? 'iftaPdf.trip.recordedBy' : 'iftaPdf.trip.changedBy', {
      name: event.user ? `${event.user.firstName} ${event.user.lastName}` : t('iftaPdf.trip.someone'),
      date: formatDateTime(language, event.at, timeZone),
    })
  return {
    ...base,
    title,
    changedAt: new Date(Math.max(...trips.map((trip) => trip.updatedAt.getTime()))),
    sheets: trips.map((trip) => {
      const stops = trip.load?.stops ?? []
      const readings = purchases.filter((purchase) => purchase.purchasedAt >= trip.startedAt && purchase.purchasedAt <= trip.endedAt)
      const events = audits.filter((event) => event.entityId === trip.id)
      // The first record and the last change: what an auditor asks ("who wrote this, when").
      const recorded = [...new Set([events[0], events.at(-1)])].filter((event) => event !== undefined)
      return {
        ...head,
        // Words between the days, not a dash: in Arabic two numbers around a dash would read backwards.
        status: t('iftaPdf.range', { from: date(trip.startedAt), to: date(trip.endedAt) }),
        facts: [
          ...facts,
          ...(trip.load ? [{ label: t('iftaPdf.trip.load'), value: trip.load.loadNumber }] : []),
          { label: t('iftaPdf.trip.startOdometer'), value: number(trip.startOdometer) },
          { label: t('iftaPdf.trip.endOdometer'), value: number(trip.endOdometer) },
        ],
        blocks: [
          stops.length
            ? {
                kind: 'table' as const,
                heading: t('iftaPdf.trip.route'),
                columns: [
                  { label: '#', share: 0.4 },
                  { label: t('iftaPdf.trip.stop'), share: 1.2 },
                  { label: t('iftaPdf.trip.place'), share: 4 },
                ],
                rows: stops.map((stop, index) => ({
                  cells: [number(index + 1), t(`loads.stopType.${stop.type}`), [stop.city, stop.state].filter(Boolean).join(', ')],
                })),
              }
            : {
                kind: 'table' as const,
                heading: t('iftaPdf.trip.route'),
                columns: [
                  { label: '#', share: 0.4 },
                  { label: t('ifta.fields.jurisdiction'), share: 5.2 },
                ],
                rows: trip.jurisdictions.map((line, index) => ({ cells: [number(index + 1), line.jurisdiction] })),
              },
          {
            kind: 'table',
            heading: t('iftaPdf.trip.readings'),
            columns: [
              { label: t('iftaPdf.trip.date'), share: 1.4 },
              { label: t('iftaPdf.trip.reading'), share: 3 },
              { label: t('ifta.fields.odometer'), share: 1.2, align: 'end' },
            ],
            rows: [
              { cells: [date(trip.startedAt), t('iftaPdf.trip.start'), number(trip.startOdometer)] },
              ...readings.map((reading) => ({
                cells: [
                  date(reading.purchasedAt),
                  t('iftaPdf.trip.fuel', { place: [reading.city, reading.jurisdiction].filter(Boolean).join(', ') }),
                  number(reading.odometer!),
                ],
              })),
              { cells: [date(trip.endedAt), t('iftaPdf.trip.end'), number(trip.endOdometer)] },
            ],
          },
          {
            kind: 'table',
            heading: t('iftaPdf.trip.miles'),
            columns: [
              { label: t('ifta.fields.jurisdiction'), share: 2 },
              { label: t('iftaPdf.trip.milesColumn'), share: 1, align: 'end' },
              { label: t('ifta.return.taxableMiles'), share: 1, align: 'end' },
            ],
            rows: [
              ...trip.jurisdictions.map((line) => ({ cells: [line.jurisdiction, number(line.miles), number(line.taxableMiles)] })),
              {
                strong: true,
                cells: [
                  t('iftaPdf.trip.total'),
                  number(trip.jurisdictions.reduce((sum, line) => sum + line.miles, 0)),
                  number(trip.jurisdictions.reduce((sum, line) => sum + line.taxableMiles, 0)),
                ],
              },
            ],
          },
          ...(trip.notes ? [{ kind: 'list' as const, heading: t('iftaPdf.trip.notes'), lines: [trip.notes] }] : []),
          { kind: 'list', heading: t('iftaPdf.trip.recorded'), lines: recorded.map(who) },
        ],
      }
    }),
  }
}

/** One trip's sheet (`trip-sheet-101-2026-07-05.pdf`); a trip of another unit or organization is not found. */
export async function tripSheetResponse(request: Request, organizationId: string, truckId: string, tripId: string) {
  const unit = await unitOf(organizationId, truckId)
  assertId(tripId, TRIP_NOT_FOUND)
  const trip = requireFound(await prisma.trip.findFirst({ where: { id: tripId, organizationId, truckId: unit.id }, include }), TRIP_NOT_FOUND)
  const bytes = await renderReportPdf(await tripSheetsContent(organizationId, unit, [trip]))
  return pdfDownload(request.method, `trip-sheet-${unit.unitNumber}-${isoDate(trip.endedAt)}.pdf`, bytes)
}

/** The sheets of every trip of the unit that ended in the quarter, in order, as one PDF. */
export async function quarterTripSheetsResponse(request: Request, organizationId: string, truckId: string, quarter: Quarter) {
  const unit = await unitOf(organizationId, truckId)
  const range = quarterRange(quarter)
  const trips = await prisma.trip.findMany({
    where: { organizationId, truckId: unit.id, endedAt: { gte: toDateOnly(range.from)!, lte: toDateOnly(range.to)! } },
    orderBy: [{ endedAt: 'asc' }, { startedAt: 'asc' }, { startOdometer: 'asc' }],
    include,
  })
  const name = quarterName(quarter)
  const bytes = await renderReportPdf(await tripSheetsContent(organizationId, unit, trips, { quarter: name, end: toDateOnly(range.to)! }))
  return pdfDownload(request.method, `trip-sheets-${unit.unitNumber}-${name}.pdf`, bytes)
}
