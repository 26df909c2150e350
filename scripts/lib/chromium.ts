import fs from 'node:fs'

/**
 * The browser for the end-to-end suite and the screenshot script: Debian's
 * chromium-headless-shell (the classic headless Chromium, same Blink) when installed, else
 * Debian's full chromium; CHROMIUM_PATH overrides both. The shell has no browser UI to run
 * beside each page: it used 46 s of CPU where the full browser used 111 s for the same three
 * specs, and the suite runs CPU-bound on two cores (ADR 037).
 */
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => fs.existsSync(path)) ?? '/usr/bin/chromium'

/** This machine's network is closed: no background lookups, updates or sync at every start. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
