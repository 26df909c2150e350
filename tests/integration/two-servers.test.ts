/**
 * Two app servers as one system (ADR 072): the production build twice, started at the
 * same moment on one EMPTY database (the migration lock lets one migrate, both come up), files in
 * an S3-compatible bucket (s3rver), and nginx in front with the very config docs/deploy.md shows
 * (deploy/nginx.conf). What a user does on one server holds on the other: a session and a token,
 * a document, a profile picture and a chat photo (in the bucket, nothing on a server's disk), the
 * rate limit's budget, a queued email (sent once though both run the job queue), a chat message
 * (to an event stream on the other); a rolling restart of one server (docs/deploy.md) fails no
 * request; and kill -9 of one server under writes loses no acknowledged write while the other serves on.
 * The servers run the production build: after changing app code, `npm run build` before this file.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'

import S3rver from 's3rver'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { startConversation } from '~/models/chat/chat.server'
import { createSession } from '~/models/users/auth.server'
import { createAccessToken } from '~/requests/api.server'
import { prisma } from '~/utils/db.server'
import { createDatabaseIfMissing, dropDatabase, readMigrations, withClient, withDatabase } from '~/utils/db-setup.server'
import { s3Storage } from '~/utils/storage.server'

import { createOrg, PASSWORD, unique } from '../helpers'
import { freePort, type ServerProcess, startServer } from '../server-process'

type Org = Awaited<ReturnType<typeof createOrg>>

/** API requests per credential and minute on both servers: low, to see one budget spent on two. */
const RATE_LIMIT = 30
const BUCKET = 'freightdesk'
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n')
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')

const { adminUrl } = inject('testDatabase')
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'fd-two-servers-'))
// nginx's workers run as `nobody` under root: they must reach their temporary folders.
fs.chmodSync(root, 0o755)
const databaseName = `fd_two_servers_${unique('db').replace('-', '_')}`
const databaseUrl = withDatabase(adminUrl, databaseName)
const fileDatabase = process.env.DATABASE_URL

const servers: ServerProcess[] = []
const dataDirs: string[] = []
let s3: S3rver | undefined
let bucket: ReturnType<typeof s3Storage>
let nginx: ChildProcess | undefined
let proxy: string
let org: Org
let serverEnv: (dataDir: string) => Record<string, string | undefined>

/** A fresh login token of the user: a credential whose rate-limit budget no other test spent. */
async function tokenOf(userId: string) {
  return createAccessToken({ id: userId }, (await createSession(userId, 'api')).id)
}

function api(base: string, pathname: string, token: string, init: RequestInit = {}) {
  return fetch(`${base}${pathname}`, { ...init, headers: { Authorization: `Bearer ${token}`, ...init.headers } })
}

function postJson(base: string, pathname: string, token: string, body: unknown) {
  return api(base, pathname, token, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
}

/** Signs in through the form (no JavaScript) and returns the session cookie. */
async function signIn(base: string, email: string) {
  const answer = await fetch(`${base}/auth/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password: PASSWORD }),
  })
  expect(answer.status).toBe(302)
  return answer.headers
    .getSetCookie()
    .find((line) => line.startsWith('fd_session='))!
    .split(';')[0]
}

/** Every file under a folder, as paths relative to it. */
function filesUnder(dir: string) {
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
}

/** The emails both servers wrote (each its own outbox folder, as each would use the SMTP server), by recipient. */
function mailTo(address: string) {
  return dataDirs
    .flatMap((dir) => filesUnder(path.join(dir, 'outbox')).map((file) => path.join(dir, 'outbox', file)))
    .filter((file) => file.endsWith('.json'))
    .map((file) => JSON.parse(fs.readFileSync(file, 'utf8')) as { to: string; subject: string })
    .filter((message) => message.to === address)
}

const nginxDir = path.join(root, 'nginx')
// Debian's package puts it in /usr/sbin, not on every user's PATH.
const nginxBinary = fs.existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx'
const nginxArgs = () => ['-p', nginxDir, '-e', path.join(nginxDir, 'error.log'), '-c', path.join(nginxDir, 'nginx.conf')]
let proxyPort: number

/** deploy/nginx.conf with the servers' addresses (those in `down` out of the rotation) and the proxy's port. */
function writeSite(down: number[] = []) {
  const config = fs.readFileSync('deploy/nginx.conf', 'utf8')
  // docs/deploy.md shows this very configuration (its blocks, without the file's head comment).
  expect(fs.readFileSync('docs/deploy.md', 'utf8')).toContain(config.replace(/^(#.*\n|\n)*/, '').trim())
  const upstream = (index: number) => `server 127.0.0.1:${servers[index].port}${down.includes(index) ? ' down' : ''}`
  const site = config
    .replace('server 10.0.0.11:3000', upstream(0))
    .replace('server 10.0.0.12:3000', upstream(1))
    .replace(/listen 80;/, `listen 127.0.0.1:${proxyPort};`)
  expect(site).not.toMatch(/10\.0\.0\.1|listen 80;/)
  fs.writeFileSync(path.join(nginxDir, 'freightdesk.conf'), site)
}

/** nginx's worker processes (it runs one). */
function nginxWorkers() {
  const pid = nginx!.pid!
  return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean)
}

/** `nginx -s reload`, done once the old worker has finished its requests and gone. */
async function reloadNginx(down: number[]) {
  writeSite(down)
  const before = nginxWorkers()
  const reload = spawn(nginxBinary, [...nginxArgs(), '-s', 'reload'], { stdio: 'inherit' })
  expect(await new Promise((resolve) => reload.once('exit', resolve))).toBe(0)
  await expect.poll(() => nginxWorkers().some((pid) => before.includes(pid)) || nginxWorkers().length === 0, { timeout: 20_000, interval: 50 }).toBe(false)
}

async function startNginx() {
  proxyPort = await freePort()
  fs.mkdirSync(nginxDir, { mode: 0o755 })
  writeSite()
  const temp = (name: string) => `${name}_temp_path ${path.join(nginxDir, name)};`
  fs.writeFileSync(
    path.join(nginxDir, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${path.join(nginxDir, 'nginx.pid')};`,
      `error_log ${path.join(nginxDir, 'error.log')} warn;`,
      'events { worker_connections 256; }',
      'http {',
      '  access_log off;',
      `  ${temp('client_body')} ${temp('proxy')} ${temp('fastcgi')} ${temp('uwsgi')} ${temp('scgi')}`,
      `  include ${path.join(nginxDir, 'freightdesk.conf')};`,
      '}',
      '',
    ].join('\n'),
  )
  let output = ''
  nginx = spawn(nginxBinary, nginxArgs(), { stdio: ['ignore', 'pipe', 'pipe'], detached: true })
  nginx.stdout!.on('data', (chunk) => (output += chunk))
  nginx.stderr!.on('data', (chunk) => (output += chunk))
  const exited = new Promise<never>((_, reject) => {
    nginx!.once('exit', (code) => reject(new Error(`nginx exited (${code}): ${output}`)))
    nginx!.once('error', (error) => reject(new Error(`nginx did not start (is it installed? .ci/run installs it): ${error.message}`)))
  })
  const base = `http://127.0.0.1:${proxyPort}`
  const answering = (async () => {
    for (;;) {
      const status = await fetch(`${base}/health`).then(
        (response) => response.status,
        () => 0,
      )
      if (status === 200) return
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  })()
  await Promise.race([answering, exited])
  return base
}

type Stream = { raw: () => string; ids: string[]; close: () => void }

/** A chat event stream, read as it arrives. */
function openStream(base: string, conversationId: string, token: string) {
  return new Promise<Stream>((resolve, reject) => {
    const request = http.get(
      `${base}/api/chat/${conversationId}/events`,
      { headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' } },
      (response) => {
        expect(response.statusCode).toBe(200)
        let raw = ''
        const ids: string[] = []
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => {
          raw += chunk
          for (const match of chunk.matchAll(/^id: (\S+)\nevent: message$/gm)) ids.push(match[1])
        })
        response.on('error', () => {})
        resolve({ raw: () => raw, ids, close: () => request.destroy() })
      },
    )
    request.on('error', (error) => (error.message === 'socket hang up' ? undefined : reject(error)))
  })
}

beforeAll(async () => {
  // An empty database: both servers migrate it as they start, at the same moment.
  await createDatabaseIfMissing(adminUrl, databaseName)
  // This file's models (createOrg, the checks) work on the servers' database.
  process.env.DATABASE_URL = databaseUrl
  s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: path.join(root, 's3'), configureBuckets: [{ name: BUCKET, configs: [] }] })
  const { port: s3Port } = await s3.run()
  const endpoint = `http://127.0.0.1:${s3Port}`
  bucket = s3Storage({ bucket: BUCKET, region: 'us-east-1', endpoint, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true })
  serverEnv = (dataDir: string) => ({
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    // One secret for every server (this process's too: its tokens are signed with it).
    SESSION_SECRET: process.env.SESSION_SECRET,
    TRUST_PROXY: '1',
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
    API_RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
    API_RATE_LIMIT_PER_IP_PER_MINUTE: '100000',
    AUTH_RATE_LIMIT_PER_IP: '1000',
    // Each server's own folders under its DATA_DIR (this process's test settings stay out).
    OUTBOX_DIR: undefined,
    STORAGE_DIR: undefined,
  })
  for (const name of ['a', 'b']) {
    const dir = path.join(root, name)
    fs.mkdirSync(dir)
    dataDirs.push(dir)
  }
  const started = await Promise.allSettled(dataDirs.map((dir) => startServer(serverEnv(dir), { compiled: true })))
  for (const result of started) if (result.status === 'fulfilled') servers.push(result.value)
  for (const result of started) if (result.status === 'rejected') throw result.reason
  ;[proxy, org] = await Promise.all([startNginx(), createOrg()])
}, 120_000)

afterAll(async () => {
  const steps = [
    ...servers.map((server) => async () => {
      if (server.child.exitCode === null && server.child.signalCode === null) await server.stop()
    }),
    async () => {
      if (nginx?.pid && nginx.exitCode === null && nginx.signalCode === null) {
        const exited = new Promise((resolve) => nginx!.once('exit', resolve))
        process.kill(-nginx.pid, 'SIGTERM')
        await exited
      }
    },
    async () => s3?.close(),
    async () => prisma.$disconnect(),
    async () => {
      process.env.DATABASE_URL = fileDatabase
      await dropDatabase(adminUrl, databaseName)
    },
    async () => fs.rmSync(root, { recursive: true, force: true }),
  ]
  // Every step runs whatever the others did: nothing is left running or on disk.
  const failures: unknown[] = []
  for (const step of steps) await step().catch((error: unknown) => failures.push(error))
  if (failures.length) throw failures[0]
})

describe('two app servers on one database and one bucket, behind nginx', () => {
  it('both came up on an empty database that was migrated once', async () => {
    const counts = await withClient(
      databaseUrl,
      async (client) => (await client.query('SELECT migration_name, count(*)::int AS n FROM "_prisma_migrations" GROUP BY 1')).rows,
    )
    expect(counts).toHaveLength(readMigrations().length)
    expect(counts.every((row) => row.n === 1)).toBe(true)
    const applied = servers.map((server) => /applied migrations: (.*)/.exec(server.output())?.[1].split(', ') ?? [])
    expect(applied.flat().sort()).toEqual(readMigrations().map((migration) => migration.name))
    for (const server of servers) expect((await fetch(`${server.base}/health`)).status).toBe(200)
  })

  it('keeps a session and a login token made on one server on the other, and a sign-out on one ends the token on both', async () => {
    const [a, b] = servers
    const { email, id } = org.users.dispatcher
    const cookie = await signIn(a.base, email)
    const page = await fetch(`${b.base}/dashboard/app`, { headers: { Cookie: cookie }, redirect: 'manual' })
    expect(page.status).toBe(200)

    const login = await fetch(`${b.base}/api/account/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    })
    expect(login.status).toBe(200)
    const { accessToken } = (await login.json()) as { accessToken: string }
    for (const server of servers) {
      const me = await api(server.base, '/api/account/my-account', accessToken)
      expect(me.status).toBe(200)
      expect(((await me.json()) as { data: { id: string } }).data.id).toBe(id)
    }
    expect((await api(b.base, '/api/account/logout', accessToken, { method: 'POST' })).status).toBeLessThan(300)
    // Server A verified this token before: what it remembers of it does not outlive the session.
    expect((await api(a.base, '/api/account/my-account', accessToken)).status).toBe(401)
  })

  it('takes an API key made on the account page of one server on the other', async () => {
    const [a, b] = servers
    const cookie = await signIn(a.base, org.users.admin.email)
    const made = await fetch(`${a.base}/dashboard/user/account`, {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'createApiKey', name: 'Two servers', scope: 'read_only' }),
    })
    expect(made.status).toBe(200)
    // Shown once, in the answer to the form.
    const key = /fdk_[\w-]{43}/.exec(await made.text())![0]
    expect((await api(b.base, '/api/trucks', key)).status).toBe(200)
  })

  it('stores every upload in the bucket (a document, a profile picture, a chat photo), served by the other server, nothing on either disk', async () => {
    const [a, b] = servers
    const organizationId = org.organization.id
    const token = await tokenOf(org.users.dispatcher.id)

    const broker = await prisma.broker.create({ data: { organizationId, name: unique('Broker') } })
    const load = await prisma.load.create({
      data: {
        organizationId,
        brokerId: broker.id,
        loadNumber: unique('TWO'),
        stops: {
          create: [
            { sequence: 1, type: 'pickup', city: 'Dallas' },
            { sequence: 2, type: 'delivery', city: 'Tulsa' },
          ],
        },
      },
    })
    const form = new FormData()
    form.append('kind', 'bols')
    form.append('file', new File([PDF], 'bol.pdf', { type: 'application/pdf' }))
    const uploaded = await api(a.base, `/api/loads/${load.id}/documents`, token, { method: 'POST', body: form })
    expect(uploaded.status).toBe(201)
    const documentId = ((await uploaded.json()) as { data: { id: string } }).data.id
    const downloaded = await api(b.base, `/api/loads/${load.id}/documents/${documentId}`, token)
    expect(downloaded.status).toBe(200)
    expect(new Uint8Array(await downloaded.arrayBuffer())).toEqual(PDF)

    // A profile picture through the account page (the session cookie), shown by the other server.
    const cookie = await signIn(b.base, org.users.viewer.email)
    const picture = new FormData()
    picture.append('intent', 'avatar')
    picture.append('avatar', new File([PNG], 'me.png', { type: 'image/png' }))
    const saved = await fetch(`${b.base}/dashboard/user/account`, { method: 'POST', headers: { Cookie: cookie }, body: picture, redirect: 'manual' })
    expect(saved.status).toBe(302)
    const avatar = await fetch(`${a.base}/resources/avatar/${org.users.viewer.id}`, { headers: { Cookie: cookie } })
    expect(avatar.status).toBe(200)
    expect(Buffer.from(await avatar.arrayBuffer())).toEqual(PNG)

    // A photo in the chat.
    const dispatcher = { id: org.users.dispatcher.id, organizationId, role: 'dispatcher' as const }
    const conversationId = (await startConversation(dispatcher, { participantIds: [org.users.driver.id], title: 'Photos' })).conversation.id
    const photo = new FormData()
    photo.append('file', new File([PNG], 'trailer.png', { type: 'image/png' }))
    expect((await api(a.base, `/api/chat/${conversationId}/messages`, token, { method: 'POST', body: photo })).status).toBe(201)

    const keys = [
      ...(await prisma.loadDocument.findMany({ where: { organizationId } })).map((row) => row.storageKey),
      ...(await prisma.user.findMany({ where: { organizationId, avatarKey: { not: null } } })).map((row) => row.avatarKey!),
      ...(await prisma.chatAttachment.findMany({ where: { organizationId } })).map((row) => row.storageKey),
    ]
    expect(keys).toHaveLength(3)
    for (const key of keys) expect(await bucket.get(key), key).not.toBeNull()
    // On the servers' own disks: only the outbox folder (mail, when no SMTP server is set).
    for (const dir of dataDirs) expect(filesUnder(dir).filter((file) => !file.startsWith(`outbox${path.sep}`))).toEqual([])
  })

  it('counts one rate-limit budget for a credential across both servers', async () => {
    const token = await tokenOf(org.users.viewer.id)
    const statuses: number[] = []
    for (let n = 0; n < RATE_LIMIT + 4; n++) statuses.push((await api(servers[n % 2].base, '/api/trucks', token)).status)
    expect(statuses).toEqual([...Array<number>(RATE_LIMIT).fill(200), 429, 429, 429, 429])
  })

  it('sends a queued email exactly once, though both servers run the job queue', async () => {
    const people = [org.users.admin, org.users.accountant, org.users.driver, org.users.viewer]
    for (const [n, person] of people.entries()) {
      const asked = await fetch(`${n % 2 ? proxy : servers[0].base}/auth/reset-password`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email: person.email }),
      })
      expect(asked.status).toBe(302)
    }
    // Once no such job waits or runs, nothing more can be sent.
    await expect
      .poll(
        async () =>
          (await prisma.$queryRaw<Array<{ n: number }>>`SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE task_identifier = 'password_reset_email'`)[0]
            .n,
        { timeout: 20_000 },
      )
      .toBe(0)
    for (const person of people) expect(mailTo(person.email).map((message) => message.subject)).toEqual(['Reset your Freightdesk password'])
  })

  it('delivers a chat message posted on either server to an event stream open through nginx (so on the other one for one of them)', async () => {
    const dispatcher = { id: org.users.dispatcher.id, organizationId: org.organization.id, role: 'dispatcher' as const }
    const conversationId = (await startConversation(dispatcher, { participantIds: [org.users.driver.id], title: 'Live' })).conversation.id
    const stream = await openStream(proxy, conversationId, await tokenOf(org.users.driver.id))
    try {
      // Listening already once this line arrives: nginx passes the stream on as it comes.
      await expect.poll(() => stream.raw().includes(': connected'), { timeout: 10_000 }).toBe(true)
      const token = await tokenOf(org.users.dispatcher.id)
      const sent: string[] = []
      for (const server of servers) {
        const posted = await postJson(server.base, `/api/chat/${conversationId}/messages`, token, { body: `Posted on ${server.port}` })
        expect(posted.status).toBe(201)
        sent.push(((await posted.json()) as { data: { id: string } }).data.id)
        await expect.poll(() => stream.ids, { timeout: 10_000 }).toEqual(sent)
      }
    } finally {
      stream.close()
    }
  })

  it('restarts a server behind nginx without one failed request: out of the rotation, stopped, started, back in', async () => {
    const index = 1
    const statuses: number[] = []
    const units: string[] = []
    let resent = 0
    let running = true
    // Writes through the proxy all along, each credential well within its rate limit. A reload
    // closes nginx's idle connections to clients; a POST sent on one at that instant fails before
    // it reaches nginx (a browser sends it again on a new connection, fetch does not), so each
    // write opens its own connection. A reload also retires the old worker with the connections it
    // has accepted but not read yet: it closes them unanswered ("other side closed"; on a busy
    // machine the window is wide). Such a request never reached a server; the client sends it once
    // more with the same Idempotency-Key (docs/deploy.md), which makes a second send harmless.
    const traffic = async () => {
      let token = ''
      for (let n = 0; running; n++) {
        if (n % (RATE_LIMIT - 5) === 0) token = await tokenOf(org.users.dispatcher.id)
        const unitNumber = unique('R')
        const send = () =>
          api(proxy, '/api/trucks', token, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Connection: 'close', 'Idempotency-Key': unitNumber },
            body: JSON.stringify({ unitNumber }),
          })
        const response = await send().catch(() => {
          resent++
          return send()
        })
        statuses.push(response.status)
        units.push(unitNumber)
        await response.body?.cancel()
      }
    }
    const writers = [traffic(), traffic()]
    try {
      await reloadNginx([index])
      await servers[index].stop()
      const { port } = servers[index]
      servers[index] = await startServer({ ...serverEnv(dataDirs[index]), LOG_REQUESTS: 'true' }, { compiled: true, port })
      expect((await fetch(`${servers[index].base}/health`)).status).toBe(200)
      await reloadNginx([])
      // Back in the rotation: the restarted server takes its share of the writes.
      await expect.poll(() => /POST \/api\/trucks 201/.test(servers[index].output()), { timeout: 10_000 }).toBe(true)
    } finally {
      running = false
      await Promise.all(writers)
    }
    expect(statuses.length).toBeGreaterThan(10)
    expect(statuses.filter((status) => status !== 201)).toEqual([])
    // Each write once, the ones sent twice too.
    expect(await prisma.truck.count({ where: { unitNumber: { in: units } } })).toBe(units.length)
    // At most what two writers had in flight at each of the two reloads.
    expect(resent).toBeLessThanOrEqual(4)
  })

  it('loses no acknowledged write when one server is killed (kill -9) under writes, and the other serves on', async () => {
    const victim = servers[1]
    const writers = 4
    const perWriter = 20
    const tokens = await Promise.all(Array.from({ length: writers }, () => tokenOf(org.users.dispatcher.id)))
    const answers: Array<{ status: number; id?: string; afterKill: boolean }> = []
    let killed = false
    let gone = false
    victim.child.once('exit', () => (gone = true))
    const write = async (token: string) => {
      for (let n = 0; n < perWriter; n++) {
        // Sent once the killed server is gone (not merely signalled).
        const afterKill = gone
        const response = await postJson(proxy, '/api/trucks', token, { unitNumber: unique('K') })
        const body = (await response.json().catch(() => null)) as { data?: { id: string } } | null
        answers.push({ status: response.status, id: body?.data?.id, afterKill })
        if (!killed && answers.filter((answer) => answer.status === 201).length >= 15) {
          killed = true
          process.kill(-victim.child.pid!, 'SIGKILL')
        }
      }
    }
    await Promise.all(tokens.map(write))
    expect(killed).toBe(true)

    const acknowledged = answers.filter((answer) => answer.status === 201).map((answer) => answer.id!)
    const failed = answers.filter((answer) => answer.status !== 201)
    // At most the requests in flight to the killed server fail (nginx answers 502: a POST is never sent twice).
    expect(failed.length).toBeLessThanOrEqual(writers)
    for (const answer of failed) expect(answer.status).toBe(502)
    // Every write sent after the kill was answered by the other server.
    expect(answers.filter((answer) => answer.afterKill).map((answer) => answer.status)).toEqual(answers.filter((answer) => answer.afterKill).map(() => 201))
    expect(answers.filter((answer) => answer.afterKill).length).toBeGreaterThan(writers)
    expect(await prisma.truck.count({ where: { id: { in: acknowledged } } })).toBe(acknowledged.length)

    // The survivor serves on, directly and through the proxy.
    expect((await api(servers[0].base, '/api/trucks?limit=1', tokens[0])).status).toBe(200)
    for (let n = 0; n < 4; n++) expect((await fetch(`${proxy}/health`)).status).toBe(200)
  })
})
