/**
 * Dev tool: screenshots of pages as a signed-in user, to look at what we build.
 *   tsx scripts/screenshot.ts [--base URL] [--email E] [--width 1440] [--js off] [--lang ar] path [path…]
 * Writes .data/screenshots/<path>.png
 */
import fs from 'node:fs'

import { chromium } from '@playwright/test'

import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium'

const argv = process.argv.slice(2)
const option = (name: string, fallback: string) => {
  const index = argv.indexOf(`--${name}`)
  if (index === -1) return fallback
  const [value] = argv.splice(index, 2).slice(1)
  return value
}
const base = option('base', 'http://127.0.0.1:3000')
const email = option('email', 'admin@freightdesk.test')
const width = Number(option('width', '1440'))
const js = option('js', 'on') !== 'off'
const lang = option('lang', '')
const cookies = option('cookies', '')
const full = option('full', 'on') !== 'off'
const paths = argv.length ? argv : ['/dashboard/app']

const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_ARGS,
})
const context = await browser.newContext({ viewport: { width, height: 900 }, javaScriptEnabled: js })
const extra = [...(lang ? [`i18nextLng=${lang}`] : []), ...(cookies ? cookies.split(',') : [])]
await context.addCookies(extra.map((pair) => ({ name: pair.split('=')[0], value: pair.split('=')[1], url: base })))
const page = await context.newPage()
page.on('console', (message) => {
  if (message.type() === 'error' || message.type() === 'warning') console.info('[console]', message.text().slice(0, 600))
})
page.on('pageerror', (error) => console.info('[pageerror]', error.message.slice(0, 600)))
if (email !== 'none') {
  await page.goto(`${base}/auth/login`)
  await page.fill('input[name=email]', email)
  await page.fill('input[name=password]', 'freightdesk')
  await page.click('form#login button[type=submit]')
  await page.waitForURL(/dashboard/)
}
fs.mkdirSync('.data/screenshots', { recursive: true })
for (const path of paths) {
  await page.goto(`${base}${path}`)
  await page.waitForLoadState('networkidle')
  const file = `.data/screenshots/${path.replace(/[^a-z0-9]+/gi, '_')}${lang ? `-${lang}` : ''}-${width}.png`
  await page.screenshot({ path: file, fullPage: full })
  console.info(file)
}
await browser.close()
