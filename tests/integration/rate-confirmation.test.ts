/**
 * Rate confirmation → load (ADR 055): POST /api/loads/extract (the draft, every field's state,
 * the broker matched by MC number or by name, scans, refusals) and who may read a mail attachment
 * as a source. The rules themselves are unit-tested on every layout (tests/unit/rate-confirmation-rules.test.ts).
 */
import { randomBytes } from 'node:crypto'

import { describe, expect, it } from 'vitest'

import { readSource } from '~/models/loads/rate-confirmation.server'
import * as extractRoute from '~/routes/api/loads/extract'
import { LOAD_DOCUMENT_MAX_BYTES } from '~/schemas/load-document-options'
import { CLIENT_IP_HEADER } from '~/utils/client-ip'
import { prisma } from '~/utils/db.server'
import { isDomainError } from '~/utils/errors.server'
import { ROLES } from '~/utils/permissions'
import { fileStorage } from '~/utils/storage.server'

import { expectDocumentedAnswer } from '../contract-kit'
import { createOrg, type Org } from '../helpers'
import { allowed } from '../permission-table'
import { RATE_CONFIRMATION_LAYOUTS, scanImage, scannedRateConfirmation } from '../rate-confirmations'

type Answer = {
  status: number
  body: { data?: Record<string, unknown> & { draft: Record<string, unknown>; fields: Record<string, string> }; error?: { code: string } }
}

async function extract(token: string | undefined, body: BodyInit | null, headers: Record<string, string> = {}): Promise<Answer> {
  const request = new Request('http://localhost/api/loads/extract', {
    method: 'POST',
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), [CLIENT_IP_HEADER]: '198.51.100.31', ...headers },
    body,
  })
  const response = await extractRoute.action({ request, params: {}, context: {} } as never)
  const answer = { status: response.status, body: await response.json() }
  // Every 2xx body matches the answer the OpenAPI document gives (its response schema, ADR 117).
  expectDocumentedAnswer('POST', '/api/loads/extract', answer)
  return answer
}

function fileForm(bytes: Uint8Array, name = 'ratecon.pdf', type = 'application/pdf') {
  const form = new FormData()
  form.append('file', new File([new Uint8Array(bytes)], name, { type }))
  return form
}

const [colon, table, stops] = RATE_CONFIRMATION_LAYOUTS

describe('POST /api/loads/extract', () => {
  it('answers 200 with the draft in the load body shape, every field read, the broker matched by MC number, and writes nothing', async () => {
    const org = await createOrg()
    const broker = await prisma.broker.create({ data: { organizationId: org.organization.id, name: 'Acme (renamed) Logistics', mcNumber: '123456' } })
    const loadsBefore = await prisma.load.count({ where: { organizationId: org.organization.id } })
    const answer = await extract(org.users.dispatcher.token, fileForm(await colon.pdf()))
    expect(answer.status).toBe(200)
    const { expected } = colon
    expect(answer.body.data).toEqual({
      draft: {
        brokerId: broker.id,
        brokerReference: expected.brokerReference,
        equipmentType: expected.equipmentType,
        commodity: expected.commodity,
        weightLb: expected.weightLb,
        linehaulCents: expected.linehaulCents,
        stops: expected.stops.map((stop) => ({ ...stop, country: 'US' })),
        charges: [],
      },
      fields: expect.any(Object),
      scanned: false,
      broker: {
        name: 'Acme Logistics LLC',
        mcNumber: '123456',
        match: { id: broker.id, name: broker.name, mcNumber: '123456', by: 'mc' },
        // The letterhead's address (ADR 103): what "Add a broker" would fill in.
        details: { addressLine1: '900 N Michigan Ave', city: 'Chicago', state: 'IL', postalCode: '60611' },
      },
    })
    const { fields } = answer.body.data!
    expect(Object.values(fields).every((state) => state === 'read')).toBe(true)
    expect(Object.keys(fields)).toEqual(expect.arrayContaining(['broker', 'brokerReference', 'stops', 'stops.1.windowEnd', 'linehaulCents', 'weightLb']))
    expect(await prisma.load.count({ where: { organizationId: org.organization.id } })).toBe(loadsBefore)
  })

  it('matches the broker by name (any case) when the MC number is not on file, and proposes a new one when neither is', async () => {
    const [org, other] = await Promise.all([createOrg(), createOrg()])
    const named = await prisma.broker.create({ data: { organizationId: org.organization.id, name: 'SUMMIT FREIGHT BROKERAGE' } })
    // Another organization's broker with the same MC number is never matched.
    await prisma.broker.create({ data: { organizationId: other.organization.id, name: 'Blue Ridge Transport Inc', mcNumber: '456789' } })
    const byName = await extract(org.users.admin.token, fileForm(await table.pdf()))
    expect(byName.status).toBe(200)
    expect(byName.body.data!.broker).toEqual({
      name: 'Summit Freight Brokerage',
      mcNumber: '765432',
      match: { id: named.id, name: named.name, mcNumber: null, by: 'name' },
      details: {},
    })
    expect(byName.body.data!.draft.brokerId).toBe(named.id)

    const proposed = await extract(org.users.admin.token, fileForm(await stops.pdf()))
    // The stop's "Contact: Dana Reyes 336-555-0142" is the facility's, not the broker's.
    expect(proposed.body.data!.broker).toEqual({ name: 'Blue Ridge Transport Inc', mcNumber: '456789', match: null, details: {} })
    expect(proposed.body.data!.draft).not.toHaveProperty('brokerId')
    expect(proposed.body.data!.fields.broker).toBe('read')
  })

  it('says a scanned PDF is one: an empty draft, every field not found', async () => {
    const org = await createOrg()
    const answer = await extract(org.users.admin.token, fileForm(await scannedRateConfirmation()))
    expect(answer.status).toBe(200)
    expect(answer.body.data).toMatchObject({ scanned: true, broker: null, draft: { stops: [], charges: [] } })
    expect(Object.values(answer.body.data!.fields).every((state) => state === 'not_found')).toBe(true)
  })

  it('refuses without a token (401), for roles that may not create loads (403), other files (415), too large (413) and no file (400)', async () => {
    const org = await createOrg()
    const pdf = await colon.pdf()
    expect((await extract(undefined, fileForm(pdf))).status).toBe(401)
    for (const role of ROLES) {
      const answer = await extract(org.users[role].token, fileForm(pdf))
      expect(answer.status, role).toBe(allowed(role, 'create', 'load') ? 200 : 403)
    }
    // A PNG named .pdf and declared as one is refused by its content.
    const png = await extract(org.users.admin.token, fileForm(scanImage(), 'scan.pdf'))
    expect(png).toMatchObject({ status: 415, body: { error: { code: 'unsupported_media_type' } } })
    const json = await extract(org.users.admin.token, JSON.stringify({ file: 'x' }), { 'Content-Type': 'application/json' })
    expect(json).toMatchObject({ status: 415, body: { error: { code: 'unsupported_media_type' } } })
    const huge = new Uint8Array(LOAD_DOCUMENT_MAX_BYTES + 1)
    huge.set(pdf.subarray(0, 1024))
    expect(await extract(org.users.admin.token, fileForm(huge))).toMatchObject({ status: 413, body: { error: { code: 'payload_too_large' } } })
    expect(await extract(org.users.admin.token, new FormData())).toMatchObject({ status: 400, body: { error: { code: 'validation_failed' } } })
    // A PDF header with nothing a reader can open.
    const broken = new TextEncoder().encode('%PDF-1.7\n%âãÏÓ\n1 0 obj garbage\n%%EOF')
    expect(await extract(org.users.admin.token, fileForm(broken))).toMatchObject({ status: 400, body: { error: { code: 'validation_failed' } } })
  })
})

async function mailAttachment(org: Org, ownerId: string | null) {
  const key = `mail/${org.organization.id}/${randomBytes(12).toString('base64url')}`
  const bytes = await colon.pdf()
  await fileStorage().put(
    key,
    (async function* () {
      yield new Uint8Array(bytes)
    })(),
  )
  const message = await prisma.mailMessage.create({
    data: { organizationId: org.organization.id, ownerId, fromEmail: 'rates@acme.example', subject: 'Rate confirmation' },
  })
  return prisma.mailAttachment.create({
    data: {
      messageId: message.id,
      organizationId: org.organization.id,
      fileName: 'acme.pdf',
      contentType: 'application/pdf',
      sizeBytes: bytes.length,
      storageKey: key,
    },
  })
}

async function readAs(org: Org, role: 'admin' | 'dispatcher' | 'driver' | 'accountant' | 'viewer', id: string) {
  const user = { id: org.users[role].id, organizationId: org.organization.id, role }
  return readSource(user, 'mail-attachment', id).then(
    (source) => source.bytes.length,
    (error: unknown) => (isDomainError(error) ? error.code : error),
  )
}

describe('a mail attachment as the source', () => {
  it('is read from the own mailbox, from the shared one by roles that read shared mail, and is not found otherwise', async () => {
    const [org, other] = await Promise.all([createOrg(), createOrg()])
    const own = await mailAttachment(org, org.users.dispatcher.id)
    const shared = await mailAttachment(org, null)
    const othersOwn = await mailAttachment(org, org.users.admin.id)
    const otherOrg = await mailAttachment(other, null)

    expect(await readAs(org, 'dispatcher', own.id)).toBeGreaterThan(1000)
    expect(await readAs(org, 'dispatcher', shared.id)).toBeGreaterThan(1000)
    expect(await readAs(org, 'admin', shared.id)).toBeGreaterThan(1000)
    // Another user's own mailbox, the shared one for a role without sharedMail, another organization's.
    expect(await readAs(org, 'dispatcher', othersOwn.id)).toBe('not_found')
    expect(await readAs(org, 'driver', shared.id)).toBe('not_found')
    expect(await readAs(org, 'dispatcher', otherOrg.id)).toBe('not_found')
    expect(await readAs(org, 'dispatcher', 'not-an-id')).toBe('not_found')
  })
})
