/** The sessions list names devices from their User-Agent headers (app/utils/user-agent.ts). */
import { describe, expect, it } from 'vitest'

import { describeUserAgent } from '~/utils/user-agent'

const browsers: Array<[string, string | null, string | null]> = [
  ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'Chrome', 'Windows'],
  ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86', 'Edge', 'Windows'],
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1',
    'Safari',
    'iPhone',
  ],
  ['Mozilla/5.0 (iPad; CPU OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1', 'Chrome', 'iPad'],
  ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15', 'Safari', 'macOS'],
  ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:132.0) Gecko/20100101 Firefox/132.0', 'Firefox', 'macOS'],
  ['Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0', 'Firefox', 'Linux'],
  [
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
    'Samsung Internet',
    'Android',
  ],
  ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36', 'Chrome', 'Android'],
  ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0', 'Opera', 'Windows'],
  ['Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'Chrome', 'ChromeOS'],
  ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36', 'Chrome', 'Linux'],
  ['Mozilla/5.0 (Windows NT 10.0)', null, 'Windows'],
]

describe('describeUserAgent', () => {
  it.each(browsers)('%s → %s on %s', (header, browser, system) => {
    expect(describeUserAgent(header)).toEqual({ kind: 'browser', browser, system })
  })

  it('names the programs that call the API, and calls any other non-browser an API client', () => {
    expect(describeUserAgent('curl/8.5.0')).toEqual({ kind: 'client', name: 'curl' })
    expect(describeUserAgent('python-requests/2.32.3')).toEqual({ kind: 'client', name: 'Python' })
    expect(describeUserAgent('node')).toEqual({ kind: 'client', name: 'Node.js' })
    expect(describeUserAgent('PostmanRuntime/7.42.0')).toEqual({ kind: 'client', name: 'Postman' })
    expect(describeUserAgent('Freightdesk-Sync/1.0')).toEqual({ kind: 'client', name: null })
  })

  it('knows nothing of an empty header or a browser it cannot place', () => {
    expect(describeUserAgent(null)).toBeNull()
    expect(describeUserAgent('  ')).toBeNull()
    expect(describeUserAgent('Mozilla/5.0 (compatible; Unknown)')).toBeNull()
  })
})
