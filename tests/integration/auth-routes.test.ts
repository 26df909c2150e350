/**
 * The auth pages through a real server (production build, this file's database): links in emails,
 * redirects after sign-in and from the resource routes, as a hostile client would send them.
 */
import { execSync, spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createOrg, PASSWORD } from '../helpers'

const APP_URL = 'https://freight.example.test'
let server: ChildProcess
let base: string
let output = ''
let org: Awaited<ReturnType<typeof createOrg>>

function freePort() {
  return new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo
      probe.close(() => resolve(port))
    })
  })
}

function post(pathname: string, form: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(`${base}${pathname}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(form),
  })
}

/** Every message in the outbox to this address, oldest first. */
function outbox(address: string) {
  const dir = path.resolve(process.env.OUTBOX_DIR!)
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir)
    .sort()
    .map((file) => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as { to: string; subject: string; text: string })
    .filter((message) => message.to === address)
}

beforeAll(async () => {
  if (!fs.existsSync('build/server/index.js')) execSync('npm run build', { stdio: 'ignore' })
  const port = await freePort()
  base = `http://127.0.0.1:${port}`
  server = spawn('node_modules/.bin/tsx', ['server.ts'], {
    env: {
      ...process.env,
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'fd-auth-')),
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      TRUST_PROXY: '1',
      APP_URL,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  const listening = new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk
      if (output.includes('Freightdesk is running at')) resolve()
    }
    server.stdout!.on('data', read)
    server.stderr!.on('data', read)
    server.once('exit', (code) => reject(new Error(`server exited (${code}):\n${output}`)))
  })
  org = await createOrg()
  await listening
}, 120_000)

afterAll(async () => {
  if (!server?.pid) return
  process.kill(-server.pid, 'SIGTERM')
  await new Promise((resolve) => server.once('exit', resolve))
})

describe('links in emails', () => {
  it('puts the reset link on APP_URL even when Host and X-Forwarded-Host are forged', async () => {
    const email = org.users.viewer.email
    const answer = await post('/auth/reset-password', { email }, { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example' })
    expect(answer.status).toBe(302)
    let messages: ReturnType<typeof outbox> = []
    await expect.poll(() => (messages = outbox(email)).length).toBe(1)
    const link = messages[0].text.match(/https?:\/\/\S+/)![0]
    expect(link).toMatch(/^https:\/\/freight\.example\.test\/auth\/new-password\?token=[\w-]+$/)
    expect(messages[0].text).not.toContain('evil.example')
  })
})

describe('redirects', () => {
  const hostile = ['/\t/evil.example', '//evil.example', '/\\evil.example', 'https://evil.example/', '/\u0000x', '/\r\nSet-Cookie: a=b', '/仕事']

  it('sends a signed-in user to the dashboard instead of a hostile redirectTo, without a 500', async () => {
    for (const redirectTo of hostile) {
      const answer = await post('/auth/login', { email: org.users.dispatcher.email, password: PASSWORD, redirectTo })
      expect(answer.status, redirectTo).toBe(302)
      expect(answer.headers.get('location'), redirectTo).toBe('/dashboard/app/')
    }
    const local = await post('/auth/login', { email: org.users.dispatcher.email, password: PASSWORD, redirectTo: '/dashboard/trucks/list?status=available' })
    expect(local.headers.get('location')).toBe('/dashboard/trucks/list?status=available')
  })

  it('keeps /resources/language and /resources/settings on this site', async () => {
    for (const redirectTo of hostile) {
      const language = await post('/resources/language', { lng: 'fr', redirectTo })
      expect(language.status, redirectTo).toBe(302)
      expect(language.headers.get('location'), redirectTo).toBe('/dashboard/app')
      const settings = await post('/resources/settings', { intent: 'set', setting: 'themeMode', value: 'dark', redirectTo })
      expect(settings.status, redirectTo).toBe(302)
      expect(settings.headers.get('location'), redirectTo).toBe('/dashboard/app')
    }
  })
})
