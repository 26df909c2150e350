/**
 * The API contract (the reference at /api/docs) for /api/files, which has no create call of
 * its own (the contract kit's resources do): 401 without a valid token, each role exactly what the
 * permission table allows (read the list and a file, share = create, delete), another
 * organization's file or link 404, bad share bodies and malformed JSON 400, other methods 405 with Allow.
 */
import { describe, expect, it } from 'vitest'

import * as collection from '~/routes/api/files/collection'
import * as item from '~/routes/api/files/item'
import * as share from '~/routes/api/files/share'
import * as shareItem from '~/routes/api/files/share-item'
import { prisma } from '~/utils/db.server'
import { ROLES } from '~/utils/permissions'

import { callApi } from '../contract-kit'
import { createOrg, type Org, unique } from '../helpers'
import { allowed as can } from '../permission-table'

/** A product photo (the trigger indexes it): a file every role that may delete files may delete. */
async function photo(org: Org) {
  const organizationId = org.organization.id
  const product = await prisma.product.create({ data: { organizationId, name: unique('Strap'), sku: unique('SKU'), priceCents: 100 } })
  return prisma.productPhoto.create({
    data: { productId: product.id, organizationId, fileName: 'strap.png', contentType: 'image/png', sizeBytes: 3, storageKey: `contract/${unique('k')}` },
  })
}

describe('/api/files: the API contract', () => {
  it('answers 401 in the envelope without a token or with a forged one', async () => {
    const org = await createOrg()
    const file = await photo(org)
    for (const token of [undefined, 'not-a-jwt', `${org.users.admin.token}x`]) {
      for (const [module, request] of [
        [collection, { path: '/api/files' }],
        [item, { path: `/api/files/${file.id}`, params: { id: file.id } }],
        [share, { method: 'POST', path: `/api/files/${file.id}/share`, params: { id: file.id }, body: {} }],
        [shareItem, { method: 'DELETE', path: '/api/files/shares/x', params: { shareId: 'x' } }],
      ] as const) {
        const answer = await callApi(module, { ...request, token })
        expect([answer.status, answer.body.error.code], `${request.path} ${token}`).toEqual([401, 'unauthorized'])
      }
    }
  })

  it('lets every role do exactly what the permission table allows, and a refusal writes nothing', async () => {
    const org = await createOrg()
    const file = await photo(org)
    for (const role of ROLES) {
      const token = org.users[role].token
      expect((await callApi(collection, { path: '/api/files', token })).status, `${role} list`).toBe(can(role, 'read', 'file') ? 200 : 403)
      const made = await callApi(share, { method: 'POST', path: `/api/files/${file.id}/share`, params: { id: file.id }, token, body: { expiresInDays: 3 } })
      expect(made.status, `${role} share`).toBe(can(role, 'create', 'file') ? 201 : 403)
      if (made.status === 201) {
        const revoked = await callApi(shareItem, {
          method: 'DELETE',
          path: `/api/files/shares/${made.body.data.id}`,
          params: { shareId: made.body.data.id },
          token,
        })
        expect(revoked.status, `${role} revoke`).toBe(200)
      }
      const target = await photo(org)
      const deleted = await callApi(item, { method: 'DELETE', path: `/api/files/${target.id}`, params: { id: target.id }, token })
      expect(deleted.status, `${role} delete`).toBe(can(role, 'delete', 'file') ? 200 : 403)
      expect(await prisma.productPhoto.count({ where: { id: target.id } }), `${role} delete`).toBe(can(role, 'delete', 'file') ? 0 : 1)
    }
    expect(await prisma.fileShare.count({ where: { fileId: file.id } })).toBe(ROLES.filter((role) => can(role, 'create', 'file')).length)
  })

  it("answers 404 for another organization's file and link, and for ids that cannot exist", async () => {
    const [owner, other] = await Promise.all([createOrg(), createOrg()])
    const file = await photo(owner)
    const made = await callApi(share, { method: 'POST', path: `/api/files/${file.id}/share`, params: { id: file.id }, token: owner.users.admin.token })
    expect(made.status).toBe(201)
    const token = other.users.admin.token
    expect((await callApi(item, { path: `/api/files/${file.id}`, params: { id: file.id }, token })).status).toBe(404)
    expect((await callApi(item, { method: 'DELETE', path: `/api/files/${file.id}`, params: { id: file.id }, token })).status).toBe(404)
    expect((await callApi(share, { method: 'POST', path: `/api/files/${file.id}/share`, params: { id: file.id }, token })).status).toBe(404)
    expect(
      (await callApi(shareItem, { method: 'DELETE', path: `/api/files/shares/${made.body.data.id}`, params: { shareId: made.body.data.id }, token })).status,
    ).toBe(404)
    expect(await prisma.fileShare.count({ where: { fileId: file.id, revokedAt: null } })).toBe(1)
    for (const id of ['nope', 'x'.repeat(200), 'a\u0000b', '../etc']) {
      expect((await callApi(item, { path: `/api/files/${encodeURIComponent(id)}`, params: { id }, token: owner.users.admin.token })).status, id).toBe(404)
    }
  })

  it('answers bad share bodies and malformed JSON with 400 validation_failed, writing nothing', async () => {
    const org = await createOrg()
    const file = await photo(org)
    const request = { method: 'POST', path: `/api/files/${file.id}/share`, params: { id: file.id }, token: org.users.admin.token }
    for (const body of [{ expiresInDays: 0 }, { expiresInDays: 31 }, { expiresInDays: 'seven' }, { expiresInDays: 2.5 }]) {
      const answer = await callApi(share, { ...request, body })
      expect([answer.status, answer.body.error.code], JSON.stringify(body)).toEqual([400, 'validation_failed'])
      expect(answer.body.error.fields.expiresInDays).toEqual([expect.any(String)])
    }
    for (const rawBody of ['{', '[]', '"text"', '42', 'null']) {
      expect((await callApi(share, { ...request, rawBody })).status, rawBody).toBe(400)
    }
    expect(await prisma.fileShare.count({ where: { fileId: file.id } })).toBe(0)
  })

  it('answers methods the endpoints do not have with 405 and Allow', async () => {
    const org = await createOrg()
    const file = await photo(org)
    const token = org.users.admin.token
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const answer = await callApi(collection, { method, path: '/api/files', token })
      expect([answer.status, answer.headers.get('Allow')], method).toEqual([405, 'GET, HEAD'])
    }
    for (const method of ['POST', 'PUT', 'PATCH'])
      expect((await callApi(item, { method, path: `/api/files/${file.id}`, params: { id: file.id }, token })).status, method).toBe(405)
    expect((await callApi(share, { path: `/api/files/${file.id}/share`, params: { id: file.id }, token })).status).toBe(405)
    expect((await callApi(shareItem, { path: '/api/files/shares/x', params: { shareId: 'x' }, token })).status).toBe(405)
  })
})
