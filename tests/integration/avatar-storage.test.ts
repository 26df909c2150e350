/**
 * Profile pictures go through the storage module, as load documents do: with S3_* set they are in
 * the bucket (so every app server serves them), never on one server's disk; a picture stored on
 * the disk before (ADR 050) is still served until its owner uploads a new one, which removes it.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import S3rver from 's3rver'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { readAvatar, setOwnAvatar } from '~/models/users/user-avatar.server'
import * as avatarRoute from '~/routes/resources/avatar'
import { prisma } from '~/utils/db.server'
import { s3Storage } from '~/utils/storage.server'

import { actorOf, createOrg } from '../helpers'
import { callPage } from '../page-helpers'

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'freightdesk-avatars-'))
const disk = path.join(root, 'disk')
let s3: S3rver
let bucket: ReturnType<typeof s3Storage>

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46])

beforeAll(async () => {
  s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: path.join(root, 's3'), configureBuckets: [{ name: 'freightdesk', configs: [] }] })
  const { port } = await s3.run()
  const endpoint = `http://127.0.0.1:${port}`
  Object.assign(process.env, {
    S3_BUCKET: 'freightdesk',
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
    STORAGE_DIR: disk,
  })
  bucket = s3Storage({ bucket: 'freightdesk', region: 'us-east-1', endpoint, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true })
})
afterAll(async () => {
  for (const name of ['S3_BUCKET', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE']) delete process.env[name]
  await s3?.close()
  fs.rmSync(root, { recursive: true, force: true })
})

async function bytesOf(stream: ReadableStream<Uint8Array>) {
  return new Uint8Array(await new Response(stream).arrayBuffer())
}

describe('profile pictures with S3_* set', () => {
  it('are stored in the bucket, not on the disk, served from it, and the old one is removed on replacement', async () => {
    const org = await createOrg()
    const me = { ...actorOf(org, 'dispatcher'), userId: org.users.dispatcher.id }
    await setOwnAvatar(me, PNG)
    const first = (await prisma.user.findUniqueOrThrow({ where: { id: me.userId } })).avatarKey!
    expect(first).toMatch(new RegExp(`^avatars/${org.organization.id}/${me.userId}/[\\w-]+-png$`))
    expect(await bytesOf((await bucket.get(first))!.body)).toEqual(PNG)
    expect(fs.existsSync(disk)).toBe(false)

    // Another user of the organization sees it through the route, streamed with its type and size.
    const answer = await callPage(avatarRoute.loader, `/resources/avatar/${me.userId}`, org.users.viewer.id, { userId: me.userId })
    expect(answer.status).toBe(200)
    expect(answer.headers?.get('Content-Type')).toBe('image/png')
    expect(answer.headers?.get('Content-Length')).toBe(String(PNG.byteLength))

    await setOwnAvatar(me, JPEG)
    const second = (await prisma.user.findUniqueOrThrow({ where: { id: me.userId } })).avatarKey!
    expect(second).toMatch(/-jpg$/)
    expect(await bucket.get(first)).toBeNull()
    const read = (await readAvatar(org.organization.id, me.userId))!
    expect(read.contentType).toBe('image/jpeg')
    expect(await bytesOf(read.body)).toEqual(JPEG)
  })

  it('still serve a picture stored on the disk before, until a new upload replaces and removes it', async () => {
    const org = await createOrg()
    const me = { ...actorOf(org, 'viewer'), userId: org.users.viewer.id }
    const legacyKey = `avatars/${org.organization.id}/${me.userId}-oldstamp.png`
    const legacyFile = path.join(disk, legacyKey)
    fs.mkdirSync(path.dirname(legacyFile), { recursive: true })
    fs.writeFileSync(legacyFile, PNG)
    await prisma.user.update({ where: { id: me.userId }, data: { avatarKey: legacyKey, avatarUrl: `/resources/avatar/${me.userId}?v=oldstamp` } })

    const legacy = (await readAvatar(org.organization.id, me.userId))!
    expect(legacy).toMatchObject({ contentType: 'image/png', sizeBytes: PNG.byteLength })
    expect(await bytesOf(legacy.body)).toEqual(PNG)

    await setOwnAvatar(me, JPEG)
    expect(fs.existsSync(legacyFile)).toBe(false)
    const key = (await prisma.user.findUniqueOrThrow({ where: { id: me.userId } })).avatarKey!
    expect(await bytesOf((await bucket.get(key))!.body)).toEqual(JPEG)
  })
})
