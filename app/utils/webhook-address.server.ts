/**
 * Where a webhook may go (SSRF, ADR 071 and ADR 091): never to a private, loopback, link-local,
 * shared or otherwise special address, in IPv4 or IPv6, unless WEBHOOKS_ALLOW_PRIVATE_NETWORKS=true
 * (a test's local receiver, an installation whose systems are all on its own network). One rule,
 * `hostRefused`, judges the URL's host when an endpoint is saved and again before every delivery;
 * a delivery also judges every address the name resolves to, on the very connection that sends it.
 *
 * - IPv4 in any spelling (`0x7f.1`, `2130706433`, `0177.0.0.1`): the URL parser writes it dotted.
 * - IPv6 that carries an IPv4 address: the IPv4-mapped (`::ffff:a.b.c.d`) and NAT64
 *   (`64:ff9b::a.b.c.d`) forms reach that address on purpose and are judged as it; the deprecated
 *   and transition forms (IPv4-compatible `::a.b.c.d`, IPv4-translated `::ffff:0:a.b.c.d`, 6to4
 *   `2002::/16`, Teredo, local-use NAT64 `64:ff9b:1::/48`) are refused whatever they carry.
 * - Names: one label (`intranet`, `vm.`), or under a suffix that is local by definition or by
 *   habit (`localhost`, `local`, `internal`, `lan`, `home.arpa`, `test` …). Other names are
 *   judged by what they resolve to when a delivery is sent: DNS answers change, so a name's
 *   address at save time proves nothing.
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
  ['::', 96], // unspecified, loopback and the deprecated IPv4-compatible addresses (::a.b.c.d)
  ['::ffff:0:0:0', 96], // IPv4-translated (SIIT): never an endpoint's address
  ['64:ff9b:1::', 48], // local-use NAT64 (its own network's gateways)
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

/**
 * The IPv4 address an IPv6 address reaches on purpose: IPv4-mapped (`::ffff:a.b.c.d`, how a
 * dual-stack socket writes an IPv4 peer) and NAT64 (`64:ff9b::a.b.c.d`, what DNS64 answers on an
 * IPv6-only network for an IPv4-only host). The other forms that carry one are refused outright
 * by the block list.
 */
function embeddedIpv4(address: string): string | null {
  const groups = ipv6Groups(address)
  if (!groups) return null
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff
  const nat64 = groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((group) => group === 0)
  if (!mapped && !nat64) return null
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

/**
 * Suffixes of names that are this machine or a local network whatever DNS says: reserved for it
 * (RFC 6761, 6762, 8375, 9476: localhost, local, home.arpa, test, invalid, example, onion, alt),
 * reverse-lookup names (`arpa`), and the private top-level names networks use by habit (RFC 6762
 * appendix G: internal, intranet, private, corp, home, lan; and localdomain). Cloud metadata and
 * cluster names fall under them (`metadata.google.internal`, `svc.cluster.local`).
 */
const LOCAL_SUFFIXES = /(^|\.)(localhost|local|localdomain|internal|intranet|private|corp|home|lan|arpa|test|invalid|example|onion|alt)$/

/**
 * Whether a webhook may not go to this host (a URL's hostname, brackets allowed): a private
 * address, or a local name. Without the network: the save and every delivery ask it alike.
 */
export function hostRefused(hostname: string): boolean {
  // `vm.` is `vm`: a trailing dot only says the name is absolute.
  const host = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
  if (isIP(host)) return isPrivateAddress(host)
  if (host === '' || host.includes(':')) return true
  return !host.includes('.') || LOCAL_SUFFIXES.test(host)
}

/**
 * Why this URL may not receive webhooks when it is saved, or null. Names are judged again, with
 * what they resolve to, when a delivery is sent (`postWebhook`, `checkedLookup`).
 */
export function urlRefusal(value: string): 'webhooks.errors.privateAddress' | null {
  if (privateNetworksAllowed()) return null
  let host: string
  try {
    // The URL parser writes an IPv4 address in any spelling as dotted numbers (`0x7f.1` → 127.0.0.1).
    host = new URL(value).hostname
  } catch {
    return 'webhooks.errors.privateAddress'
  }
  return hostRefused(host) ? 'webhooks.errors.privateAddress' : null
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
