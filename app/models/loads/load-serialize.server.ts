/**
 * The API shapes of a load: the whole load (what a client can PUT back, plus the derived and
 * display fields) and a list row, and a person's display name as they show it.
 */
import type { Prisma } from '~/generated/prisma/client'
import { deliveredAt } from '~/policies/load'
import type { CustomFieldValues } from '~/schemas/api-record'
import type { LoadDocumentItem, LoadRecord, LoadRowRecord } from '~/schemas/load'
import { addressLines } from '~/utils/format'
import { ratePerMileCents } from '~/utils/money'

import type { LoadWithRelations } from './load.server'
import { serializeLoadDocument } from './load-document.server'
import type { listInclude } from './load-list.server'

/** A person's display name ("First Last"), as the API's `driver.name` shows it. */
export function personName(user: { firstName: string; lastName: string } | null) {
  return user ? `${user.firstName} ${user.lastName}`.trim() : null
}

/** A driver or dispatcher as a load names them. */
function personRef(user: { id: string; firstName: string; lastName: string } | null) {
  return user ? { id: user.id, name: personName(user)! } : null
}

/**
 * The API shape: everything a client can PUT back, plus the derived and display fields. Without
 * `money` (a role that does not see a load's money: seesLoadMoney, ADR 134) the linehaul, total and
 * rate per mile are null, and the charges and rate confirmations are left out.
 */
export function serializeLoad(load: LoadWithRelations, money = true): LoadRecord {
  const record = serializeAll(load)
  return money ? record : { ...record, linehaulCents: null, totalCents: null, ratePerMileCents: null, charges: [], rateConn: [] }
}

function serializeAll(load: LoadWithRelations): LoadRecord {
  return {
    id: load.id,
    organizationId: load.organizationId,
    loadNumber: load.loadNumber,
    status: load.status,
    brokerId: load.brokerId,
    broker: load.broker,
    companyId: load.companyId,
    company: load.company,
    brokerReference: load.brokerReference,
    poNumbers: load.poNumbers,
    bolNumber: load.bolNumber,
    equipmentType: load.equipmentType,
    commodity: load.commodity,
    weightLb: load.weightLb,
    pieces: load.pieces,
    temperatureF: load.temperatureF,
    hazmat: load.hazmat,
    linehaulCents: load.linehaulCents,
    totalCents: load.totalCents,
    ratePerMileCents: ratePerMileCents(load),
    loadedMiles: load.loadedMiles,
    emptyMiles: load.emptyMiles,
    driverId: load.driverId,
    driver: personRef(load.driver),
    truckId: load.truckId,
    truck: load.truck,
    trailerId: load.trailerId,
    trailer: load.trailer,
    dispatcher: personRef(load.dispatcher),
    notes: load.notes,
    customFields: load.customFields as CustomFieldValues,
    stops: load.stops.map((stop) => ({
      id: stop.id,
      type: stop.type,
      facilityName: stop.facilityName,
      line1: stop.line1,
      city: stop.city,
      state: stop.state,
      postalCode: stop.postalCode,
      country: stop.country,
      windowStart: stop.windowStart?.toISOString() ?? null,
      windowEnd: stop.windowEnd?.toISOString() ?? null,
      appointmentRef: stop.appointmentRef,
      actualArrival: stop.actualArrival?.toISOString() ?? null,
      actualDeparture: stop.actualDeparture?.toISOString() ?? null,
      notes: stop.notes,
    })),
    charges: load.charges.map((charge) => ({ id: charge.id, type: charge.type, description: charge.description, amountCents: charge.amountCents })),
    /** When it was delivered: the departure from its last stop (null before). */
    deliveredAt: deliveredAt(load.stops)?.toISOString() ?? null,
    // The specification's document lists (ADR 026); `name` repeats `fileName` for its client.
    ...documentLists(load.documents),
    createdAt: load.createdAt.toISOString(),
    updatedAt: load.updatedAt.toISOString(),
    version: load.version,
  }
}

/** The document lists by kind, in upload order. */
function documentLists(documents: LoadWithRelations['documents']) {
  const lists = { bols: [] as LoadDocumentItem[], rateConn: [] as LoadDocumentItem[], pod: [] as LoadDocumentItem[] }
  for (const document of documents) {
    const { kind: _kind, uploadedBy: _uploadedBy, ...item } = serializeLoadDocument(document)
    lists[document.kind].push(item)
  }
  return lists
}

/** A list row for the API: the load without stops and charges, with its first pickup and last delivery; without `money`, no money (serializeLoad). */
export function serializeLoadRow(load: Prisma.LoadGetPayload<{ include: typeof listInclude }>, money = true): LoadRowRecord {
  const row = serializeRow(load)
  return money ? row : { ...row, linehaulCents: null, totalCents: null, ratePerMileCents: null }
}

function serializeRow(load: Prisma.LoadGetPayload<{ include: typeof listInclude }>): LoadRowRecord {
  return {
    id: load.id,
    loadNumber: load.loadNumber,
    status: load.status,
    brokerId: load.brokerId,
    broker: load.broker,
    brokerReference: load.brokerReference,
    equipmentType: load.equipmentType,
    pickup: { at: load.pickupAt?.toISOString() ?? null, city: load.pickupCity, state: load.pickupState },
    delivery: { at: load.deliveryAt?.toISOString() ?? null, city: load.deliveryCity, state: load.deliveryState },
    driverId: load.driverId,
    driver: personRef(load.driver),
    truckId: load.truckId,
    truck: load.truck,
    linehaulCents: load.linehaulCents,
    totalCents: load.totalCents,
    ratePerMileCents: ratePerMileCents(load),
    loadedMiles: load.loadedMiles,
    emptyMiles: load.emptyMiles,
    createdAt: load.createdAt.toISOString(),
    updatedAt: load.updatedAt.toISOString(),
    version: load.version,
  }
}

/**
 * The load page's view, built where the API's shape is (a page's view model lives in its model): the API shape, with the
 * charges' sum, each stop's printed address (a domestic stop without its country), each document
 * with its uploader and the loads already read from it (ADR 103). The custom fields are shown by
 * their definitions and the document lists by kind are the API's: both are left out. Without
 * `money` (seesLoadMoney) its money is null and its rate confirmations are left out, as the API's.
 */
export function loadPageView(load: LoadWithRelations, madeInto?: Map<string, Array<{ id: string; loadNumber: string }>> | null, money = true) {
  const { customFields: _customFields, bols: _bols, rateConn: _rateConn, pod: _pod, ...shape } = serializeLoad(load, money)
  return {
    ...shape,
    chargesCents: money ? load.charges.reduce((sum, charge) => sum + charge.amountCents, 0) : null,
    stops: shape.stops.map((stop) => ({
      ...stop,
      address: addressLines({
        addressLine1: stop.line1,
        city: stop.city,
        state: stop.state,
        postalCode: stop.postalCode,
        country: stop.country === 'US' ? null : stop.country,
      }),
    })),
    documents: load.documents
      .filter((document) => money || document.kind !== 'rateConn')
      .map((document) => ({ ...serializeLoadDocument(document), madeInto: madeInto?.get(document.id) ?? [] })),
  }
}
export type LoadPageView = ReturnType<typeof loadPageView>
