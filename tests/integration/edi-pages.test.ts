/**
 * The EDI pages (ADR 147): partners written by admins through the form (secrets never echoed,
 * bad input at its field, a stale version 409), the message log's upload received as the API
 * receives it (accepted with its 997, rejected with its reason), the tenders, and the roles.
 */
import fs from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import * as messageRaw from '~/routes/dashboard/edi/message-raw'
import * as messages from '~/routes/dashboard/edi/messages'
import * as partnerDelete from '~/routes/dashboard/edi/partner-delete'
import * as partnerEditor from '~/routes/dashboard/edi/partner-editor'
import * as partners from '~/routes/dashboard/edi/partners'
import * as tender from '~/routes/dashboard/edi/tender'
import * as tenders from '~/routes/dashboard/edi/tenders'
import { prisma } from '~/utils/db.server'
import { openSecret } from '~/utils/secret-box.server'

import { createOrg, type Org } from '../helpers'
import { callPage as call, type Handler, postForm, refusalOf } from '../page-helpers'

const fixture = (name: string) => fs.readFileSync(path.join(__dirname, '../fixtures/edi', name), 'utf8')
const SECRET = 'hunter2-secret'

const form = (brokerId: string, extra: Record<string, string> = {}, without: string[] = []) => {
  const fields: Record<string, string> = {
    name: 'Broker A EDI',
    brokerId,
    isaQualifier: 'ZZ',
    isaId: 'BROKERA',
    gsId: 'BROKERA',
    ourIsaQualifier: 'ZZ',
    ourIsaId: 'FDCARRIER',
    ourGsId: 'FDCARRIER',
    transport: 'sftp',
    'sftp.host': 'sftp.broker-a.test',
    'sftp.port': '2222',
    'sftp.username': 'fdcarrier',
    'sftp.password': SECRET,
    send214: 'on',
    ...extra,
  }
  // An unchecked checkbox is not sent at all.
  for (const name of without) delete fields[name]
  return fields
}

async function withBroker() {
  const org = await createOrg()
  const broker = await prisma.broker.create({ data: { organizationId: org.organization.id, name: 'Broker A Logistics' } })
  return { org, broker }
}

async function createByPage(org: Org, brokerId: string) {
  const created = await call(partnerEditor.action as Handler, '/dashboard/edi/partners/new', org.users.admin.id, {}, postForm(form(brokerId)))
  expect(created.status).toBe(302)
  return prisma.ediPartner.findFirstOrThrow({ where: { organizationId: org.organization.id } })
}

describe('EDI partner pages', () => {
  it('an admin adds and edits a partner; the secret is sealed, never echoed, kept when left blank', async () => {
    const { org, broker } = await withBroker()
    const admin = org.users.admin.id
    const created = await call(partnerEditor.action as Handler, '/dashboard/edi/partners/new', admin, {}, postForm(form(broker.id)))
    expect(created.location).toBe('/dashboard/edi/partners')
    expect(created.toast?.title).toContain('Broker A EDI')
    const partner = await prisma.ediPartner.findFirstOrThrow({ where: { organizationId: org.organization.id } })
    expect(openSecret(partner.sftpPasswordSealed!)).toBe(SECRET)
    expect(partner).toMatchObject({ sftpPort: 2222, send214: true, send210: false })

    const editor = await call(partnerEditor.loader as Handler, `/dashboard/edi/partners/${partner.id}/edit`, admin, { id: partner.id })
    expect(editor.status).toBe(200)
    expect(JSON.stringify(editor.data)).not.toContain(SECRET)
    expect(editor.data).toMatchObject({ partner: { hasPassword: true, hasPrivateKey: false }, defaultValue: { isaId: 'BROKERA', send214: 'on' } })

    // Left blank, the password stays; the flags follow the checkboxes.
    const edited = await call(
      partnerEditor.action as Handler,
      `/dashboard/edi/partners/${partner.id}/edit`,
      admin,
      { id: partner.id },
      postForm(form(broker.id, { 'sftp.password': '', send210: 'on', version: String(partner.version) }, ['send214'])),
    )
    expect(edited.status).toBe(302)
    const after = await prisma.ediPartner.findUniqueOrThrow({ where: { id: partner.id } })
    expect(openSecret(after.sftpPasswordSealed!)).toBe(SECRET)
    expect(after).toMatchObject({ send214: false, send210: true, version: partner.version + 1 })

    // The version seen is stale now: 409, nothing saved.
    const stale = await call(
      partnerEditor.action as Handler,
      `/dashboard/edi/partners/${partner.id}/edit`,
      admin,
      { id: partner.id },
      postForm(form(broker.id, { name: 'Renamed', version: String(partner.version) })),
    )
    expect(stale.status).toBe(409)
    expect(refusalOf(stale)?.conflict).toBe(true)
    expect(JSON.stringify(stale.data)).not.toContain(SECRET)
    expect((await prisma.ediPartner.findUniqueOrThrow({ where: { id: partner.id } })).name).toBe('Broker A EDI')

    const list = await call(partners.loader as Handler, '/dashboard/edi/partners', admin)
    expect(list.data).toMatchObject({ canWrite: true, partners: [{ name: 'Broker A EDI', isa: 'ZZ/BROKERA', transport: 'sftp' }] })
    expect(JSON.stringify(list.data)).not.toContain(SECRET)
  })

  it('bad input is refused at its field, the typed secret not sent back', async () => {
    const { org, broker } = await withBroker()
    const bad = await call(
      partnerEditor.action as Handler,
      '/dashboard/edi/partners/new',
      org.users.admin.id,
      {},
      postForm(form(broker.id, { isaQualifier: 'Z', 'sftp.host': '' })),
    )
    expect(bad.status).toBe(400)
    const refused = refusalOf(bad)!
    expect(refused.fields.isaQualifier).toEqual(['Two letters or digits (ZZ, 01, 02 …).'])
    expect(refused.fields['sftp.host']).toBeDefined()
    expect(JSON.stringify(bad.data)).not.toContain(SECRET)
    // SFTP with no password nor key: the model's reason at the password.
    const noSecret = await call(
      partnerEditor.action as Handler,
      '/dashboard/edi/partners/new',
      org.users.admin.id,
      {},
      postForm(form(broker.id, { 'sftp.password': '' })),
    )
    expect(refusalOf(noSecret)?.fields['sftp.password']).toEqual(['SFTP needs a password or a private key.'])
    expect(await prisma.ediPartner.count({ where: { organizationId: org.organization.id } })).toBe(0)
  })

  it('only admins write partners; the roles reading EDI see the lists', async () => {
    const { org, broker } = await withBroker()
    const partner = await createByPage(org, broker.id)
    for (const role of ['dispatcher', 'accountant', 'viewer'] as const) {
      const userId = org.users[role].id
      const list = await call(partners.loader as Handler, '/dashboard/edi/partners', userId)
      expect({ role, status: list.status, canWrite: list.data?.canWrite }).toEqual({ role, status: 200, canWrite: false })
      const editor = await call(partnerEditor.loader as Handler, `/dashboard/edi/partners/${partner.id}/edit`, userId, { id: partner.id })
      expect({ role, status: editor.status }).toEqual({ role, status: 403 })
      const created = await call(
        partnerEditor.action as Handler,
        '/dashboard/edi/partners/new',
        userId,
        {},
        postForm(form(broker.id, { name: 'Other', isaId: 'OTHER', gsId: 'OTHER' })),
      )
      expect({ role, status: created.status }).toEqual({ role, status: 403 })
      const removed = await call(
        partnerDelete.action as Handler,
        `/dashboard/edi/partners/${partner.id}/delete`,
        userId,
        { id: partner.id },
        postForm({ version: '1' }),
      )
      expect({ role, status: removed.status }).toEqual({ role, status: 403 })
    }
    for (const [page, path] of [
      [partners.loader, '/dashboard/edi/partners'],
      [messages.loader, '/dashboard/edi/messages'],
      [tenders.loader, '/dashboard/edi/tenders'],
    ] as const)
      expect((await call(page as Handler, path, org.users.driver.id)).status).toBe(403)
    expect(await prisma.ediPartner.count({ where: { organizationId: org.organization.id } })).toBe(1)
  })
})

describe('EDI message log and tenders pages', () => {
  it('an upload (pasted or a file) is received: accepted with its 997 and tender, or rejected with its reason', async () => {
    const { org, broker } = await withBroker()
    const partner = await createByPage(org, broker.id)
    const admin = org.users.admin.id
    const accepted = await call(messages.action as Handler, '/dashboard/edi/messages', admin, {}, postForm({ text: fixture('204-minimal.edi') }))
    expect(accepted.status).toBe(200)
    expect(accepted.data).toMatchObject({
      error: null,
      upload: {
        partner: 'Broker A EDI',
        message: { status: 'received', type: '204', reason: null },
        acknowledgment: { type: '997', direction: 'out' },
        tenders: [{ shipmentId: 'SH1001' }],
      },
    })

    const body = new FormData()
    body.set('file', new File([fixture('204-bad-se-count.edi')], '204.edi', { type: 'application/edi-x12' }))
    const rejected = await call(messages.action as Handler, '/dashboard/edi/messages', admin, {}, { method: 'POST', body })
    expect(rejected.data).toMatchObject({
      upload: { message: { status: 'rejected', reason: 'se_count', reasonMessage: 'SE01 says 11 segments; the transaction set has 13.' }, tenders: [] },
    })

    const garbage = await call(messages.action as Handler, '/dashboard/edi/messages', admin, {}, postForm({ text: 'hello' }))
    expect(garbage.status).toBe(422)
    expect(garbage.data).toMatchObject({
      upload: { message: { status: 'rejected', reason: 'not_x12' }, acknowledgment: null, refusal: expect.stringContaining('X12') },
    })
    const empty = await call(messages.action as Handler, '/dashboard/edi/messages', admin, {}, postForm({ text: ' ' }))
    expect(empty.data).toMatchObject({ upload: null, error: 'Choose a file or paste an interchange.' })

    // The log, newest first, with the reasons in the reader's language; the raw text downloads.
    const log = await call(messages.loader as Handler, '/dashboard/edi/messages?status=rejected', org.users.viewer.id)
    expect(log.data).toMatchObject({ total: 2, canCreate: false })
    const first = await prisma.ediMessage.findFirstOrThrow({ where: { organizationId: org.organization.id, type: '204', status: 'received' } })
    const raw = await call(messageRaw.loader as Handler, `/dashboard/edi/messages/${first.id}/raw`, org.users.viewer.id, { id: first.id })
    expect(await raw.response!.text()).toBe(fixture('204-minimal.edi'))
    expect((await call(messageRaw.loader as Handler, `/dashboard/edi/messages/${first.id}/raw`, org.users.driver.id, { id: first.id })).status).toBe(403)
    const stranger = await createOrg()
    expect((await call(messageRaw.loader as Handler, `/dashboard/edi/messages/${first.id}/raw`, stranger.users.admin.id, { id: first.id })).status).toBe(404)

    // A viewer may not upload.
    expect(
      (await call(messages.action as Handler, '/dashboard/edi/messages', org.users.viewer.id, {}, postForm({ text: fixture('204-full.edi') }))).status,
    ).toBe(403)

    const tenderList = await call(tenders.loader as Handler, '/dashboard/edi/tenders', org.users.dispatcher.id)
    expect(tenderList.data).toMatchObject({ total: 1 })
    const row = await prisma.ediTender.findFirstOrThrow({ where: { partnerId: partner.id } })
    const view = await call(tender.loader as Handler, `/dashboard/edi/tenders/${row.id}`, org.users.accountant.id, { id: row.id })
    expect(view.data).toMatchObject({ partner: 'Broker A EDI', tender: { shipmentId: 'SH1001', status: 'pending', stops: [{ sequence: 1 }, { sequence: 2 }] } })

    // A partner with messages is kept (in_use, 409); the reason is shown.
    const kept = await call(
      partnerDelete.action as Handler,
      `/dashboard/edi/partners/${partner.id}/delete`,
      admin,
      { id: partner.id },
      postForm({ version: String(partner.version) }),
    )
    expect(kept.status).toBe(409)
    expect(refusalOf(kept)?.message).toBe('This trading partner has messages or tenders: it cannot be deleted.')
  })

  it('a partner that exchanged nothing is deleted at its version', async () => {
    const { org, broker } = await withBroker()
    const partner = await createByPage(org, broker.id)
    const confirm = await call(partnerDelete.loader as Handler, `/dashboard/edi/partners/${partner.id}/delete`, org.users.admin.id, { id: partner.id })
    expect(confirm.data).toMatchObject({ partner: { name: 'Broker A EDI', version: partner.version } })
    const stale = await call(
      partnerDelete.action as Handler,
      `/dashboard/edi/partners/${partner.id}/delete`,
      org.users.admin.id,
      { id: partner.id },
      postForm({ version: '99' }),
    )
    expect(stale.status).toBe(409)
    const removed = await call(
      partnerDelete.action as Handler,
      `/dashboard/edi/partners/${partner.id}/delete`,
      org.users.admin.id,
      { id: partner.id },
      postForm({ version: String(partner.version) }),
    )
    expect(removed.location).toBe('/dashboard/edi/partners')
    expect(await prisma.ediPartner.count({ where: { organizationId: org.organization.id } })).toBe(0)
  })
})
