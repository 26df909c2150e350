/**
 * Where a webhook may go (SSRF, ADR 071): never to a private, loopback, link-local, shared or
 * otherwise special address, in IPv4 or IPv6 (an IPv4 address mapped into IPv6, `::ffff:10.0.0.1`,
 * is judged as the IPv4 address it is), unless WEBHOOKS_ALLOW_PRIVATE_NETWORKS=true (a test's
 * local receiver, an installation whose systems are all on its own network). The URL is checked
 * when an endpoint is saved (an address written as an IP, `localhost` names) and every address a
 * host name resolves to when a delivery is sent, on the very connection that sends it.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import { BlockList, isIP } from 'node:net'

import { env } from './env.server'

const blocked = new BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // shared address space (carrier-grade NAT)
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local (cloud metadata at 169.254.169.254)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const)
  blocked.addSubnet(network, prefix, 'ipv4')
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b::', 96], // NAT64 (reaches IPv4 addresses through a gateway)
  ['64:ff9b:1::', 48],
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo and the like)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  blocked.addSubnet(network, prefix, 'ipv6')

/** An IPv6 address's 8 groups, or null (`::` expanded, a dotted IPv4 tail read as two groups). */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase().replace(/%.*$/, '')
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)
  if (dotted) {
    const bytes = dotted[1].split('.').map(Number)
    text = text.slice(0, -dotted[1].length) + `${((bytes[0] << 8) | bytes[1]).toString(16)}:${((bytes[2] << 8) | bytes[3]).toString(16)}`
  }
  const [head, tail] = text.split('::')
  const part = (value: string | undefined) => (value ? value.split(':').map((group) => parseInt(group, 16)) : [])
  const start = part(head)
  const end = part(tail)
  const groups = text.includes('::') ? [...start, ...Array<number>(8 - start.length - end.length).fill(0), ...end] : start
  return groups.length === 8 && groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff) ? groups : null
}

/** The IPv4 address inside an IPv4-mapped (`::ffff:a.b.c.d`) or IPv4-compatible (`::a.b.c.d`) IPv6 address. */
function embeddedIpv4(address: string): string | null {
  const groups = ipv6Groups(address)
  if (!groups || groups.slice(0, 5).some((group) => group !== 0) || (groups[5] !== 0xffff && groups[5] !== 0)) return null
  if (groups[5] === 0 && groups[6] === 0) return null // ::, ::1 and the like: judged as IPv6
  return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.')
}

/** Whether a webhook may not be sent to this IP address (private, loopback, link-local, special). */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address)
  if (family === 4) return blocked.check(address, 'ipv4')
  if (family === 6) {
    const v4 = embeddedIpv4(address)
    return v4 ? blocked.check(v4, 'ipv4') : blocked.check(address.replace(/%.*$/, ''), 'ipv6')
  }
  return true // not an address at all: never reached
}

export function privateNetworksAllowed() {
  return env().WEBHOOKS_ALLOW_PRIVATE_NETWORKS
}

/** Host names that are this machine or its local network whatever DNS says. */
const LOCAL_NAMES = /(^|\.)(localhost|local|internal|localdomain|home\.arpa)\.?$/i

/**
 * Why this URL may not receive webhooks when it is saved, or null: a host written as a private
 * address, or a local name. Names are resolved when a delivery is sent (`checkedLookup`).
 */
export function urlRefusal(value: string): 'webhooks.errors.privateAddress' | null {
  if (privateNetworksAllowed()) return null
  let host: string
  try {
    host = new URL(value).hostname.replace(/^\[|\]$/g, '')
  } catch {
    return 'webhooks.errors.privateAddress'
  }
  if (isIP(host)) return isPrivateAddress(host) ? 'webhooks.errors.privateAddress' : null
  // A bare number or hex form (`http://2130706433/`) is normalized by URL into dotted form above; a name without a dot is local.
  if (LOCAL_NAMES.test(host) || !host.includes('.')) return 'webhooks.errors.privateAddress'
  return null
}

/** The error a delivery records when the host resolves to an address it may not reach. */
export class RefusedAddressError extends Error {
  code = 'EREFUSEDADDRESS'
  constructor(public address: string) {
    super(`refused address ${address} (private network)`)
  }
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void

/**
 * A `lookup` for http.request: resolves the host and refuses the connection when any of its
 * addresses is private, so the address checked is the address connected to (no second lookup a
 * rebinding DNS server could answer differently).
 */
export function checkedLookup(hostname: string, options: { all?: boolean }, callback: LookupCallback) {
  dnsLookup(hostname, { all: true }, (error, addresses) => {
    if (error) return callback(error, [])
    const refused = privateNetworksAllowed() ? undefined : addresses.find((entry) => isPrivateAddress(entry.address))
    if (refused) return callback(new RefusedAddressError(refused.address), [])
    if (options.all) return callback(null, addresses)
    callback(null, addresses[0].address, addresses[0].family)
  })
}
