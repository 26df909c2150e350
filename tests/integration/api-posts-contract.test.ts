import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import { checkCover, updatePost } from '~/models/bulletins/post.server'
import * as acknowledge from '~/routes/api/posts/acknowledge'
import * as collection from '~/routes/api/posts/collection'
import * as comments from '~/routes/api/posts/comments'
import * as item from '~/routes/api/posts/item'
import { PostSchema } from '~/schemas/post'
import { prisma } from '~/utils/db.server'

import { callApi, describeResourceContract } from '../contract-kit'
import { actorOf, createOrg, unique } from '../helpers'

const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fd-posts-contract-'))
const previousStorage = process.env.STORAGE_DIR
process.env.STORAGE_DIR = storageDir
afterAll(() => {
  process.env.STORAGE_DIR = previousStorage
  fs.rmSync(storageDir, { recursive: true, force: true })
})

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')

// Published, so every role that reads posts reads it (a draft is 404 for drivers, accountants and viewers).
describeResourceContract({
  path: '/api/posts',
  entity: 'post',
  collection,
  item,
  validBody: () => ({ title: unique('Bulletin'), body: 'Chains on **before** the pass.', status: 'published', tags: ['safety'] }),
  change: { field: 'description', value: 'Changed by the contract suite' },
  invalidBodies: () => [
    { body: {}, field: 'title' },
    { body: { title: 'T' }, field: 'body' },
    { body: { title: 'T', body: '   ' }, field: 'body' },
    { body: { title: 'x'.repeat(161), body: 'b' }, field: 'title' },
    { body: { title: 'T', body: 'x'.repeat(20_001) }, field: 'body' },
    { body: { title: 'T', body: 'b', status: 'archived' }, field: 'status' },
    { body: { title: 'T', body: 'b', tags: 'safety' }, field: 'tags' },
    { body: { title: 'T', body: 'b', tags: Array.from({ length: 9 }, (_, n) => `tag${n}`) }, field: 'tags' },
    { body: { title: 'T', body: 'b', tags: ['x'.repeat(31)] }, field: 'tags' },
    { body: { title: 'T', body: 'b', requiresAcknowledgment: 'yes' }, field: 'requiresAcknowledgment' },
    { body: { title: 'T', body: 'a\u0000b' }, field: 'body' },
  ],
  count: (organizationId) => prisma.post.count({ where: { organizationId } }),
})

describe('/api/posts: acknowledgments, comments and the cover', () => {
  it('answers them as the document says: the acknowledged post, the comments, and for an admin who acknowledged and who has not', async () => {
    const org = await createOrg()
    const admin = org.users.admin.token
    const driver = org.users.driver.token
    const body = { title: unique('Chains'), body: 'Chains on.', status: 'published', requiresAcknowledgment: true, tags: ['winter'] }
    const created = await callApi(collection, { method: 'POST', path: '/api/posts', token: admin, body })
    const id = created.body.data.id as string
    const cover = await checkCover(new File([new Uint8Array(PNG)], 'pass.png', { type: 'image/png' }))
    const admins = { id: org.users.admin.id, organizationId: org.organization.id, role: 'admin' as const }
    await updatePost(actorOf(org), admins, id, { ...PostSchema.parse(body), version: created.body.data.version }, { cover })

    const acknowledged = await callApi(acknowledge, { method: 'POST', path: `/api/posts/${id}/acknowledge`, params: { id }, token: driver })
    expect(acknowledged.status).toBe(200)
    expect(acknowledged.body.data).toMatchObject({ acknowledgedByMe: true, cover: { fileName: 'pass.png', contentType: 'image/png' } })
    const comment = await callApi(comments, { method: 'POST', path: `/api/posts/${id}/comments`, params: { id }, token: driver, body: { body: 'Done.' } })
    expect(comment.status).toBe(201)
    const listed = await callApi(comments, { path: `/api/posts/${id}/comments`, params: { id }, token: admin })
    expect(listed.body.data).toEqual([comment.body.data])

    const read = await callApi(item, { path: `/api/posts/${id}`, params: { id }, token: admin })
    expect(read.body.data.acknowledgments).toEqual([expect.objectContaining({ userId: org.users.driver.id })])
    expect(read.body.data.pendingAcknowledgments).toBeInstanceOf(Array)
    expect(read.body.data).toMatchObject({ commentsCount: 1, acknowledgmentsCount: 1 })
  })
})
