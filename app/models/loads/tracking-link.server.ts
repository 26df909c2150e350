/**
 * Shipment tracking links (ADR 063): a load shared with a customer as `/track/{token}`. The token
 * is 32 random bytes; only its sha256 is stored, so the full link is shown once, when it is made.
 * A link works until it expires (at most 90 days) or is revoked; the page it opens shows where the
 * freight is and never the money, the broker, the driver or the equipment.
 */
import { href } from 'react-router'

import type { Prisma } from '~/generated/prisma/client'
import { type Actor, recordAudit } from '~/models/audit/audit.server'
import { siteFrameSelect } from '~/models/organization/site.server'
import { assertActorMay, assertId, requireFound } from '~/models/records/records.server'
import { newShareLink, openShareLink, revokeShareLink, shareLinkMakerSelect, shareLinkRow } from '~/models/share-link.server'
import { type TrackingLinkCreateInput } from '~/schemas/tracking-link'
import { TRACKING_LINK_MAX_DAYS } from '~/schemas/tracking-link-options'
import { prisma } from '~/utils/db.server'
import { appUrl } from '~/utils/env.server'

import { loadTimeZone } from './load.server'

const ENTITY = 'trackingLink'
const LOAD_NOT_FOUND = 'loads.errors.notFound'
const NOT_FOUND = 'tracking.errors.notFound'
/** A view is written at most once a minute per link: a customer refreshing the page costs one read. */
const VIEW_WRITE_EVERY_MS = 60_000

/** The page's absolute address for a token, on APP_URL (never the request's Host). */
function trackingUrl(token: string) {
  return appUrl(href('/track/:token', { token }))
}

const linkSelect = { id: true, loadId: true, expiresAt: true, revokedAt: true, lastViewedAt: true, createdAt: true, ...shareLinkMakerSelect } as const

/** A link as the load page lists it: the share-link service's row, its last view as its last use. */
function trackingLinkRow(link: Prisma.TrackingLinkGetPayload<{ select: typeof linkSelect }>, now?: Date) {
  return shareLinkRow(link, link.lastViewedAt, now)
}

async function requireLoad(organizationId: string, loadId: string) {
  assertId(loadId, LOAD_NOT_FOUND)
  return requireFound(await prisma.load.findFirst({ where: { id: loadId, organizationId }, select: { id: true, loadNumber: true } }), LOAD_NOT_FOUND)
}

/** A load's links, newest first, each with its state (the load page's share-links card). */
export async function listTrackingLinks(organizationId: string, loadId: string, now = new Date()) {
  const rows = await prisma.trackingLink.findMany({
    where: { organizationId, loadId },
    select: linkSelect,
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: 50,
  })
  return rows.map((row) => trackingLinkRow(row, now))
}

/** A new link for a load: the token (returned once, never stored) and its full URL. */
export async function createTrackingLink(actor: Actor, loadId: string, input: TrackingLinkCreateInput, now = new Date()) {
  assertActorMay(actor, 'update', 'load')
  const load = await requireLoad(actor.organizationId, loadId)
  const { token, tokenHash, expiresAt } = newShareLink(now, input.expiresInDays, TRACKING_LINK_MAX_DAYS)
  return prisma.$transaction(async (tx) => {
    const link = await tx.trackingLink.create({
      data: { organizationId: actor.organizationId, loadId: load.id, tokenHash, expiresAt, createdById: actor.userId },
      select: linkSelect,
    })
    await recordAudit(tx, actor, {
      entity: ENTITY,
      entityId: link.id,
      action: 'create',
      after: { loadId: load.id, loadNumber: load.loadNumber, expiresAt: link.expiresAt },
    })
    return { ...trackingLinkRow(link, now), url: trackingUrl(token), loadNumber: load.loadNumber }
  })
}

/** Revokes a link (its page is then a 404). Revoking a revoked link changes nothing and answers the same. */
export async function revokeTrackingLink(actor: Actor, loadId: string, linkId: string, now = new Date()) {
  assertActorMay(actor, 'update', 'load')
  await requireLoad(actor.organizationId, loadId)
  assertId(linkId, NOT_FOUND)
  return prisma.$transaction(async (tx) => {
    const link = requireFound(
      await tx.trackingLink.findFirst({ where: { id: linkId, loadId, organizationId: actor.organizationId }, select: linkSelect }),
      NOT_FOUND,
    )
    const revoked = await revokeShareLink(link, now, async (revokedAt) => {
      const row = await tx.trackingLink.update({ where: { id: link.id }, data: { revokedAt }, select: linkSelect })
      await recordAudit(tx, actor, { entity: ENTITY, entityId: link.id, action: 'delete', before: { loadId, revokedAt: null }, after: { revokedAt } })
      return row
    })
    return trackingLinkRow(revoked, now)
  })
}

/**
 * What `/track/{token}` shows, or null (unknown, revoked or expired token: the page is a 404):
 * the load's number and status, its stops in order with city and state, window, arrival and
 * departure, and when it last changed; the organization for the frame. The select is the whole
 * list of what leaves the database: no rate, charges, broker, driver, truck or trailer.
 */
export async function trackingView(token: unknown, now = new Date()) {
  const link = await openShareLink(token, now, (tokenHash) =>
    prisma.trackingLink.findUnique({
      where: { tokenHash },
      select: {
        id: true,
        revokedAt: true,
        expiresAt: true,
        lastViewedAt: true,
        organization: { select: siteFrameSelect },
        load: {
          select: {
            loadNumber: true,
            status: true,
            updatedAt: true,
            stops: {
              orderBy: { sequence: 'asc' },
              select: { id: true, type: true, city: true, state: true, windowStart: true, windowEnd: true, actualArrival: true, actualDeparture: true },
            },
          },
        },
      },
    }),
  )
  if (!link) return null
  if (!link.lastViewedAt || now.getTime() - link.lastViewedAt.getTime() >= VIEW_WRITE_EVERY_MS)
    await prisma.trackingLink.updateMany({ where: { id: link.id }, data: { lastViewedAt: now } })
  const iso = (value: Date | null) => value?.toISOString() ?? null
  return {
    organization: link.organization,
    timeZone: await loadTimeZone(link.organization.id),
    expiresAt: link.expiresAt.toISOString(),
    load: {
      loadNumber: link.load.loadNumber,
      status: link.load.status,
      updatedAt: link.load.updatedAt.toISOString(),
      stops: link.load.stops.map((stop) => ({
        id: stop.id,
        type: stop.type,
        city: stop.city,
        state: stop.state,
        windowStart: iso(stop.windowStart),
        windowEnd: iso(stop.windowEnd),
        actualArrival: iso(stop.actualArrival),
        actualDeparture: iso(stop.actualDeparture),
      })),
    },
  }
}
