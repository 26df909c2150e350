/**
 * The records module's persistence plumbing (ADR 106): `nextNumber` (the
 * organization's counters), `lockForUpdate` (row lock and version check) and `throwRefusal`
 * (a policy's refusal as the error the client gets), which every model uses instead of its own copy.
 */
import { beforeAll, describe, expect, it } from 'vitest'

import { lockForUpdate, nextNumber, NUMBER_COUNTERS, throwRefusal } from '~/models/records/records.server'
import { prisma } from '~/utils/db.server'
import { DomainError } from '~/utils/errors.server'

import { createOrg, type Org, unique } from '../helpers'

// Made once: an organization's users take a while to make, and every test reads its own counters or rows.
let org: Org
let other: Org
beforeAll(async () => {
  ;[org, other] = await Promise.all([createOrg(), createOrg()])
})

/** A store product of the organization, a row lockForUpdate can lock (version 1). */
function product(organizationId: string) {
  return prisma.product.create({ data: { organizationId, name: unique('Strap'), sku: unique('SKU'), priceCents: 1_500 } })
}

describe('nextNumber', () => {
  it('gives concurrent transactions distinct numbers, one after the other', async () => {
    const organizationId = org.organization.id
    const start = (await prisma.organization.findUniqueOrThrow({ where: { id: organizationId } })).nextInvoiceNumber
    const numbers = await Promise.all(Array.from({ length: 6 }, () => prisma.$transaction((tx) => nextNumber(tx, organizationId, 'nextInvoiceNumber'))))
    expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: 6 }, (_, index) => start + index))
    expect((await prisma.organization.findUniqueOrThrow({ where: { id: organizationId } })).nextInvoiceNumber).toBe(start + 6)
  })

  it('keeps each counter to itself', async () => {
    const organizationId = org.organization.id
    const before = await prisma.organization.findUniqueOrThrow({ where: { id: organizationId } })
    for (const counter of NUMBER_COUNTERS) expect(await prisma.$transaction((tx) => nextNumber(tx, organizationId, counter))).toBe(before[counter])
    const after = await prisma.organization.findUniqueOrThrow({ where: { id: organizationId } })
    for (const counter of NUMBER_COUNTERS) expect(after[counter]).toBe(before[counter] + 1)
  })

  it('takes a block of numbers at once, and gives back what a rolled-back transaction took', async () => {
    const organizationId = org.organization.id
    const [a, b] = await Promise.all([
      prisma.$transaction((tx) => nextNumber(tx, organizationId, 'nextLoadNumber', { count: 5 })),
      prisma.$transaction((tx) => nextNumber(tx, organizationId, 'nextLoadNumber', { count: 5 })),
    ])
    expect(Math.abs(a - b)).toBe(5)
    await expect(
      prisma.$transaction(async (tx) => {
        await nextNumber(tx, organizationId, 'nextLoadNumber')
        throw new Error('the create failed')
      }),
    ).rejects.toThrow('the create failed')
    expect(await prisma.$transaction((tx) => nextNumber(tx, organizationId, 'nextLoadNumber'))).toBe(Math.max(a, b) + 5)
  })

  it('answers not found for an organization that is gone, and refuses a column that is not a counter', async () => {
    await expect(
      prisma.$transaction((tx) => nextNumber(tx, 'c0000000000000000000gone', 'nextQuoteNumber', { notFoundKey: 'quotes.errors.notFound' })),
    ).rejects.toMatchObject({
      code: 'not_found',
      messageKey: 'quotes.errors.notFound',
    })
    await expect(prisma.$transaction((tx) => nextNumber(tx, org.organization.id, '"name"' as never))).rejects.toThrow('not a counter')
  })
})

describe('lockForUpdate', () => {
  const lock = (organizationId: string, id: string, version: number | undefined) =>
    prisma.$transaction((tx) =>
      lockForUpdate(tx, { table: 'Product', id, organizationId, version, notFoundKey: 'products.errors.notFound' }, () =>
        tx.product.findFirst({ where: { id, organizationId } }),
      ),
    )

  it('returns the row at the version the client read', async () => {
    const row = await product(org.organization.id)
    expect(await lock(org.organization.id, row.id, 1)).toMatchObject({ id: row.id, version: 1 })
    expect(await lock(org.organization.id, row.id, undefined)).toMatchObject({ id: row.id })
  })

  it('answers a stale version with the conflict error (409), and another organization’s row or a bad id with not found', async () => {
    const row = await product(org.organization.id)
    await prisma.product.update({ where: { id: row.id }, data: { version: { increment: 1 } } })
    const stale = await lock(org.organization.id, row.id, 1).catch((error: unknown) => error)
    expect(stale).toBeInstanceOf(DomainError)
    expect(stale).toMatchObject({ code: 'conflict', messageKey: 'errors.conflict', status: 409 })
    await expect(lock(other.organization.id, row.id, 2)).rejects.toMatchObject({ code: 'not_found', messageKey: 'products.errors.notFound' })
    await expect(lock(org.organization.id, 'not an id', 2)).rejects.toMatchObject({ code: 'not_found' })
  })

  it('makes a second writer of the same row wait for the first and see its version: a conflict, not a lost update', async () => {
    const organizationId = org.organization.id
    const row = await product(organizationId)
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    let locked!: () => void
    const first = new Promise<void>((resolve) => (locked = resolve))
    const writer = prisma.$transaction(async (tx) => {
      await lockForUpdate(tx, { table: 'Product', id: row.id, organizationId, version: 1, notFoundKey: 'products.errors.notFound' }, () =>
        tx.product.findFirst({ where: { id: row.id, organizationId } }),
      )
      locked()
      await held
      await tx.product.update({ where: { id: row.id }, data: { version: { increment: 1 } } })
    })
    await first
    // Read version 1 too, but locks after the first writer: it waits, then sees version 2.
    const second = lock(organizationId, row.id, 1).catch((error: unknown) => error)
    release()
    await writer
    expect(await second).toMatchObject({ code: 'conflict' })
  })
})

describe('throwRefusal', () => {
  it('throws a policy refusal as its DomainError, with the given or the refusal’s own params, and nothing when allowed', () => {
    expect(() => throwRefusal(null)).not.toThrow()
    expect(() => throwRefusal(undefined)).not.toThrow()
    const thrown = (() => {
      try {
        throwRefusal({ code: 'in_use', key: 'invoices.errors.keep' }, { invoice: 'INV-1' })
      } catch (error) {
        return error
      }
    })()
    expect(thrown).toBeInstanceOf(DomainError)
    expect(thrown).toMatchObject({ code: 'in_use', messageKey: 'invoices.errors.keep', status: 409, options: { params: { invoice: 'INV-1' } } })
    expect(() => throwRefusal({ code: 'insufficient_stock', key: 'checkout.errors.overStock', params: { product: 'Strap' } })).toThrow(
      expect.objectContaining({ code: 'insufficient_stock', options: { params: { product: 'Strap' } } }),
    )
  })
})
