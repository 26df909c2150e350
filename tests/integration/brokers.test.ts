import { describe, expect, it } from 'vitest'

import { assertBrokerAcceptsLoads, createBroker, deleteBroker, getBroker, listBrokers, updateBroker } from '~/models/reference/broker.server'
import { BrokerFormSchema, brokerFromForm, type BrokerInput, BrokerListQuerySchema, BrokerSchema, BrokerUpdateSchema } from '~/schemas/broker'
import { prisma } from '~/utils/db.server'
import { centsToDollars, parseDollars } from '~/utils/money'
import { can, ROLES } from '~/utils/permissions'

import { actorOf, createOrg, unique } from '../helpers'

const input = (overrides: Partial<BrokerInput> = {}): BrokerInput => BrokerSchema.parse({ name: unique('Broker'), ...overrides })
const update = (overrides: Partial<BrokerInput> & { version: number }) => BrokerUpdateSchema.parse({ name: unique('Broker'), ...overrides })
const query = (overrides: Record<string, unknown> = {}) => BrokerListQuerySchema.parse(overrides)
const issues = (result: { error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])

describe('broker rules', () => {
  it('creates a broker with all its fields (MC and DOT as digits, credit limit in cents) and writes an audit event', async () => {
    const org = await createOrg()
    const broker = await createBroker(
      actorOf(org),
      input({
        name: 'Prairie Line Logistics',
        mcNumber: 'MC-482193',
        dotNumber: 'USDOT 1734520',
        contactName: 'Heather Collins',
        email: 'heather@prairieline.test',
        phone: '(214) 555-0142 ext. 7',
        billingEmail: 'ap@prairieline.test',
        addressLine1: '2200 Ross Ave',
        addressLine2: 'Suite 1800',
        city: 'Dallas',
        state: 'TX',
        postalCode: '75201',
        country: 'US',
        paymentTerms: 'net_45',
        creditLimitCents: 15_000_000_00,
        status: 'on_hold',
        notes: 'Pays by ACH',
      }),
    )
    expect(broker).toMatchObject({
      name: 'Prairie Line Logistics',
      mcNumber: '482193',
      dotNumber: '1734520',
      phone: '(214) 555-0142 ext. 7',
      city: 'Dallas',
      paymentTerms: 'net_45',
      creditLimitCents: 1_500_000_000,
      status: 'on_hold',
      version: 1,
      organizationId: org.organization.id,
      customFields: {},
    })
    // Above PostgreSQL's INTEGER: the BIGINT column reads back as a plain number.
    expect((await getBroker(org.organization.id, broker.id)).creditLimitCents).toBe(1_500_000_000)
    const events = await prisma.auditEvent.findMany({ where: { entityId: broker.id } })
    expect(events).toHaveLength(1)
    expect(events[0]).toMatchObject({ action: 'create', entity: 'broker', userId: org.users.admin.id, ip: '203.0.113.7' })
    expect(events[0].changes).toMatchObject({
      name: { before: null, after: 'Prairie Line Logistics' },
      creditLimitCents: { before: null, after: 1_500_000_000 },
    })
  })

  it('defaults the terms to net 30 and the status to active; validates MC, DOT, emails, phone, enums and cents in the schema', () => {
    expect(BrokerSchema.parse({ name: 'A' })).toMatchObject({ paymentTerms: 'net_30', status: 'active' })
    const bad = BrokerSchema.safeParse({
      name: ' ',
      mcNumber: 'MC-12',
      dotNumber: '123456789',
      email: 'not-an-email',
      billingEmail: 'ap@',
      phone: 'call me',
      paymentTerms: 'net_90',
      status: 'suspended',
      creditLimitCents: 10.5,
    })
    expect(issues(bad)).toEqual([
      ['name', 'validation.required'],
      ['mcNumber', 'brokers.errors.mcNumber'],
      ['dotNumber', 'brokers.errors.dotNumber'],
      ['email', 'validation.email'],
      ['phone', 'brokers.errors.phone'],
      ['billingEmail', 'validation.email'],
      ['paymentTerms', 'validation.choice'],
      ['status', 'validation.choice'],
      ['creditLimitCents', 'validation.integer'],
    ])
    expect(issues(BrokerSchema.safeParse({ name: 'A', creditLimitCents: -1 }))).toEqual([['creditLimitCents', 'validation.min0']])
    expect(issues(BrokerSchema.safeParse({ name: 'A', creditLimitCents: 10_000_000_001 }))).toEqual([['creditLimitCents', 'validation.money.sumTooLarge']])
    expect(issues(BrokerSchema.safeParse({ name: 'A', mcNumber: '12a456' }))).toEqual([['mcNumber', 'brokers.errors.mcNumber']])
    // Empty strings from a JSON client mean "none", like an empty form field.
    expect(BrokerSchema.parse({ name: 'A', mcNumber: '', email: '', phone: '' })).toMatchObject({ mcNumber: '', email: '', phone: '' })
    expect(BrokerSchema.parse({ name: 'A', mcNumber: 'mc# 001234', phone: '+1 956 555 0148 x12' })).toMatchObject({ mcNumber: '001234' })
  })

  it('reads the credit limit the form takes in dollars as exact cents', () => {
    expect(parseDollars('25000')).toBe(2_500_000)
    expect(parseDollars('25,000.50')).toBe(2_500_050)
    expect(parseDollars('25000,5')).toBe(2_500_050)
    expect(parseDollars('$ 1 234.05')).toBe(123_405)
    expect(parseDollars('0.29')).toBe(29)
    for (const bad of ['1.234', '-5', '12,34,567', 'ten', '1e3', '', '.5']) expect(parseDollars(bad), bad).toBeNull()
    expect(centsToDollars(2_500_050)).toBe('25000.50')
    expect(centsToDollars(2_500_000)).toBe('25000')
    expect(centsToDollars(5)).toBe('0.05')
    expect(centsToDollars(null)).toBeUndefined()

    const form = BrokerFormSchema.parse({ name: 'A', creditLimit: '25,000.50' })
    expect(brokerFromForm(form)).toMatchObject({ name: 'A', creditLimitCents: 2_500_050 })
    expect(brokerFromForm(BrokerFormSchema.parse({ name: 'A' })).creditLimitCents).toBeUndefined()
    expect(issues(BrokerFormSchema.safeParse({ name: 'A', creditLimit: '12.345' }))).toEqual([['creditLimit', 'brokers.errors.creditLimit']])
    expect(issues(BrokerFormSchema.safeParse({ name: 'A', creditLimit: '100000000.01' }))).toEqual([['creditLimit', 'validation.money.sumTooLarge']])
  })

  it('refuses a duplicate name (any case) or MC number in the same organization but not in another; brokers without MC are many', async () => {
    const org = await createOrg()
    const other = await createOrg()
    await createBroker(actorOf(org), input({ name: 'Gulf Coast Freight', mcNumber: '615204' }))
    await expect(createBroker(actorOf(org), input({ name: 'GULF COAST freight', mcNumber: 'MC 615204' }))).rejects.toMatchObject({
      code: 'validation_failed',
      fields: { name: ['brokers.errors.duplicateName'], mcNumber: ['brokers.errors.duplicateMc'] },
    })
    await expect(createBroker(actorOf(other), input({ name: 'Gulf Coast Freight', mcNumber: '615204' }))).resolves.toMatchObject({ mcNumber: '615204' })
    await createBroker(actorOf(org), input())
    await createBroker(actorOf(org), input())
    expect(await prisma.broker.count({ where: { organizationId: org.organization.id } })).toBe(3)
  })

  it('has the database itself refuse a name that differs only in case, and a repeated MC number (unique indexes)', async () => {
    const org = await createOrg()
    const organizationId = org.organization.id
    await prisma.broker.create({ data: { organizationId, name: 'Case Broker', mcNumber: '123456' } })
    await expect(prisma.broker.create({ data: { organizationId, name: 'CASE BROKER' } })).rejects.toMatchObject({ code: 'P2002' })
    await expect(prisma.broker.create({ data: { organizationId, name: 'Other', mcNumber: '123456' } })).rejects.toMatchObject({ code: 'P2002' })
    expect(await prisma.broker.count({ where: { organizationId } })).toBe(1)
  })

  it('lets one of many parallel creates with the same name in different cases win; the others get the field error', async () => {
    const org = await createOrg()
    const results = await Promise.allSettled(
      ['Race Freight', 'race freight', 'RACE FREIGHT', 'Race FREIGHT'].map((name) => createBroker(actorOf(org), input({ name }))),
    )
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
    for (const result of results) {
      if (result.status === 'rejected') expect(result.reason).toMatchObject({ code: 'validation_failed', fields: { name: ['brokers.errors.duplicateName'] } })
    }
    expect(await prisma.broker.count({ where: { organizationId: org.organization.id } })).toBe(1)
  })

  it('refuses custom fields that are not defined for brokers', async () => {
    const org = await createOrg()
    await expect(createBroker(actorOf(org), input({ customFields: { factoring_ok: true } }))).rejects.toMatchObject({
      fields: { 'customFields.factoring_ok': ['validation.customFieldUnknown'] },
    })
    expect(await prisma.broker.count({ where: { organizationId: org.organization.id } })).toBe(0)
  })

  it('updates with the current version and refuses a stale one without losing the other edit', async () => {
    const org = await createOrg()
    const broker = await createBroker(actorOf(org), input({ creditLimitCents: 5_000_000 }))
    const first = await updateBroker(actorOf(org, 'dispatcher'), broker.id, update({ name: broker.name, creditLimitCents: 7_500_000, version: 1 }))
    expect(first).toMatchObject({ creditLimitCents: 7_500_000, version: 2 })
    await expect(updateBroker(actorOf(org), broker.id, update({ name: broker.name, creditLimitCents: 100, version: 1 }))).rejects.toMatchObject({
      code: 'conflict',
      status: 409,
    })
    expect((await getBroker(org.organization.id, broker.id)).creditLimitCents).toBe(7_500_000)
    const updates = await prisma.auditEvent.findMany({ where: { entityId: broker.id, action: 'update' } })
    expect(updates).toHaveLength(1)
    expect(updates[0]).toMatchObject({ userId: org.users.dispatcher.id })
    expect(updates[0].changes).toEqual({ creditLimitCents: { before: 5_000_000, after: 7_500_000 } })
  })

  it('keeps its own name on update (even in another case), but refuses another broker’s name or MC number', async () => {
    const org = await createOrg()
    const a = await createBroker(actorOf(org), input({ name: 'Alpha Brokerage', mcNumber: '111111' }))
    await createBroker(actorOf(org), input({ name: 'Beta Brokerage', mcNumber: '222222' }))
    await expect(updateBroker(actorOf(org), a.id, update({ name: 'ALPHA Brokerage', mcNumber: '111111', version: 1 }))).resolves.toMatchObject({
      name: 'ALPHA Brokerage',
      version: 2,
    })
    await expect(updateBroker(actorOf(org), a.id, update({ name: 'beta brokerage', mcNumber: '222222', version: 2 }))).rejects.toMatchObject({
      fields: { name: ['brokers.errors.duplicateName'], mcNumber: ['brokers.errors.duplicateMc'] },
    })
  })

  it('replaces the whole broker on update: a field the form left empty is cleared', async () => {
    const org = await createOrg()
    const broker = await createBroker(actorOf(org), input({ contactName: 'Kay', city: 'Austin', creditLimitCents: 500_000, notes: 'N' }))
    const saved = await updateBroker(actorOf(org), broker.id, update({ name: broker.name, version: 1 }))
    expect(saved).toMatchObject({ contactName: null, city: null, creditLimitCents: null, notes: null, version: 2 })
  })

  it('requires the version on update, in the schema the form and the API share', () => {
    const result = BrokerUpdateSchema.safeParse({ name: 'A' })
    expect(result.success).toBe(false)
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['version'], message: 'validation.versionRequired' })])
  })

  it("never reads, changes or deletes another organization's broker", async () => {
    const org = await createOrg()
    const other = await createOrg()
    const broker = await createBroker(actorOf(org), input({ notes: 'mine' }))
    await expect(getBroker(other.organization.id, broker.id)).rejects.toMatchObject({ code: 'not_found' })
    await expect(updateBroker(actorOf(other), broker.id, update({ version: 1 }))).rejects.toMatchObject({ code: 'not_found' })
    await expect(deleteBroker(actorOf(other), broker.id)).rejects.toMatchObject({ code: 'not_found' })
    expect((await getBroker(org.organization.id, broker.id)).notes).toBe('mine')
    const listed = await listBrokers(other.organization.id, query({ q: broker.name }))
    expect(listed.total).toBe(0)
  })

  it('deletes with an audit event, refusing a stale version', async () => {
    const org = await createOrg()
    const broker = await createBroker(actorOf(org), input())
    await updateBroker(actorOf(org), broker.id, update({ name: broker.name, version: 1 }))
    await expect(deleteBroker(actorOf(org), broker.id, 1)).rejects.toMatchObject({ code: 'conflict' })
    expect(await prisma.broker.count({ where: { id: broker.id } })).toBe(1)
    await deleteBroker(actorOf(org), broker.id, 2)
    expect(await prisma.broker.findUnique({ where: { id: broker.id } })).toBeNull()
    expect(await prisma.auditEvent.count({ where: { entityId: broker.id, action: 'delete' } })).toBe(1)
  })

  it('lets exactly one of many parallel deletes win', async () => {
    const org = await createOrg()
    const broker = await createBroker(actorOf(org), input())
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => deleteBroker(actorOf(org), broker.id, 1)))
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
    expect(await prisma.auditEvent.count({ where: { entityId: broker.id, action: 'delete' } })).toBe(1)
  })

  it('refuses with in_use to delete a broker that a row still references (as loads will, with ON DELETE RESTRICT)', async () => {
    const org = await createOrg()
    const broker = await createBroker(actorOf(org), input())
    // A stand-in for the coming Load table: the same kind of foreign key a Prisma relation with onDelete: Restrict creates.
    const table = `broker_ref_${unique('t').replace(/\W/g, '_')}`
    await prisma.$executeRawUnsafe(`CREATE TABLE "${table}" ("id" serial PRIMARY KEY, "brokerId" text NOT NULL REFERENCES "Broker"("id") ON DELETE RESTRICT)`)
    try {
      await prisma.$executeRawUnsafe(`INSERT INTO "${table}" ("brokerId") VALUES ($1)`, broker.id)
      await expect(deleteBroker(actorOf(org), broker.id, 1)).rejects.toMatchObject({ code: 'in_use', status: 409, messageKey: 'brokers.errors.inUse' })
      expect(await prisma.broker.count({ where: { id: broker.id } })).toBe(1)
      expect(await prisma.auditEvent.count({ where: { entityId: broker.id, action: 'delete' } })).toBe(0)
      await prisma.$executeRawUnsafe(`DELETE FROM "${table}"`)
      await expect(deleteBroker(actorOf(org), broker.id, 1)).resolves.toMatchObject({ id: broker.id })
    } finally {
      await prisma.$executeRawUnsafe(`DROP TABLE "${table}"`)
    }
  })

  it('refuses new loads for a broker on hold, with a message that says why', async () => {
    const org = await createOrg()
    const onHold = await createBroker(actorOf(org), input({ status: 'on_hold' }))
    const active = await createBroker(actorOf(org), input({ status: 'active' }))
    await expect(assertBrokerAcceptsLoads(prisma, org.organization.id, onHold.id)).rejects.toMatchObject({
      code: 'in_use',
      messageKey: 'brokers.errors.onHold',
    })
    await expect(assertBrokerAcceptsLoads(prisma, org.organization.id, active.id)).resolves.toBeUndefined()
    const other = await createOrg()
    await expect(assertBrokerAcceptsLoads(prisma, other.organization.id, active.id)).rejects.toMatchObject({ code: 'not_found' })
  })

  it('may be read by every role but the driver and the mechanic, and changed by admins and dispatchers only', () => {
    const allowed = Object.fromEntries(
      ROLES.map((role) => [role, (['read', 'create', 'update', 'delete'] as const).filter((action) => can(role, action, 'broker'))]),
    )
    expect(allowed).toEqual({
      admin: ['read', 'create', 'update', 'delete'],
      dispatcher: ['read', 'create', 'update', 'delete'],
      accountant: ['read'],
      driver: [],
      // The shop reads a load's broker by name, not the broker's record (ADR 134).
      mechanic: [],
      viewer: ['read'],
    })
  })
})

describe('broker list', () => {
  it('searches name, MC (with or without "MC"), contact, email and city; filters by status and terms; sorts and pages', async () => {
    const org = await createOrg()
    const actor = actorOf(org)
    const cities = ['Dallas', 'Houston', 'Austin']
    for (let i = 1; i <= 12; i++) {
      await createBroker(
        actor,
        input({
          name: `Broker ${String(i).padStart(2, '0')}`,
          mcNumber: String(700100 + i),
          contactName: i === 5 ? 'Heather Collins' : `Contact ${i}`,
          email: i === 6 ? 'ap@tidewater.test' : undefined,
          city: cities[i % 3],
          status: i % 4 === 0 ? 'on_hold' : 'active',
          paymentTerms: i % 3 === 0 ? 'quick_pay' : 'net_30',
          creditLimitCents: i === 12 ? undefined : i * 1_000_000,
        }),
      )
    }
    const names = (result: Awaited<ReturnType<typeof listBrokers>>) => result.items.map((b) => b.name)
    const list = (overrides: Record<string, unknown>) => listBrokers(org.organization.id, query(overrides))
    expect(names(await list({ q: 'broker 07' }))).toEqual(['Broker 07'])
    expect(names(await list({ q: 'MC-700103' }))).toEqual(['Broker 03'])
    expect(names(await list({ q: '700111' }))).toEqual(['Broker 11'])
    expect(names(await list({ q: 'heather' }))).toEqual(['Broker 05'])
    expect(names(await list({ q: 'TIDEWATER' }))).toEqual(['Broker 06'])
    expect((await list({ q: 'houston' })).total).toBe(4)
    expect(names(await list({ status: 'on_hold' }))).toEqual(['Broker 04', 'Broker 08', 'Broker 12'])
    expect(names(await list({ paymentTerms: 'quick_pay', status: 'on_hold' }))).toEqual(['Broker 12'])

    const byLimit = await list({ sort: 'creditLimitCents', dir: 'desc', pageSize: '10' })
    expect(byLimit.items[0].name).toBe('Broker 11')
    expect(byLimit.total).toBe(12)
    expect(byLimit.items).toHaveLength(10)
    // No limit sorts last whichever the direction.
    expect(names(await list({ sort: 'creditLimitCents', dir: 'desc', pageSize: '10', page: '2' }))).toEqual(['Broker 01', 'Broker 12'])
    expect((await list({ sort: 'name', dir: 'desc' })).items[0].name).toBe('Broker 12')
  })

  it('falls back to defaults for nonsense query values instead of failing', () => {
    expect(query({ sort: 'notes', dir: 'up', page: '0', pageSize: '1000', status: 'flying', paymentTerms: 'net_90' })).toEqual({
      sort: 'name',
      dir: 'asc',
      page: 1,
      pageSize: 25,
      status: undefined,
      paymentTerms: undefined,
    })
  })
})
