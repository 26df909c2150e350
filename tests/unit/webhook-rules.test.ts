/** The webhook rules that need no database (ADR 071): which addresses are refused, what is retried and when, the signature. */
import { Webhook } from 'standardwebhooks'
import { describe, expect, it } from 'vitest'

import { isRetryable, nextAttemptAt, RETRY_SCHEDULE_MS, shouldDisable } from '~/policies/webhook'
import { checkedLookup, hostRefused, isPrivateAddress, RefusedAddressError } from '~/utils/webhook-address.server'
import { createWebhookSecret, webhookHeaders } from '~/utils/webhook-signature.server'

describe('isPrivateAddress', () => {
  it('refuses private, loopback, link-local and special IPv4 addresses', () => {
    for (const address of [
      '0.0.0.0',
      '10.0.0.1',
      '100.64.1.1',
      '127.0.0.1',
      '127.255.255.254',
      '169.254.169.254',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.0.1',
      '198.18.0.1',
      '224.0.0.1',
      '255.255.255.255',
    ])
      expect(isPrivateAddress(address), address).toBe(true)
  })

  it('refuses them in IPv6, IPv4-mapped addresses included', () => {
    for (const address of [
      '::',
      '::1',
      'fe80::1',
      'fe80::1%eth0',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      '::ffff:a9fe:a9fe',
      '0:0:0:0:0:ffff:c0a8:0101',
      '::127.0.0.1',
      '64:ff9b::a00:1',
    ])
      expect(isPrivateAddress(address), address).toBe(true)
  })

  it('judges the IPv6 forms that reach an IPv4 address as that address, and refuses the deprecated ones whatever they carry', () => {
    for (const address of [
      '::ffff:0:127.0.0.1', // IPv4-translated
      '::ffff:0:7f00:1',
      '::ffff:0:8.8.8.8',
      '64:ff9b::127.0.0.1', // NAT64 of a private address
      '64:ff9b::a9fe:a9fe',
      '64:ff9b:1::808:808', // local-use NAT64
      '::8.8.8.8', // IPv4-compatible, deprecated
      '::808:808',
      '2002:808:808::1', // 6to4
      '2001:0:4136:e378:8000:63bf:3fff:fdd2', // Teredo
    ])
      expect(isPrivateAddress(address), address).toBe(true)
    for (const address of ['64:ff9b::8.8.8.8', '64:ff9b::808:808']) expect(isPrivateAddress(address), address).toBe(false)
  })

  it('lets public addresses through, in both families', () => {
    for (const address of ['93.184.215.14', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '::ffff:808:808'])
      expect(isPrivateAddress(address), address).toBe(false)
  })

  it('refuses what is not an address at all', () => {
    expect(isPrivateAddress('example.com')).toBe(true)
  })
})

describe('hostRefused (the one rule at save and at delivery)', () => {
  it('refuses one-label names, absolute or not, and local suffixes; lets other names through to be resolved', () => {
    for (const host of [
      'vm',
      'vm.',
      'VM.',
      'intranet',
      'localhost',
      'localhost.',
      'a.localhost',
      'x.local',
      'metadata.google.internal',
      'db.corp',
      'nas.home.arpa',
      'printer.lan',
      'svc.cluster.local',
      'x.test',
      '1.0.0.127.in-addr.arpa',
      '[::1]',
      '',
      '.',
    ])
      expect(hostRefused(host), host).toBe(true)
    for (const host of ['hooks.example.com', 'hooks.example.com.', 'api.internal-tools.io', 'lan.example.org', '[2606:4700:4700::1111]', '93.184.215.14'])
      expect(hostRefused(host), host).toBe(false)
  })

  it('reads every spelling of an IPv4 address as the URL parser writes it', () => {
    for (const url of ['http://0x7f.1/', 'http://2130706433/', 'http://0177.0.0.1/', 'http://127.1/', 'http://0x7f000001/', 'http://[::ffff:0:127.0.0.1]/'])
      expect(hostRefused(new URL(url).hostname), url).toBe(true)
  })
})

describe('checkedLookup', () => {
  it('refuses a name whose address is private, on the lookup of the connection itself', async () => {
    const error = await new Promise<Error | null>((resolve) => checkedLookup('localhost', {}, (failure) => resolve(failure)))
    expect(error).toBeInstanceOf(RefusedAddressError)
  })
})

describe('the retry policy', () => {
  it('retries server errors, 408, 429, timeouts and network errors; never other answers', () => {
    for (const status of [null, 500, 502, 503, 504, 408, 429]) expect(isRetryable(status), String(status)).toBe(true)
    for (const status of [200, 301, 400, 401, 403, 404, 410, 413, 422]) expect(isRetryable(status), String(status)).toBe(false)
  })

  it('waits longer each time, about a day in all, then stops', () => {
    const now = new Date('2026-12-01T00:00:00Z')
    expect(nextAttemptAt(1, now)!.getTime() - now.getTime()).toBe(5_000)
    expect(nextAttemptAt(2, now)!.getTime() - now.getTime()).toBe(5 * 60_000)
    const total = RETRY_SCHEDULE_MS.reduce((sum, wait) => sum + wait, 0)
    expect(total).toBeGreaterThan(24 * 3_600_000)
    expect(total).toBeLessThan(30 * 3_600_000)
    expect(nextAttemptAt(RETRY_SCHEDULE_MS.length + 1, now)).toBeNull()
  })

  it('switches an endpoint off after three days of failures', () => {
    const now = new Date('2026-12-04T00:00:00Z')
    expect(shouldDisable(null, now)).toBe(false)
    expect(shouldDisable(new Date('2026-12-01T00:00:01Z'), now)).toBe(false)
    expect(shouldDisable(new Date('2026-12-01T00:00:00Z'), now)).toBe(true)
  })
})

describe('the signature', () => {
  it('is what a Standard Webhooks library verifies, and nothing else', () => {
    const secret = createWebhookSecret()
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(24)
    const body = JSON.stringify({ type: 'invoice.paid', timestamp: new Date().toISOString(), data: { id: 'inv_1' } })
    const headers = webhookHeaders(secret, 'msg_1', body)
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/)
    expect(new Webhook(secret).verify(body, headers)).toMatchObject({ type: 'invoice.paid' })
    expect(() => new Webhook(createWebhookSecret()).verify(body, headers)).toThrow()
    expect(() => new Webhook(secret).verify(body, { ...headers, 'webhook-id': 'msg_2' })).toThrow()
  })
})
