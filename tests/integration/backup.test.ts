/**
 * Backups (docs/decisions/069-operations.md): data, a backup, more data, a restore →
 * exactly the backed-up rows and files, documents download; refusals (no --yes, a newer schema, a
 * damaged file) change nothing; the daily job keeps the newest BACKUP_KEEP.
 */
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'

import { afterAll, describe, expect, it } from 'vitest'

import { backupFileName, pruneBackups, readBackupManifest, restoreBackup, restoreRefusal, writeBackup } from '~/models/operations/backup.server'
import { runDueJobs, scheduledTasks } from '~/models/operations/jobs.server'
import { dailyBackupTask } from '~/models/tasks/daily-backup.server'
import * as documentRoute from '~/routes/api/loads/document'
import * as documentsRoute from '~/routes/api/loads/documents'
import { CLIENT_IP_HEADER } from '~/utils/client-ip'
import { prisma } from '~/utils/db.server'

import { createOrg, type Org, unique } from '../helpers'

const run = promisify(execFile)
const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fd-backup-storage-'))
const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fd-backups-'))
const previous = { STORAGE_DIR: process.env.STORAGE_DIR, BACKUP_DIR: process.env.BACKUP_DIR, BACKUP_KEEP: process.env.BACKUP_KEEP }
process.env.STORAGE_DIR = storageDir
process.env.BACKUP_DIR = backupDir
afterAll(() => {
  for (const [name, value] of Object.entries(previous)) {
    if (value === undefined) delete process.env[name]
    else process.env[name] = value
  }
  fs.rmSync(storageDir, { recursive: true, force: true })
  fs.rmSync(backupDir, { recursive: true, force: true })
})

const PDF = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
)

async function makeLoad(org: Org) {
  const organizationId = org.organization.id
  const broker = await prisma.broker.create({ data: { organizationId, name: unique('Backup Broker') } })
  return prisma.load.create({
    data: {
      organizationId,
      brokerId: broker.id,
      loadNumber: unique('BK'),
      stops: {
        create: [
          { sequence: 1, type: 'pickup', city: 'Dallas' },
          { sequence: 2, type: 'delivery', city: 'Tulsa' },
        ],
      },
    },
  })
}

async function upload(org: Org, loadId: string, fileName: string) {
  const form = new FormData()
  form.append('kind', 'bols')
  form.append('file', new File([PDF], fileName, { type: 'application/pdf' }))
  const request = new Request(`http://localhost/api/loads/${loadId}/documents`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${org.users.dispatcher.token}`, [CLIENT_IP_HEADER]: '198.51.100.30' },
    body: form,
  })
  const response = await documentsRoute.action({ request, params: { id: loadId }, context: {} } as never)
  expect(response.status).toBe(201)
  return ((await response.json()) as { data: { id: string } }).data
}

function download(org: Org, loadId: string, documentId: string) {
  const request = new Request(`http://localhost/api/loads/${loadId}/documents/${documentId}`, {
    headers: { Authorization: `Bearer ${org.users.viewer.token}`, [CLIENT_IP_HEADER]: '198.51.100.30' },
  })
  return documentRoute.loader({ request, params: { id: loadId, documentId }, context: {} } as never)
}

async function counts() {
  const [organizations, users, loads, stops, documents, sessions] = await Promise.all([
    prisma.organization.count(),
    prisma.user.count(),
    prisma.load.count(),
    prisma.loadStop.count(),
    prisma.loadDocument.count(),
    prisma.session.count(),
  ])
  return { organizations, users, loads, stops, documents, sessions }
}

function storedKeys() {
  return fs
    .readdirSync(storageDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(storageDir, path.join(entry.parentPath, entry.name)))
    .sort()
}

/** `npm run <script> -- …` against this file's database, storage and backup folders. */
function script(name: 'backup' | 'restore', ...args: string[]) {
  return run('node_modules/.bin/tsx', [`scripts/${name}.ts`, ...args], { env: { ...process.env } })
}

/** A backup file as `writeBackup` frames it, made by hand: for refusals. */
function handMadeBackup(manifest: Record<string, unknown>) {
  const json = Buffer.from(JSON.stringify({ t: 'manifest', ...manifest }))
  const length = Buffer.alloc(4)
  length.writeUInt32BE(json.length)
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fd-handmade-')), 'freightdesk-2030-01-01T000000Z.backup')
  fs.writeFileSync(file, zlib.gzipSync(Buffer.concat([length, json])))
  return file
}

describe('backup and restore', () => {
  let org: Org
  let file: string
  let before: Awaited<ReturnType<typeof counts>>
  let keptLoad: { id: string; loadNumber: string }
  let keptDocument: { id: string }

  it('restores exactly the backed-up rows and files, and documents download again', async () => {
    org = await createOrg('Backup Carrier')
    keptLoad = await makeLoad(org)
    keptDocument = await upload(org, keptLoad.id, 'BOL kept.pdf')
    before = await counts()
    const keysBefore = storedKeys()

    const written = await writeBackup()
    file = written.file
    expect(path.dirname(file)).toBe(backupDir)
    expect(path.basename(file)).toMatch(/^freightdesk-\d{4}-\d{2}-\d{2}T\d{6}Z\.backup$/)
    expect(written.summary.rows).toMatchObject({ Organization: before.organizations, Load: before.loads, LoadDocument: before.documents })
    expect(written.summary.files).toBe(keysBefore.length)
    const manifest = await readBackupManifest(file)
    expect(manifest.migrations.map((migration) => migration.name)).toEqual(
      (await prisma.$queryRaw<{ name: string }[]>`SELECT migration_name AS name FROM "_prisma_migrations" ORDER BY migration_name`).map((row) => row.name),
    )

    // Life goes on: a new load with its document, a rename, a deleted stop.
    const later = await makeLoad(org)
    await upload(org, later.id, 'BOL later.pdf')
    await prisma.organization.update({ where: { id: org.organization.id }, data: { name: 'Renamed Carrier' } })
    await prisma.loadStop.deleteMany({ where: { loadId: keptLoad.id, sequence: 2 } })
    expect(storedKeys().length).toBe(keysBefore.length + 1)

    const restored = await restoreBackup({ file })
    expect(restored.applied).toEqual([])
    expect(await counts()).toEqual(before)
    expect((await prisma.organization.findUniqueOrThrow({ where: { id: org.organization.id } })).name).toBe('Backup Carrier')
    expect(await prisma.load.findUnique({ where: { id: later.id } })).toBeNull()
    expect((await prisma.loadStop.findMany({ where: { loadId: keptLoad.id }, orderBy: { sequence: 'asc' } })).map((stop) => stop.city)).toEqual([
      'Dallas',
      'Tulsa',
    ])
    expect(storedKeys()).toEqual(keysBefore)

    const answer = await download(org, keptLoad.id, keptDocument.id)
    expect(answer.status).toBe(200)
    expect(Buffer.from(await answer.arrayBuffer())).toEqual(Buffer.from(PDF))
    // The app writes on: the sequences and foreign keys are as they were.
    await upload(org, keptLoad.id, 'BOL after restore.pdf')
  }, 60_000)

  it('a damaged backup changes nothing', async () => {
    const marker = await makeLoad(org)
    const now = await counts()
    const damaged = `${file}.cut`
    const bytes = fs.readFileSync(file)
    fs.writeFileSync(damaged, bytes.subarray(0, Math.floor(bytes.length * 0.8)))
    await expect(restoreBackup({ file: damaged })).rejects.toThrow()
    expect(await counts()).toEqual(now)
    expect(await prisma.load.findUnique({ where: { id: marker.id } })).not.toBeNull()
  })

  it('refuses a backup from a newer schema, and the script refuses without --yes', async () => {
    const manifest = await readBackupManifest(file)
    const newer = handMadeBackup({ ...manifest, migrations: [...manifest.migrations, { name: '29991231000000_from_the_future', checksum: 'f'.repeat(64) }] })
    expect(restoreRefusal(await readBackupManifest(newer))).toContain('29991231000000_from_the_future')
    const loads = await prisma.load.count()

    const refused = await script('restore', newer, '--yes').catch((error: { code: number; stderr: string }) => error)
    expect(refused).toMatchObject({ code: 1 })
    expect((refused as { stderr: string }).stderr).toContain('newer schema')
    const unconfirmed = await script('restore', file).catch((error: { code: number; stderr: string }) => error)
    expect(unconfirmed).toMatchObject({ code: 1 })
    expect((unconfirmed as { stderr: string }).stderr).toContain('--yes')
    expect(await prisma.load.count()).toBe(loads)
  }, 60_000)

  it('npm run backup and npm run restore -- FILE --yes: the round trip by the scripts', async () => {
    const { stdout } = await script('backup')
    const written = /Backup written: (\S+)/.exec(stdout)![1]
    const loads = await prisma.load.count()
    await makeLoad(org)
    const { stdout: restored } = await script('restore', path.resolve(written), '--yes')
    expect(restored).toContain('Restored')
    expect(await prisma.load.count()).toBe(loads)
  }, 60_000)

  it('keeps the newest BACKUP_KEEP backups, by their dated names', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fd-prune-'))
    const names = [1, 2, 3, 4, 5].map((day) => backupFileName(new Date(Date.UTC(2026, 10, day, 3))))
    for (const name of [...names, 'notes.txt']) fs.writeFileSync(path.join(dir, name), '')
    expect(await pruneBackups(dir, 3)).toEqual(names.slice(0, 2))
    expect(fs.readdirSync(dir).sort()).toEqual([...names.slice(2), 'notes.txt'].sort())
    fs.rmSync(dir, { recursive: true })
  })

  it('the daily job is scheduled at 03:00 UTC, writes a backup and prunes to BACKUP_KEEP', async () => {
    expect(await scheduledTasks()).toContainEqual({ task: 'daily_backup', match: '0 3 * * *', identifier: 'daily_backup' })
    process.env.BACKUP_SCHEDULE = 'off'
    expect((await scheduledTasks()).map((item) => item.task)).not.toContain('daily_backup')
    delete process.env.BACKUP_SCHEDULE

    process.env.BACKUP_KEEP = '2'
    await dailyBackupTask.enqueue(prisma, {})
    await runDueJobs()
    const left = fs.readdirSync(backupDir).filter((name) => name.endsWith('.backup'))
    expect(left).toHaveLength(2)
    expect(left.sort().at(-1)! > path.basename(file)).toBe(true)
  }, 60_000)
})
