/**
 * A session's User-Agent header as people name their device: "Chrome on Windows", "Safari on
 * iPhone", or a program ("API client (curl)"). A few rules, not a full parser: the browsers and
 * systems people use today, most specific first (Edge and Opera say "Chrome" too, Chrome says
 * "Safari", iPhone says "Mac OS X"). Anything unrecognised is `null` (the page says "Unknown device").
 */
export type Device = { kind: 'browser'; browser: string | null; system: string | null } | { kind: 'client'; name: string | null }

const BROWSERS: Array<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bCriOS\/|Chrome\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
]

const SYSTEMS: Array<[RegExp, string]> = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
]

/** Programs that call the API: their usual User-Agent's first word, and the name shown. */
const CLIENTS: Array<[RegExp, string]> = [
  [/^curl\//i, 'curl'],
  [/^Wget\//i, 'Wget'],
  [/^python-requests\/|^python-urllib|^aiohttp\/|^python-httpx\//i, 'Python'],
  [/^node-fetch|^node$|^undici|^axios\//i, 'Node.js'],
  [/^Go-http-client\//i, 'Go'],
  [/^PostmanRuntime\//i, 'Postman'],
  [/^insomnia\//i, 'Insomnia'],
  [/^okhttp\//i, 'OkHttp'],
  [/^Java\//i, 'Java'],
  [/^Ruby|^Faraday/i, 'Ruby'],
  [/^PowerShell|WindowsPowerShell/i, 'PowerShell'],
]

export function describeUserAgent(userAgent: string | null | undefined): Device | null {
  const header = (userAgent ?? '').trim().slice(0, 512)
  if (!header) return null
  const client = CLIENTS.find(([pattern]) => pattern.test(header))
  if (client) return { kind: 'client', name: client[1] }
  // Every browser of the last twenty years starts with "Mozilla/5.0"; other strings are programs.
  if (!/^Mozilla\//.test(header)) return { kind: 'client', name: null }
  const browser = BROWSERS.find(([pattern]) => pattern.test(header))?.[1] ?? null
  const system = SYSTEMS.find(([pattern]) => pattern.test(header))?.[1] ?? null
  if (!browser && !system) return null
  return { kind: 'browser', browser, system }
}
