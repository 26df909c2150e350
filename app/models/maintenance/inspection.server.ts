/**
 * Driver vehicle inspection reports (DVIR, 49 CFR 396.11/396.13; ADR 130), shared by the pages
 * under /dashboard/inspections and /api/inspections: filed once by the driver (never edited), its
 * defects certified at once by the office, then acknowledged by the next driver of the unit. The
 * rules are app/policies/inspection.ts.
 */
import type { Prisma } from '~/generated/prisma/client'
import { type Actor, recordAudit } from '~/models/audit/audit.server'
import { organizationTimeZone } from '~/models/organization/organization.server'
import { assertActorMay, assertId, assertReferences, listPage, lockForUpdate, ownReference, requireFound, throwRefusal } from '~/models/records/records.server'
import { acknowledgeRefusal, certifyRefusal, CLOCK_SKEW_MS, fileRefusal, inspectionStatus, ODOMETER_TOLERANCE_MILES } from '~/policies/inspection'
import type { LoadScope } from '~/policies/load'
import type { CertifyInput, InspectionInput, InspectionListQuery, InspectionRecord } from '~/schemas/inspection'
import { INSPECTION_ITEMS } from '~/schemas/inspection-options'
import { ACTIVE_LOAD_STATUSES } from '~/schemas/load-options'
import { prisma, type Tx } from '~/utils/db.server'
import { DomainError } from '~/utils/errors.server'
import { fileStorage } from '~/utils/storage.server'
import { zonedInstant } from '~/utils/time'

import { attachInspectionPhotos, PHOTO_NOT_FOUND, photoSelect, serializePhoto } from './inspection-photo.server'
import { latestOdometer } from './unit-odometer.server'

const NOT_FOUND = 'inspections.errors.notFound'

const include = {
  truck: { select: { id: true, unitNumber: true } },
  trailer: { select: { id: true, unitNumber: true } },
  driver: { select: { id: true, firstName: true, lastName: true } },
  acknowledgedBy: { select: { id: true, firstName: true, lastName: true } },
  defects: { orderBy: { id: 'asc' }, include: { photos: { select: photoSelect, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] } } },
} satisfies Prisma.InspectionInclude
export type InspectionRow = Prisma.InspectionGetPayload<{ include: typeof include }>

/** A unit's loads that make a driver one of its drivers: booked for it or on the road with it. */
const DRIVING = ['booked', ...ACTIVE_LOAD_STATUSES] as const

/** The trucks a driver drives now: the one they are the primary driver of, and those of their booked or active loads. */
async function unitsOf(db: Tx | typeof prisma, organizationId: string, userId: string) {
  const [primary, loads] = await Promise.all([
    db.truck.findMany({ where: { organizationId, primaryDriverId: userId }, select: { id: true } }),
    db.load.findMany({ where: { organizationId, driverId: userId, status: { in: [...DRIVING] }, truckId: { not: null } }, select: { truckId: true } }),
  ])
  return [...new Set([...primary.map((truck) => truck.id), ...loads.map((load) => load.truckId!)])]
}

/**
 * Who reads which reports: the office every report of the organization; a driver (loadScope's
 * `driverId`) their own and those of the units they drive now, whose last report 396.13 asks them
 * to review and sign.
 */
async function scopeWhere(scope: LoadScope): Promise<Prisma.InspectionWhereInput> {
  if (!scope.driverId) return { organizationId: scope.organizationId }
  const units = await unitsOf(prisma, scope.organizationId, scope.driverId)
  return { organizationId: scope.organizationId, OR: [{ driverId: scope.driverId }, { truckId: { in: units } }] }
}

/** Whether the scope may read the report (its photos are read by the same rule). */
export async function inspectionReadable(scope: LoadScope, id: string) {
  return (await prisma.inspection.count({ where: { AND: [{ id }, await scopeWhere(scope)] } })) > 0
}

/**
 * A photo's bytes for a reader: a report's photo for whoever may read the report (loadScope's
 * rule), an upload not yet attached for its uploader only; else 404.
 */
export async function readInspectionPhoto(scope: LoadScope, userId: string, id: string) {
  assertId(id, PHOTO_NOT_FOUND)
  const photo = requireFound(
    await prisma.inspectionPhoto.findFirst({
      where: { id, organizationId: scope.organizationId },
      select: { ...photoSelect, storageKey: true, inspectionId: true, uploadedById: true },
    }),
    PHOTO_NOT_FOUND,
  )
  const readable = photo.inspectionId ? await inspectionReadable(scope, photo.inspectionId) : photo.uploadedById === userId
  if (!readable) throw new DomainError('not_found', PHOTO_NOT_FOUND)
  const object = await fileStorage().get(photo.storageKey)
  if (!object) throw new DomainError('not_found', PHOTO_NOT_FOUND)
  return { file: { fileName: photo.fileName, contentType: photo.contentType }, ...object }
}

/**
 * Files a report. The unit and trailer are the organization's (400 at their field); the report of
 * the unit waiting for its next driver (waitingInspection) is named in `acknowledgeInspectionId`
 * and acknowledged in the same transaction, any other id or none is 400 at that field; the time is not
 * in the future beyond a phone's clock skew (400 at `inspectedAt`); the odometer is not below the
 * unit's latest known reading less the tolerance (400 at `odometer`); each defect's photos are the
 * filer's own uploads, attached in the same transaction (400 at `defects[i].photoIds`). The truck's
 * row is locked so two reports of one unit see each other's odometer.
 */
export async function createInspection(actor: Actor, input: InspectionInput, now = new Date()): Promise<InspectionRow> {
  assertActorMay(actor, 'create', 'inspection')
  throwRefusal(fileRefusal(actor))
  const { organizationId } = actor
  return prisma.$transaction(async (tx) => {
    await assertReferences(tx, [
      ownReference(organizationId, 'truck', 'truckId', input.truckId, 'inspections.errors.truck'),
      ownReference(organizationId, 'trailer', 'trailerId', input.trailerId, 'inspections.errors.trailer'),
    ])
    await tx.$executeRaw`SELECT 1 FROM "Truck" WHERE "id" = ${input.truckId} FOR UPDATE`
    // The unit's last certified report waiting for its next driver: named by the one filing (ADR 153).
    const waiting = await waitingInspection(actor, input, tx)
    const named = input.acknowledgeInspectionId || null
    if ((waiting?.id ?? null) !== named)
      throw new DomainError('validation_failed', 'validation.failed', {
        fields: { acknowledgeInspectionId: [waiting && !named ? 'inspections.errors.acknowledgeRequired' : 'inspections.errors.acknowledgeStale'] },
      })
    const inspectedAt = zonedInstant(input.inspectedAt, await organizationTimeZone(organizationId, tx))
    if (inspectedAt.getTime() > now.getTime() + CLOCK_SKEW_MS)
      throw new DomainError('validation_failed', 'validation.failed', { fields: { inspectedAt: ['inspections.errors.future'] } })
    const latest = await latestOdometer(tx, input.truckId)
    if (latest !== null && input.odometer < latest - ODOMETER_TOLERANCE_MILES)
      throw new DomainError('validation_failed', 'inspections.errors.odometerBackwards', {
        params: { latest },
        fields: { odometer: ['inspections.errors.odometerBackwards'] },
      })
    // Signed first: a refusal after it (a photo not the filer's) files nothing and signs nothing.
    if (waiting) await acknowledgeIn(tx, actor, waiting.id, undefined, now, true)
    const { id } = await tx.inspection.create({
      data: {
        organizationId,
        truckId: input.truckId,
        trailerId: input.trailerId || null,
        driverId: actor.userId,
        kind: input.kind,
        inspectedAt,
        odometer: input.odometer,
        remarks: input.remarks || null,
      },
      select: { id: true },
    })
    // One by one, so each defect's photos go to it (a line's index is its place in the input).
    const defects = []
    for (const defect of input.defects) {
      const row = await tx.inspectionDefect.create({
        data: { inspectionId: id, item: defect.item, note: defect.note, outOfService: defect.outOfService },
        select: { id: true },
      })
      defects.push({ id: row.id, line: defect.line, photoIds: defect.photoIds })
    }
    await attachInspectionPhotos(tx, actor, id, defects)
    const inspection = await tx.inspection.findUniqueOrThrow({ where: { id }, include })
    await recordAudit(tx, actor, {
      entity: 'inspection',
      entityId: inspection.id,
      action: 'create',
      after: {
        truckId: input.truckId,
        kind: input.kind,
        odometer: input.odometer,
        defects: input.defects.map((defect) => defect.item),
        photos: input.defects.reduce((count, defect) => count + defect.photoIds.length, 0),
      },
    })
    return inspection
  })
}

/** One page of reports, newest first by default: by unit, kind, and those with defects still to certify. */
export async function listInspections(scope: LoadScope, query: InspectionListQuery) {
  const where: Prisma.InspectionWhereInput = {
    AND: [
      await scopeWhere(scope),
      {
        truckId: query.truckId || undefined,
        kind: query.kind,
        ...(query.defects === 'open' ? { defects: { some: { certifiedAt: null } } } : {}),
      },
    ],
  }
  return listPage(
    query,
    () => prisma.inspection.count({ where }),
    // The defects (a to-many with its own order) by their own query: a JSON aggregate per row costs ten times more (ADR 066).
    (window) =>
      prisma.inspection.findMany({ where, include, relationLoadStrategy: 'query', orderBy: [{ [query.sort]: query.dir }, { id: query.dir }], ...window }),
  )
}

/**
 * The dashboard's reports still to certify (the office's scope: every report of the organization):
 * those with an out-of-service defect not certified, and the others with defects open.
 */
export async function countOpenInspections(organizationId: string) {
  const [open, outOfService] = await Promise.all([
    prisma.inspection.count({ where: { organizationId, defects: { some: { certifiedAt: null } } } }),
    prisma.inspection.count({ where: { organizationId, defects: { some: { certifiedAt: null, outOfService: true } } } }),
  ])
  return { out_of_service: outOfService, defects_open: open - outOfService }
}

/** One report the scope may read, or 404 (another organization's, another driver's). */
export async function getInspection(scope: LoadScope, id: string): Promise<InspectionRow> {
  assertId(id, NOT_FOUND)
  return requireFound(await prisma.inspection.findFirst({ where: { AND: [{ id }, await scopeWhere(scope)] }, include }), NOT_FOUND)
}

/** Whether the user drives the unit now (the next driver who signs its last report). */
export async function drivesUnit(organizationId: string, userId: string, truckId: string, db: Tx | typeof prisma = prisma) {
  return (await unitsOf(db, organizationId, userId)).includes(truckId)
}

/**
 * Certifies every defect of the report at once (396.11(a)(3)): repaired, or no repair needed, with
 * a note, at the version read (409 conflict), once (409 invalid_transition), audited.
 */
export async function certifyInspection(actor: Actor, id: string, input: CertifyInput, now = new Date()): Promise<InspectionRow> {
  assertActorMay(actor, 'update', 'inspection')
  const { organizationId } = actor
  return prisma.$transaction(async (tx) => {
    const report = await lockForUpdate(tx, { table: 'Inspection', id, organizationId, version: input.version, notFoundKey: NOT_FOUND }, () =>
      tx.inspection.findFirst({ where: { id, organizationId }, include }),
    )
    throwRefusal(certifyRefusal(actor, report))
    const workOrderId = input.workOrderId || null
    // The shop's order for the report's truck, or for its trailer (ADR 153): the organization's own.
    const units: Prisma.WorkOrderWhereInput[] = [{ truckId: report.truckId }, ...(report.trailerId ? [{ trailerId: report.trailerId }] : [])]
    if (workOrderId && !(await tx.workOrder.findFirst({ where: { id: workOrderId, organizationId, OR: units }, select: { id: true } })))
      throw new DomainError('validation_failed', 'validation.failed', { fields: { workOrderId: ['inspections.errors.workOrder'] } })
    await tx.inspectionDefect.updateMany({
      where: { inspectionId: id, certifiedAt: null },
      data: {
        certifiedAt: now,
        certifiedById: actor.userId,
        repaired: input.repaired,
        certificationNote: input.note || null,
        ...(workOrderId ? { workOrderId } : {}),
      },
    })
    const certified = await tx.inspection.update({ where: { id }, data: { version: { increment: 1 } }, include })
    await recordAudit(tx, actor, {
      entity: 'inspection',
      entityId: id,
      action: 'status',
      before: { status: inspectionStatus(report) },
      after: { status: inspectionStatus(certified), repaired: input.repaired, note: input.note ?? null, workOrderId },
    })
    return certified
  })
}

/** The next driver's signature (396.13): a driver of the unit other than the filer, on a certified report, once, audited. */
export async function acknowledgeInspection(actor: Actor, id: string, input: { version?: number }, now = new Date()): Promise<InspectionRow> {
  assertActorMay(actor, 'create', 'inspection')
  return prisma.$transaction((tx) => acknowledgeIn(tx, actor, id, input.version, now))
}

/**
 * The acknowledgment itself, inside the caller's transaction (its own, or the filing of the next
 * report, ADR 153): the report locked at the version read, acknowledgeRefusal's rule, audited.
 * `filing`: the actor is filing the next report of the unit, which makes them its next driver.
 */
async function acknowledgeIn(tx: Tx, actor: Actor, id: string, version: number | undefined, now: Date, filing = false) {
  const { organizationId } = actor
  const report = await lockForUpdate(tx, { table: 'Inspection', id, organizationId, version, notFoundKey: NOT_FOUND }, () =>
    tx.inspection.findFirst({ where: { id, organizationId }, include }),
  )
  const drives = filing || (actor.userId ? await drivesUnit(organizationId, actor.userId, report.truckId, tx) : false)
  throwRefusal(acknowledgeRefusal(actor, report, drives))
  const acknowledged = await tx.inspection.update({
    where: { id },
    data: { acknowledgedAt: now, acknowledgedById: actor.userId, version: { increment: 1 } },
    include,
  })
  await recordAudit(tx, actor, { entity: 'inspection', entityId: id, action: 'status', before: { acknowledgedAt: null }, after: { acknowledgedAt: now } })
  return acknowledged
}

const waitingSelect = {
  id: true,
  kind: true,
  inspectedAt: true,
  driverId: true,
  acknowledgedAt: true,
  truck: { select: { unitNumber: true } },
  trailer: { select: { unitNumber: true } },
  driver: { select: { id: true, firstName: true, lastName: true } },
  defects: {
    orderBy: { id: 'asc' },
    select: {
      id: true,
      item: true,
      note: true,
      outOfService: true,
      certifiedAt: true,
      repaired: true,
      certificationNote: true,
      certifiedBy: { select: { id: true, firstName: true, lastName: true } },
    },
  },
} satisfies Prisma.InspectionSelect
export type WaitingInspection = Prisma.InspectionGetPayload<{ select: typeof waitingSelect }>

/**
 * The report a driver filing the next one of the truck (or the trailer) signs in it (396.13, ADR
 * 153): the latest report of either unit whose defects are all certified and that nobody has
 * acknowledged yet, when acknowledgeRefusal lets this actor sign it (a driver, not its filer); else null.
 */
export async function waitingInspection(
  actor: Pick<Actor, 'userId' | 'organizationId' | 'role'>,
  units: { truckId: string; trailerId?: string | null },
  db: Tx | typeof prisma = prisma,
): Promise<WaitingInspection | null> {
  if (!actor.userId || !units.truckId) return null
  const report = await db.inspection.findFirst({
    where: {
      organizationId: actor.organizationId,
      acknowledgedAt: null,
      OR: [{ driverId: null }, { driverId: { not: actor.userId } }],
      AND: [{ OR: [{ truckId: units.truckId }, ...(units.trailerId ? [{ trailerId: units.trailerId }] : [])] }],
      defects: { some: {}, none: { certifiedAt: null } },
    },
    orderBy: [{ inspectedAt: 'desc' }, { id: 'desc' }],
    select: waitingSelect,
  })
  return report && !acknowledgeRefusal(actor, report, true) ? report : null
}

/** A select of more units than this is unusable: the form then offers the driver's own units only. */
const UNIT_OPTIONS_MAX = 300

/**
 * What the filing form offers: the organization's trucks and trailers (not retired ones), and the
 * unit and trailer of the user's current load as the defaults (booked or on the road, the earliest
 * pickup first), else the truck they are the primary driver of.
 */
export async function inspectionFormOptions(organizationId: string, userId: string) {
  const [trucks, trailers, load, primary] = await Promise.all([
    prisma.truck.findMany({
      where: { organizationId, status: { not: 'inactive' } },
      select: { id: true, unitNumber: true },
      orderBy: { unitNumber: 'asc' },
      take: UNIT_OPTIONS_MAX,
    }),
    prisma.trailer.findMany({
      where: { organizationId, status: { not: 'inactive' } },
      select: { id: true, unitNumber: true },
      orderBy: { unitNumber: 'asc' },
      take: UNIT_OPTIONS_MAX,
    }),
    prisma.load.findFirst({
      where: { organizationId, driverId: userId, status: { in: [...DRIVING] }, truckId: { not: null } },
      orderBy: [{ status: 'desc' }, { pickupAt: { sort: 'asc', nulls: 'last' } }],
      select: { truck: { select: { id: true, unitNumber: true } }, trailer: { select: { id: true, unitNumber: true } } },
    }),
    prisma.truck.findFirst({ where: { organizationId, primaryDriverId: userId }, select: { id: true, unitNumber: true } }),
  ])
  const truck = load?.truck ?? primary
  const trailer = load?.trailer ?? null
  // The current unit is offered even past the cap or when retired, so the default is always a choice.
  if (truck && !trucks.some((each) => each.id === truck.id)) trucks.unshift(truck)
  if (trailer && !trailers.some((each) => each.id === trailer.id)) trailers.unshift(trailer)
  return { trucks, trailers, truckId: truck?.id ?? null, trailerId: trailer?.id ?? null }
}

const ITEM_ORDER = new Map<string, number>(INSPECTION_ITEMS.map((item, index) => [item, index]))

const personName = (person: { id: string; firstName: string; lastName: string } | null) =>
  person ? { id: person.id, name: `${person.firstName} ${person.lastName}`.trim() } : null

/** The API shape (InspectionRecordSchema, the OpenAPI's `Inspection`): defects in the checklist's order. */
export function serializeInspection(inspection: InspectionRow): InspectionRecord {
  return {
    id: inspection.id,
    organizationId: inspection.organizationId,
    truckId: inspection.truckId,
    truck: inspection.truck,
    trailerId: inspection.trailerId,
    trailer: inspection.trailer,
    driverId: inspection.driverId,
    driver: personName(inspection.driver),
    kind: inspection.kind,
    inspectedAt: inspection.inspectedAt.toISOString(),
    odometer: inspection.odometer,
    remarks: inspection.remarks,
    status: inspectionStatus(inspection),
    defects: [...inspection.defects]
      .sort((a, b) => ITEM_ORDER.get(a.item)! - ITEM_ORDER.get(b.item)!)
      .map((defect) => ({
        id: defect.id,
        item: defect.item,
        note: defect.note,
        outOfService: defect.outOfService,
        certifiedAt: defect.certifiedAt?.toISOString() ?? null,
        certifiedById: defect.certifiedById,
        repaired: defect.repaired,
        certificationNote: defect.certificationNote,
        photos: defect.photos.map(serializePhoto),
      })),
    acknowledgedAt: inspection.acknowledgedAt?.toISOString() ?? null,
    acknowledgedById: inspection.acknowledgedById,
    createdAt: inspection.createdAt.toISOString(),
    version: inspection.version,
  }
}
