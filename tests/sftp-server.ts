/**
 * A real SFTP server inside the test process (ssh2's server, SFTP v3 over a temporary folder), so
 * the EDI transport is tested against the protocol and never against a mock of the client. It
 * listens on 127.0.0.1 only, on a port the system picks, and takes a password or a public key.
 *
 * Renames follow SFTP v3 as OpenSSH serves it: a rename whose source is gone, or whose target
 * exists, fails. That is what makes a pickup's claim (a rename) safe between two workers.
 */
import { randomBytes } from 'node:crypto'
import { constants, promises as fs } from 'node:fs'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'

import ssh2, { type Connection, type SFTPWrapper } from 'ssh2'

// ssh2 is CommonJS: its default export, so Playwright's ESM loader reads it as Vitest does.
const { Server, utils } = ssh2
const { OPEN_MODE, STATUS_CODE } = utils.sftp

export type TestSftpServer = {
  host: string
  port: number
  username: string
  password: string
  /** A client key the server accepts, OpenSSH format. */
  privateKey: string
  /** The folder on disk that is the server's `/`. */
  root: string
  /** Puts a file in the server's tree (as a partner would), making its folder. */
  put(remotePath: string, content: string | Buffer): Promise<void>
  /** The file's content, or null when it is not there. */
  read(remotePath: string): Promise<string | null>
  /** The names in a folder of the server's tree (no dot entries), sorted. */
  list(remotePath: string): Promise<string[]>
  close(): Promise<void>
}

type OpenFile = { kind: 'file'; handle: fs.FileHandle } | { kind: 'dir'; dir: string; sent: boolean }

function attrsOf(stat: import('node:fs').Stats) {
  return { mode: stat.mode, uid: 0, gid: 0, size: stat.size, atime: Math.floor(stat.atimeMs / 1000), mtime: Math.floor(stat.mtimeMs / 1000) }
}

function flagsOf(pflags: number) {
  const write = (pflags & OPEN_MODE.WRITE) !== 0
  const read = (pflags & OPEN_MODE.READ) !== 0
  let flags = write && read ? constants.O_RDWR : write ? constants.O_WRONLY : constants.O_RDONLY
  if (pflags & OPEN_MODE.CREAT) flags |= constants.O_CREAT
  if (pflags & OPEN_MODE.TRUNC) flags |= constants.O_TRUNC
  if (pflags & OPEN_MODE.EXCL) flags |= constants.O_EXCL
  if (pflags & OPEN_MODE.APPEND) flags |= constants.O_APPEND
  return flags
}

function serveSftp(sftp: SFTPWrapper, root: string) {
  const open = new Map<string, OpenFile>()
  let nextHandle = 0
  const local = (remote: string) => {
    const resolved = path.posix.resolve('/', remote)
    return path.join(root, resolved)
  }
  const fail = (reqid: number, error: unknown) => {
    const code = (error as NodeJS.ErrnoException)?.code
    sftp.status(
      reqid,
      code === 'ENOENT' ? STATUS_CODE.NO_SUCH_FILE : code === 'EACCES' ? STATUS_CODE.PERMISSION_DENIED : STATUS_CODE.FAILURE,
      code ?? 'failure',
    )
  }
  const handleOf = (buffer: Buffer) => open.get(buffer.toString('utf8'))
  const newHandle = (file: OpenFile) => {
    const key = String(nextHandle++)
    open.set(key, file)
    return Buffer.from(key, 'utf8')
  }
  const run = (reqid: number, work: () => Promise<void>) => {
    work().catch((error) => fail(reqid, error))
  }

  sftp
    .on('REALPATH', (reqid, remote) => sftp.name(reqid, [{ filename: path.posix.resolve('/', remote), longname: '', attrs: {} as never }]))
    .on('STAT', (reqid, remote) => run(reqid, async () => sftp.attrs(reqid, attrsOf(await fs.stat(local(remote))))))
    .on('LSTAT', (reqid, remote) => run(reqid, async () => sftp.attrs(reqid, attrsOf(await fs.lstat(local(remote))))))
    .on('FSTAT', (reqid, handle) =>
      run(reqid, async () => {
        const file = handleOf(handle)
        if (file?.kind !== 'file') return void sftp.status(reqid, STATUS_CODE.FAILURE)
        sftp.attrs(reqid, attrsOf(await file.handle.stat()))
      }),
    )
    .on('OPEN', (reqid, remote, pflags) =>
      run(reqid, async () => {
        const handle = await fs.open(local(remote), flagsOf(pflags), 0o644)
        sftp.handle(reqid, newHandle({ kind: 'file', handle }))
      }),
    )
    .on('READ', (reqid, handle, offset, length) =>
      run(reqid, async () => {
        const file = handleOf(handle)
        if (file?.kind !== 'file') return void sftp.status(reqid, STATUS_CODE.FAILURE)
        const buffer = Buffer.alloc(length)
        const { bytesRead } = await file.handle.read(buffer, 0, length, offset)
        if (bytesRead === 0) return void sftp.status(reqid, STATUS_CODE.EOF)
        sftp.data(reqid, buffer.subarray(0, bytesRead))
      }),
    )
    .on('WRITE', (reqid, handle, offset, data) =>
      run(reqid, async () => {
        const file = handleOf(handle)
        if (file?.kind !== 'file') return void sftp.status(reqid, STATUS_CODE.FAILURE)
        await file.handle.write(data, 0, data.length, offset)
        sftp.status(reqid, STATUS_CODE.OK)
      }),
    )
    .on('CLOSE', (reqid, handle) =>
      run(reqid, async () => {
        const file = handleOf(handle)
        open.delete(handle.toString('utf8'))
        if (file?.kind === 'file') await file.handle.close()
        sftp.status(reqid, STATUS_CODE.OK)
      }),
    )
    .on('OPENDIR', (reqid, remote) =>
      run(reqid, async () => {
        const dir = local(remote)
        if (!(await fs.stat(dir)).isDirectory()) throw Object.assign(new Error('not a folder'), { code: 'ENOTDIR' })
        sftp.handle(reqid, newHandle({ kind: 'dir', dir, sent: false }))
      }),
    )
    .on('READDIR', (reqid, handle) =>
      run(reqid, async () => {
        const file = handleOf(handle)
        if (file?.kind !== 'dir') return void sftp.status(reqid, STATUS_CODE.FAILURE)
        if (file.sent) return void sftp.status(reqid, STATUS_CODE.EOF)
        file.sent = true
        const names = await fs.readdir(file.dir)
        const entries = await Promise.all(
          names.map(async (filename) => {
            const stat = await fs.lstat(path.join(file.dir, filename)).catch(() => null)
            return stat
              ? { filename, longname: `${stat.isDirectory() ? 'd' : '-'}rw-r--r-- 1 edi edi ${stat.size} Jan 1 00:00 ${filename}`, attrs: attrsOf(stat) }
              : null
          }),
        )
        const found = entries.filter((entry) => entry !== null)
        if (found.length === 0) return void sftp.status(reqid, STATUS_CODE.EOF)
        sftp.name(reqid, found)
      }),
    )
    .on('REMOVE', (reqid, remote) => run(reqid, async () => (await fs.unlink(local(remote)), sftp.status(reqid, STATUS_CODE.OK))))
    .on('RMDIR', (reqid, remote) => run(reqid, async () => (await fs.rmdir(local(remote)), sftp.status(reqid, STATUS_CODE.OK))))
    .on('MKDIR', (reqid, remote) => run(reqid, async () => (await fs.mkdir(local(remote)), sftp.status(reqid, STATUS_CODE.OK))))
    .on('SETSTAT', (reqid) => sftp.status(reqid, STATUS_CODE.OK))
    .on('FSETSTAT', (reqid) => sftp.status(reqid, STATUS_CODE.OK))
    .on('RENAME', (reqid, from, to) =>
      run(reqid, async () => {
        // SFTP v3: never over an existing target. A hard link fails when the target exists and
        // when the source is gone, atomically; the source's name is then removed.
        await fs.link(local(from), local(to))
        await fs.unlink(local(from))
        sftp.status(reqid, STATUS_CODE.OK)
      }),
    )
    .on('end', () => {
      for (const file of open.values()) if (file.kind === 'file') void file.handle.close().catch(() => {})
      open.clear()
    })
}

/** Starts a server over a new temporary folder; `close()` stops it and removes the folder. */
export async function startSftpServer(): Promise<TestSftpServer> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'freightdesk-sftp-'))
  const hostKey = utils.generateKeyPairSync('ed25519')
  const clientKey = utils.generateKeyPairSync('ed25519')
  const allowedKey = utils.parseKey(clientKey.public)
  if (allowedKey instanceof Error) throw allowedKey
  const username = 'partner'
  const password = randomBytes(12).toString('hex')
  const connections = new Set<Connection>()

  const server = new Server({ hostKeys: [hostKey.private] }, (client) => {
    connections.add(client)
    client.on('close', () => connections.delete(client))
    client.on('error', () => {})
    client.on('authentication', (context) => {
      if (context.username !== username) return context.reject()
      if (context.method === 'password' && context.password === password) return context.accept()
      if (context.method === 'publickey' && context.key.algo === allowedKey.type && context.key.data.equals(allowedKey.getPublicSSH())) {
        if (!context.signature) return context.accept()
        if (context.blob && allowedKey.verify(context.blob, context.signature, context.hashAlgo) === true) return context.accept()
      }
      context.reject(['password', 'publickey'])
    })
    client.on('ready', () => {
      client.on('session', (accept) => {
        const session = accept()
        session.on('sftp', (acceptSftp) => serveSftp(acceptSftp(), root))
      })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  const onDisk = (remote: string) => path.join(root, path.posix.resolve('/', remote))
  return {
    host: '127.0.0.1',
    port,
    username,
    password,
    privateKey: clientKey.private,
    root,
    async put(remotePath, content) {
      await fs.mkdir(path.dirname(onDisk(remotePath)), { recursive: true })
      await fs.writeFile(onDisk(remotePath), content)
    },
    async read(remotePath) {
      return fs.readFile(onDisk(remotePath), 'utf8').catch(() => null)
    },
    async list(remotePath) {
      const names = await fs.readdir(onDisk(remotePath)).catch(() => [] as string[])
      return names.sort()
    },
    async close() {
      for (const connection of connections) connection.end()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await fs.rm(root, { recursive: true, force: true })
    },
  }
}
