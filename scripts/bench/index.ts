/**
 * npm run bench: measures, never asserts (ADR 043). `npm run bench -- --help` lists the options.
 *
 * One run starts its own embedded PostgreSQL with a large seeded fleet, the production app and a
 * bare baseline (scripts/bench/baseline.ts: node:http + pg doing the same database work) against
 * that same database, then prints first-load JavaScript per route, page sizes, interleaved
 * throughput and latency of app and baseline per scenario with their ratio, and the app's memory
 * over 20,000 mixed requests, 1,000 live chat streams with one message (memory per stream, time
 * until the last has it), and the peak memory of a 20,000-row load import. `--profile` instead runs
 * one scenario under `node --cpu-prof` and prints where the time goes.
 */
import { execSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'

import { measureChatStreams } from './chat-streams'
import { firstLoadJs, LIMIT_KIB } from './client-js'
import { measureFiles } from './files'
import { measureImport } from './import'
import { type Driver, HttpClient, merge, runLoad, type Sample, summarize } from './load'
import { HELP, type Options, parseOptions } from './options'
import { commandOf, type Database, memoryOf, query, type Server, servingPid, startDatabase, startServer } from './processes'
import { analyzeProfile, findProfile, flameLines } from './profile'
import { heading, int, kib, ms, table } from './report'
import { type Fixtures, loadScenarios, MAIL_API, mixed, type Scenario, scenarios as allScenarios, type Side, type Target } from './scenarios'
import { soak } from './soak'
import { measureCheckout, measurePayRun } from './store-pay'

const parsed = (() => {
  try {
    return parseOptions(process.argv.slice(2))
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exit(2)
  }
})()
if (parsed === 'help') {
  console.info(HELP)
  process.exit(0)
}
const options: Options = parsed
/** A `--…-only` flag runs that measurement alone (several such flags: each of them). */
const anyOnly = options.importOnly || options.chatOnly || options.payOnly || options.checkoutOnly || options.filesOnly || options.soak > 0
const benchStarted = performance.now()

const EMAIL = 'admin@freightdesk.test'
const PASSWORD = 'freightdesk'

// Everything this run starts, stopped in reverse order however the run ends.
const stoppers: Array<() => Promise<void>> = []
async function cleanUp() {
  while (stoppers.length) await stoppers.pop()!().catch((error) => console.error(error))
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the servers and the database…`)
    void cleanUp().finally(() => process.exit(130))
  })
}

const hrUs = () => Number(process.hrtime.bigint() / 1000n)

async function main() {
  if (!fs.existsSync('build/server.js')) execSync('npm run build', { stdio: 'inherit' })
  console.info(`# Freightdesk bench${options.profile ? ' (CPU profile)' : ''}`)
  const machine = `${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), load average ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}, node ${process.version}`
  const plan = options.profile
    ? `${options.concurrency} clients, ${options.warmup} s warm-up, ${options.seconds} s profiled`
    : `${options.concurrency} clients, ${options.rounds} rounds × ${options.seconds} s per server and scenario, ${options.warmup} s warm-up each`
  console.info(`\n${machine}; ${plan}; ${options.gzip ? 'Accept-Encoding: gzip' : 'no Accept-Encoding (gzip sizes reported apart)'}`)

  let routePaths: string[] = []
  if (!options.profile && !options.skipJs && !anyOnly) routePaths = printClientJs()

  const database: Database = await startDatabase(options)
  stoppers.push(database.stop)
  const secret = randomBytes(32).toString('hex')
  const env = {
    DATABASE_URL: database.url,
    SESSION_SECRET: secret,
    NODE_ENV: 'production',
    DATA_DIR: path.resolve(options.dataDir),
    // As `npm run serve` sets it (package.json, ADR 039): glibc gives large freed blocks back.
    MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? '131072',
    // The limits are counted on every API request (that cost is measured); eight clients must not reach them.
    API_RATE_LIMIT_PER_MINUTE: '100000000',
    API_RATE_LIMIT_PER_IP_PER_MINUTE: '100000000',
    // The chat streams are the bench user's: as many as it opens on one server, and not one more (ADR 084).
    CHAT_STREAMS_PER_USER: String(Math.max(1, options.chatStreams)),
    CHAT_STREAMS_PER_SERVER: String(Math.max(1, options.chatStreams)),
    // The live heap after a full collection, on SIGUSR2 (scripts/bench/heap-probe.mjs).
    HEAP_PROBE_FILE: path.resolve(options.dataDir, 'logs', 'heap-probe.json'),
    // The soak: the memory figures every interval (after a full collection: --expose-gc below),
    // and the SMTP receiver on a free port, taking mail from many senders. The streams are one
    // user's: the per-user cap of chat streams (CHAT_STREAMS_PER_USER, ADR 084) lets them all open.
    ...(options.soak > 0
      ? {
          LOG_MEMORY_SECONDS: String(options.soakInterval),
          INBOUND_SMTP_PORT: '0',
          INBOUND_RATE_LIMIT_PER_SENDER: '100000',
          AUTH_RATE_LIMIT_PER_IP: '100000',
          CHAT_STREAMS_PER_USER: String(options.soakStreams),
          CHAT_STREAMS_PER_SERVER: String(Math.max(options.soakStreams, options.chatStreams, 1)),
        }
      : {}),
  }
  const logDir = path.join(options.dataDir, 'logs')
  const heapArgs = serveHeapArgs()
  if (options.profile) fs.mkdirSync(options.profileDir, { recursive: true })
  const [app, baseline] = await Promise.all([
    startServer({
      name: 'app',
      // As `npm run serve` runs it in production: the compiled server with its heap limits.
      script: 'build/server.js',
      port: options.port,
      env,
      logDir,
      readyPath: '/auth/login',
      nodeArgs: [
        ...heapArgs,
        '--expose-gc',
        '--import',
        pathToFileURL(path.resolve('scripts/bench/heap-probe.mjs')).href,
        ...(options.profile ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(options.profileDir)] : []),
      ],
    }),
    options.profile || anyOnly
      ? null
      : startServer({ name: 'baseline', script: 'scripts/bench/baseline.ts', port: options.baselinePort, env, logDir, readyPath: '/health' }),
  ])
  stoppers.push(app.stop)
  if (baseline) stoppers.push(baseline.stop)

  const targets: Record<Side, Target> = {
    app: { side: 'app', http: new HttpClient(app.base, options.concurrency + 4) },
    baseline: { side: 'baseline', http: new HttpClient(baseline?.base ?? app.base, options.concurrency + 4) },
  }
  const fixtures = await makeFixtures(targets.app)
  const matching = [...allScenarios(fixtures), ...loadScenarios(routePaths, options.loads).scenarios].filter(
    (scenario) => !options.only || options.only.split('|').some((text) => text && scenario.name.toLowerCase().includes(text)),
  )
  if (!matching.length) throw new Error(`no scenario matches --only ${options.only}`)
  const chosen = await present(targets.app, matching, fixtures)
  if (!chosen.length && options.profile) throw new Error(`every scenario matching --only ${options.only} was skipped: nothing to profile`)
  if (!chosen.length) console.info(`every scenario matching --only ${options.only} was skipped: no pages or throughput to measure`)

  if (options.soak > 0) {
    heading(`Soak: ${options.soak} minutes of mixed load on the app (heap limit ${heapArgs[0].split('=')[1]} MB)`)
    console.info(`serving process ${servingPid(app.child.pid!)}: ${commandOf(servingPid(app.child.pid!))}`)
    const smtpPort = Number(/inbound mail \(SMTP\) on [^:]+:(\d+)/.exec(fs.readFileSync(app.log, 'utf8'))?.[1] ?? 0) || null
    const http = new HttpClient(app.base, options.concurrency + 4)
    await soak({ base: app.base, http, log: app.log, smtpPort }, fixtures, database.url, {
      minutes: options.soak,
      intervalSeconds: options.soakInterval,
      concurrency: options.concurrency,
      streams: options.soakStreams,
      slow: options.soakSlow,
    })
    http.close()
  } else if (options.profile) {
    await profile(app, targets.app, chosen[0], fixtures)
  } else {
    if (!anyOnly && chosen.length) {
      await printSizesAndParity(targets, chosen, fixtures)
      const results = await compare(targets, chosen, fixtures, routePaths)
      if (options.loads > 0) await reportLoads(database, results)
      if (options.memoryRequests > 0) await memory(app, baseline!, targets.app, chosen, fixtures)
    }
    // Before the import, which replaces the app process: streams on the one the scenarios warmed.
    if (options.chatStreams > 0 && (!anyOnly || options.chatOnly)) {
      heading(`Live chat: ${int(options.chatStreams)} event streams on one server, one message (ADR 056, ADR 084)`)
      await measureChatStreams(
        { pid: servingPid(app.child.pid!), base: app.base, heapProbe: env.HEAP_PROBE_FILE },
        targets.app.http,
        fixtures.token,
        options.chatStreams,
      )
    }
    // Pay for a period of its own, and checkout of a product of its own, on the same app process.
    if (options.payDrivers > 0 && (!anyOnly || options.payOnly)) {
      heading(`Run pay for the period: ${int(options.payDrivers)} drivers, ${int(options.payLoads)} delivered loads, POST /api/settlements/run`)
      await measurePayRun(database.url, targets.app.http, fixtures.token, EMAIL, options.payDrivers, options.payLoads)
    }
    if (options.checkoutBuyers > 0 && (!anyOnly || options.checkoutOnly)) {
      const seconds = options.seconds * options.rounds
      heading(`Checkout: ${options.checkoutBuyers} concurrent buyers for ${seconds} s`)
      const http = new HttpClient(app.base, options.checkoutBuyers + 2)
      await measureCheckout(database.url, http, EMAIL, PASSWORD, options.checkoutBuyers, seconds)
      http.close()
    }
    // The files manager over many stored files, and a ZIP of 500 of them.
    if (options.files > 0 && (!anyOnly || options.filesOnly)) {
      heading(`Files manager: ${int(options.files)} stored files, page 1 and page 2,000; a ZIP of ${int(options.zipFiles)} files (ADR 067)`)
      await measureFiles(
        database.url,
        targets.app.http,
        { cookie: fixtures.cookie, token: fixtures.token, email: EMAIL },
        // The app's STORAGE_DIR: DATA_DIR/storage (server.ts).
        { pid: servingPid(app.child.pid!), storageDir: path.join(env.DATA_DIR, 'storage'), base: app.base },
        options.files,
        options.zipFiles,
      )
    }
    // Last (it adds its loads to the organization the other scenarios read), on a fresh app process
    // of its own that logs its collections (--trace-gc), so its memory is the import's.
    if (options.importRows > 0 && (!anyOnly || options.importOnly)) {
      heading(`Load import: ${int(options.importRows)} rows through POST /api/loads/import (heap limit ${heapArgs[0].split('=')[1]} MB)`)
      await app.stop()
      const importer = await startServer({
        name: 'import',
        script: 'build/server.js',
        port: options.port,
        env,
        logDir,
        readyPath: '/auth/login',
        nodeArgs: [...heapArgs, '--trace-gc'],
      })
      stoppers.push(importer.stop)
      const http = new HttpClient(importer.base, 2)
      await measureImport({ pid: servingPid(importer.child.pid!), log: importer.log }, http, fixtures.token, options.importRows)
      http.close()
    }
  }
  for (const target of Object.values(targets)) target.http.close()
  await cleanUp()
  console.info(`\nbench finished in ${((performance.now() - benchStarted) / 1000).toFixed(0)} s; server logs in ${logDir}`)
}

/**
 * The heap flags `npm run serve` gives the server, read from package.json (its defaults are
 * written there once; NODE_HEAP_MB and NODE_SEMI_SPACE_MB override them as they do there).
 */
function serveHeapArgs() {
  const serve = (JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: { serve: string } }).scripts.serve
  const heap = process.env.NODE_HEAP_MB ?? /NODE_HEAP_MB:-(\d+)/.exec(serve)?.[1]
  const semi = process.env.NODE_SEMI_SPACE_MB ?? /NODE_SEMI_SPACE_MB:-(\d+)/.exec(serve)?.[1]
  if (!heap || !semi) throw new Error('package.json: the serve script no longer names its NODE_HEAP_MB and NODE_SEMI_SPACE_MB defaults')
  return [`--max-old-space-size=${heap}`, `--max-semi-space-size=${semi}`]
}

function printClientJs() {
  const { routes, routePaths, note } = firstLoadJs()
  heading(`First-load JavaScript per route (KiB; gzip level 6; flagged over ${LIMIT_KIB} KiB gzip)`)
  console.info(
    table(routes, [
      { title: 'route', value: (r) => r.path, align: 'left' },
      { title: 'id', value: (r) => r.id, align: 'left' },
      { title: 'files', value: (r) => r.files },
      { title: 'code raw', value: (r) => kib(r.codeRaw) },
      { title: 'code gzip', value: (r) => kib(r.codeGzip) },
      { title: 'strings gzip', value: (r) => kib(r.stringsGzip) },
      { title: 'total gzip', value: (r) => kib(r.gzip) },
      { title: `> ${LIMIT_KIB}`, value: (r) => (r.gzip > LIMIT_KIB * 1024 ? 'OVER' : ''), align: 'left' },
    ]),
  )
  const over = routes.filter((r) => r.gzip > LIMIT_KIB * 1024).length
  console.info(`\n${note}; ${over} of ${routes.length} over ${LIMIT_KIB} KiB gzip. "strings" are the English locale chunks loaded before hydration.`)
  return routePaths
}

/** A web session (the sign-in form's cookie), an API token, and the trucks to read and write. */
async function makeFixtures(app: Target): Promise<Fixtures> {
  const form = new URLSearchParams({ email: EMAIL, password: PASSWORD, redirectTo: '' }).toString()
  const login = await app.http.request({ method: 'POST', path: '/auth/login', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: form })
  const cookie = (login.headers['set-cookie'] ?? []).find((value) => value.startsWith('fd_session='))?.split(';')[0]
  if (login.status !== 302 || !cookie) throw new Error(`sign-in failed: ${login.status} ${login.body.toString('utf8', 0, 300)}`)
  const apiLogin = await app.http.request({
    method: 'POST',
    path: '/api/account/login',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  })
  const { accessToken } = JSON.parse(apiLogin.body.toString('utf8')) as { accessToken: string }
  const ids: string[] = []
  for (let page = 2; ids.length < 25 + options.concurrency; page++) {
    const response = await app.http.request({ path: `/api/trucks?pageSize=100&page=${page}`, headers: { Authorization: `Bearer ${accessToken}` } })
    const rows = (JSON.parse(response.body.toString('utf8')) as { data: Array<{ id: string }> }).data
    if (!rows.length) break
    ids.push(...rows.map((row) => row.id))
  }
  if (ids.length < 25 + options.concurrency) throw new Error(`not enough trucks for ${options.concurrency} clients: use a larger --scale`)
  return {
    email: EMAIL,
    password: PASSWORD,
    cookie,
    token: accessToken,
    readIds: ids.slice(0, 25),
    writeIds: ids.slice(25, 25 + options.concurrency),
    gzip: options.gzip,
  }
}

/**
 * The scenarios whose routes the app has: one that needs a route the app answers 404 (a module
 * not merged yet) is skipped and said so, rather than measured as errors.
 */
async function present(app: Target, scenarios: Scenario[], fixtures: Fixtures) {
  const kept: Scenario[] = []
  for (const scenario of scenarios) {
    if (scenario.needs) {
      const { path, auth } = scenario.needs
      const response = await app.http.request({
        path,
        headers: auth === 'cookie' ? { Cookie: fixtures.cookie } : { Authorization: `Bearer ${fixtures.token}` },
      })
      if (response.status === 404) {
        console.info(`skipped: ${scenario.name} (the app answers 404 to GET ${path}: the route is not there yet)`)
        continue
      }
    }
    kept.push(scenario)
  }
  return kept
}

/** Sizes of each page from both servers, and whether the baseline's API answers equal the app's. */
async function printSizesAndParity(targets: Record<Side, Target>, chosen: Scenario[], fixtures: Fixtures) {
  const pages = chosen.filter((scenario) => scenario.page)
  if (pages.length) {
    const rows = []
    for (const scenario of pages) {
      const [app, base] = await Promise.all(
        (['app', 'baseline'] as const).map((side) => targets[side].http.request({ path: scenario.page!, headers: { Cookie: fixtures.cookie } })),
      )
      rows.push({ scenario, app: app.body, base: base.body, status: `${app.status}/${base.status}` })
    }
    heading('Page sizes (KiB; gzip level 6, as compression() sends them)')
    console.info(
      table(rows, [
        { title: 'page', value: (r) => r.scenario.name, align: 'left' },
        { title: 'status app/baseline', value: (r) => r.status },
        { title: 'app raw', value: (r) => kib(r.app.length) },
        { title: 'app gzip', value: (r) => kib(gzipSync(r.app).length) },
        { title: 'baseline raw', value: (r) => kib(r.base.length) },
        { title: 'baseline gzip', value: (r) => kib(gzipSync(r.base).length) },
      ]),
    )
  }
  // The API answers must be the same data, or the comparison would not be fair.
  const auth = { Authorization: `Bearer ${fixtures.token}` }
  const problems: string[] = []
  const same: string[] = []
  const skipped: string[] = []
  const urls = [
    { url: '/api/trucks', optional: false },
    { url: `/api/trucks/${fixtures.readIds[0]}`, optional: false },
    { url: '/api/chat', optional: false },
    // Mail is compared once the app has it.
    { url: MAIL_API, optional: true },
    { url: '/api/products', optional: false },
    { url: '/api/settlements', optional: false },
    { url: '/api/orders', optional: false },
    { url: '/api/quotes', optional: false },
    { url: '/api/factoring/schedules', optional: false },
    { url: '/api/webhooks', optional: false },
    { url: '/api/files', optional: false },
    { url: '/api/posts', optional: false },
    { url: '/api/fuel-purchases', optional: false },
    { url: '/api/inspections', optional: false },
    { url: '/api/work-orders', optional: false },
    { url: '/api/accounting/exports', optional: false },
    { url: '/api/edi/messages', optional: false },
    { url: '/api/edi/tenders', optional: false },
    { url: '/api/ifta/returns/2026-Q3', optional: false },
  ]
  for (const { url, optional } of urls) {
    const [app, base] = await Promise.all((['app', 'baseline'] as const).map((side) => targets[side].http.request({ path: url, headers: auth })))
    if (optional && app.status === 404) {
      skipped.push(url)
      continue
    }
    if (app.status !== 200 || base.status !== 200) {
      problems.push(`${url}: status app ${app.status}, baseline ${base.status} (${app.body.toString('utf8', 0, 120)} | ${base.body.toString('utf8', 0, 120)})`)
      continue
    }
    const a = JSON.parse(app.body.toString('utf8')) as Record<string, unknown>
    const b = JSON.parse(base.body.toString('utf8')) as Record<string, unknown>
    if (JSON.stringify(a) === JSON.stringify(b)) same.push(url)
    else problems.push(`${url}: app ${app.body.length} B, baseline ${base.body.length} B differ:\n    ${differences(a, b).join('\n    ')}`)
  }
  console.info(`\nAPI parity: ${same.length ? `${same.join(', ')}: the same JSON from app and baseline` : 'no answer alike'}.`)
  if (skipped.length) console.info(`  skipped: ${skipped.join(', ')} (the app answers 404: the route is not there yet)`)
  for (const problem of problems) console.info(`  DIFFERS ${problem}`)
}

/**
 * Where two JSON values differ: a value that differs (strings shown around their first differing
 * character), a key only one side has, arrays of other lengths, keys in another order. Items of
 * arrays are one place (`[*]`), told once with how many items differ there; at most `limit` places.
 */
function differences(a: unknown, b: unknown, limit = 8): string[] {
  const places = new Map<string, { example: string; count: number }>()
  const note = (at: string, text: string) => {
    const place = at.replace(/\[\d+\]/g, '[*]') || '.'
    const known = places.get(place)
    if (known) known.count++
    else places.set(place, { example: `${at || '.'}: ${text}`, count: 1 })
  }
  const show = (value: unknown) => JSON.stringify(value)?.slice(0, 80) ?? 'undefined'
  const walk = (x: unknown, y: unknown, at: string) => {
    if (JSON.stringify(x) === JSON.stringify(y)) return
    if (Array.isArray(x) && Array.isArray(y)) {
      if (x.length !== y.length) note(at, `${x.length} items in the app, ${y.length} in the baseline`)
      for (let i = 0; i < Math.min(x.length, y.length); i++) walk(x[i], y[i], `${at}[${i}]`)
    } else if (x && y && typeof x === 'object' && typeof y === 'object' && !Array.isArray(x) && !Array.isArray(y)) {
      const ox = x as Record<string, unknown>
      const oy = y as Record<string, unknown>
      const keysX = Object.keys(ox)
      const keysY = Object.keys(oy)
      const missing = keysX.filter((key) => !(key in oy))
      const extra = keysY.filter((key) => !(key in ox))
      for (const key of missing) note(`${at}.${key}`, `only in the app (${show(ox[key])})`)
      for (const key of extra) note(`${at}.${key}`, `only in the baseline (${show(oy[key])})`)
      const shared = keysX.filter((key) => key in oy)
      for (const key of shared) walk(ox[key], oy[key], `${at}.${key}`)
      if (!missing.length && !extra.length && shared.every((key) => JSON.stringify(ox[key]) === JSON.stringify(oy[key])))
        note(at, `keys in another order: app ${keysX.join(',')} vs baseline ${keysY.join(',')}`)
    } else if (typeof x === 'string' && typeof y === 'string') {
      let i = 0
      while (x[i] === y[i]) i++
      const around = (text: string) => JSON.stringify(text.slice(Math.max(0, i - 20), i + 40))
      note(at, `strings differ at character ${i}: app …${around(x)}… vs baseline …${around(y)}…`)
    } else {
      note(at, `app ${show(x)} vs baseline ${show(y)}`)
    }
  }
  walk(a, b, '')
  const found = [...places.values()].map(({ example, count }) => (count > 1 ? `${example} (and ${count - 1} more items alike)` : example))
  return found.length > limit ? [...found.slice(0, limit), `… ${found.length - limit} more places`] : found
}

async function window(target: Target, scenario: Scenario, fixtures: Fixtures, seconds: number): Promise<Sample> {
  const driver = await scenario.make(target, fixtures)
  return runLoad(target.http, driver, { seconds }, options.concurrency)
}

/** Interleaved windows per scenario: warm-up of each, then app, baseline, app, baseline … */
async function compare(targets: Record<Side, Target>, chosen: Scenario[], fixtures: Fixtures, routePaths: string[]) {
  const loads = loadScenarios(routePaths, options.loads)
  heading(`Throughput and latency, interleaved (${options.concurrency} clients, ${options.rounds} × ${options.seconds} s per server and scenario)`)
  // Both servers see every scenario before the first measured window (JIT, pools, caches).
  if (options.warmup > 0) {
    for (const side of ['app', 'baseline'] as const) {
      const drivers = new Map<string, Driver>()
      for (const scenario of chosen) drivers.set(scenario.name, await scenario.make(targets[side], fixtures))
      await runLoad(targets[side].http, mixed(drivers), { seconds: 2 * options.warmup }, options.concurrency)
    }
  }
  const results = []
  for (const scenario of chosen) {
    if (options.warmup > 0) for (const side of ['app', 'baseline'] as const) await window(targets[side], scenario, fixtures, options.warmup)
    const samples: Record<Side, Sample[]> = { app: [], baseline: [] }
    for (let round = 0; round < options.rounds; round++) {
      for (const side of ['app', 'baseline'] as const) samples[side].push(await window(targets[side], scenario, fixtures, options.seconds))
    }
    const app = summarize(merge(samples.app))
    const base = summarize(merge(samples.baseline))
    const perRound = (side: Side) => samples[side].map((sample) => int(sample.ok / (sample.elapsedMs / 1000))).join(' / ')
    console.info(`  ${scenario.name}: app ${perRound('app')} req/s, baseline ${perRound('baseline')} req/s`)
    for (const side of ['app', 'baseline'] as const) {
      const first = merge(samples[side]).firstError
      if (first) console.info(`    ${side} error sample: ${first}`)
    }
    results.push({ scenario: scenario.name, app, base })
  }
  console.info(
    `\n${table(results, [
      { title: 'scenario', value: (r) => r.scenario, align: 'left' },
      { title: 'app req/s', value: (r) => int(r.app.rps) },
      { title: 'app p50 ms', value: (r) => ms(r.app.p50) },
      { title: 'app p97.5 ms', value: (r) => ms(r.app.p975) },
      { title: 'baseline req/s', value: (r) => int(r.base.rps) },
      { title: 'baseline p50 ms', value: (r) => ms(r.base.p50) },
      { title: 'baseline p97.5 ms', value: (r) => ms(r.base.p975) },
      { title: 'ratio app/baseline', value: (r) => (r.app.rps / r.base.rps).toFixed(2) },
      { title: '409s app/baseline', value: (r) => `${r.app.conflicts}/${r.base.conflicts}` },
      { title: 'errors app/baseline', value: (r) => `${r.app.errors}/${r.base.errors}` },
    ])}`,
  )
  console.info(
    '\nreq/s counts accepted answers only (200; 302 with a session cookie for sign-in). PUT: each client owns one truck and sends the version it last read; a 409 (someone else wrote it) is counted apart and the truck re-read untimed.',
  )
  console.info(loads.note)
  return results
}

/**
 * With `--loads N` (ADR 073): the database's size, how long the loads took to seed, and the loads
 * scenarios' latency beside the runs at other sizes recorded in <data-dir>/loads-figures.json
 * (run `--loads 1000000`, then `--loads 10000000`: the second prints both).
 */
async function reportLoads(database: Database, results: Array<{ scenario: string; app: ReturnType<typeof summarize> }>) {
  const [size] = await query<{ database: string; loads: string; stops: string; charges: string }>(
    database.url,
    `SELECT pg_database_size(current_database()) AS database, pg_total_relation_size('"Load"') AS loads,
       pg_total_relation_size('"LoadStop"') AS stops, pg_total_relation_size('"LoadCharge"') AS charges`,
  )
  const file = path.join(options.dataDir, 'loads-figures.json')
  const recorded = (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {}) as Record<string, LoadFigures>
  const before = recorded[options.loads]
  const scenarios = new Set(loadScenarios([], options.loads).scenarios.map((scenario) => scenario.name))
  recorded[options.loads] = {
    date: new Date().toISOString().slice(0, 10),
    loadAverage: os.loadavg()[0],
    seedSeconds: database.loadsSeed?.seconds ?? before?.seedSeconds ?? null,
    seedCpuSeconds: database.loadsSeed ? database.loadsSeed.cpuSeconds : (before?.seedCpuSeconds ?? null),
    bytes: { database: Number(size.database), loads: Number(size.loads), stops: Number(size.stops), charges: Number(size.charges) },
    scenarios: Object.fromEntries(
      results.filter((r) => scenarios.has(r.scenario)).map((r) => [r.scenario, { rps: r.app.rps, p50: r.app.p50, p975: r.app.p975 }]),
    ),
  }
  fs.writeFileSync(file, `${JSON.stringify(recorded, null, 2)}\n`)
  const sizes = Object.keys(recorded)
    .map(Number)
    .sort((a, b) => a - b)
  const gib = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(2)} GiB`
  heading(`Loads at scale: the app's p50 / p97.5 (ms) per size (${file})`)
  const names = [...scenarios].filter((name) => sizes.some((n) => recorded[n].scenarios[name]))
  // Compared with one million (ADR 025's size) when it was run, else with the smallest size run.
  const base = sizes.includes(1_000_000) && sizes.at(-1) !== 1_000_000 ? 1_000_000 : sizes[0]
  const smallest = recorded[base]
  const largest = recorded[sizes.at(-1)!]
  console.info(
    table(names, [
      { title: 'scenario', value: (name) => name, align: 'left' },
      ...sizes.map((n) => ({
        title: `${int(n)} loads`,
        value: (name: string) => {
          const figures = recorded[n].scenarios[name]
          return figures ? `${ms(figures.p50)} / ${ms(figures.p975)}` : '–'
        },
      })),
      ...(sizes.length > 1
        ? [
            {
              title: `p97.5 ${int(sizes.at(-1)!)} ÷ ${int(base)}`,
              value: (name: string) => {
                const [small, large] = [smallest.scenarios[name], largest.scenarios[name]]
                return small && large ? (large.p975 / small.p975).toFixed(2) : '–'
              },
            },
          ]
        : []),
    ]),
  )
  console.info(
    `\n${table(sizes, [
      { title: 'loads', value: (n) => int(n) },
      { title: 'measured', value: (n) => recorded[n].date, align: 'left' },
      { title: 'load average', value: (n) => recorded[n].loadAverage.toFixed(1) },
      { title: 'seed (loads, stops, charges) s', value: (n) => (recorded[n].seedSeconds === null ? '–' : int(recorded[n].seedSeconds!)) },
      { title: 'seed CPU s', value: (n) => (recorded[n].seedCpuSeconds ? int(recorded[n].seedCpuSeconds!) : '–') },
      { title: 'database', value: (n) => gib(recorded[n].bytes.database) },
      { title: 'Load', value: (n) => gib(recorded[n].bytes.loads) },
      { title: 'LoadStop', value: (n) => gib(recorded[n].bytes.stops) },
      { title: 'LoadCharge', value: (n) => gib(recorded[n].bytes.charges) },
    ])}`,
  )
  console.info(
    '\nSizes with their indexes. Seed CPU: seconds used by Node and the database sessions, the work whatever else the machine runs (halved: about the wall time on two free cores kept busy). The goal: p97.5 at ten million within 1.5× of one million.',
  )
}

type LoadFigures = {
  date: string
  loadAverage: number
  seedSeconds: number | null
  seedCpuSeconds?: number | null
  bytes: { database: number; loads: number; stops: number; charges: number }
  scenarios: Record<string, { rps: number; p50: number; p975: number }>
}

/** RSS of the serving app process before and after N mixed requests, sampled for the peak. */
async function memory(app: Server, baseline: Server, target: Target, chosen: Scenario[], fixtures: Fixtures) {
  const pid = servingPid(app.child.pid!)
  const drivers = new Map<string, Driver>()
  for (const scenario of chosen) drivers.set(scenario.name, await scenario.make(target, fixtures))
  const driver = mixed(drivers)
  heading(`Memory: ${int(options.memoryRequests)} mixed requests to the app (${options.concurrency} clients)`)
  console.info(`serving process ${pid}: ${commandOf(pid)}`)
  await runLoad(target.http, driver, { total: 500 }, options.concurrency)
  const before = memoryOf(pid)
  let peak = before.rss
  const sampler = setInterval(() => {
    peak = Math.max(peak, memoryOf(pid).rss)
  }, 200)
  const sample = await runLoad(target.http, driver, { total: options.memoryRequests }, options.concurrency)
  clearInterval(sampler)
  const after = memoryOf(pid)
  peak = Math.max(peak, after.rss)
  await new Promise((resolve) => setTimeout(resolve, 2000))
  const settled = memoryOf(pid)
  const baselineMemory = memoryOf(servingPid(baseline.child.pid!))
  console.info(
    table(
      [
        { what: 'app RSS before (after 500 more warm-up requests)', value: `${before.rss.toFixed(0)} MiB` },
        { what: `app RSS after ${int(options.memoryRequests)} requests`, value: `${after.rss.toFixed(0)} MiB` },
        { what: 'app RSS 2 s later', value: `${settled.rss.toFixed(0)} MiB` },
        { what: 'app RSS peak (sampled every 200 ms)', value: `${peak.toFixed(0)} MiB` },
        { what: 'app VmHWM (kernel peak since start)', value: `${after.hwm.toFixed(0)} MiB` },
        { what: 'baseline RSS now, for comparison', value: `${baselineMemory.rss.toFixed(0)} MiB` },
        {
          what: 'mixed load',
          value: `${int(sample.ok / (sample.elapsedMs / 1000))} req/s over ${(sample.elapsedMs / 1000).toFixed(0)} s, ${sample.conflicts} 409s, ${sample.errors} errors`,
        },
      ],
      [
        { title: 'measure', value: (r) => r.what, align: 'left' },
        { title: 'value', value: (r) => r.value },
      ],
    ),
  )
  if (sample.firstError) console.info(`error sample: ${sample.firstError}`)
}

/** One scenario against the app under --cpu-prof; the profile of the load window only. */
async function profile(app: Server, target: Target, scenario: Scenario, fixtures: Fixtures) {
  if (options.warmup > 0) await window(target, scenario, fixtures, options.warmup)
  const fromUs = hrUs()
  const sample = summarize(await window(target, scenario, fixtures, options.seconds))
  const toUs = hrUs()
  const pid = app.child.pid!
  heading(`CPU profile: ${scenario.name}, ${options.concurrency} clients, ${options.seconds} s`)
  console.info(`${int(sample.rps)} req/s, p50 ${ms(sample.p50)} ms, p97.5 ${ms(sample.p975)} ms, ${sample.errors} errors (under the profiler)`)
  await app.stop()
  const file = findProfile(options.profileDir, pid)
  if (!file) throw new Error(`no .cpuprofile of process ${pid} in ${options.profileDir}`)
  const result = analyzeProfile(file, { fromUs, toUs })
  const busy = result.sampledMs - result.idleMs
  const pct = (value: number) => `${((value / result.sampledMs) * 100).toFixed(1)}%`
  console.info(
    `\n${(result.sampledMs / 1000).toFixed(1)} s sampled ${result.windowed ? 'inside the load window' : '(whole process: the load window could not be matched)'}; idle ${pct(result.idleMs)}, busy ${(busy / 1000).toFixed(1)} s. Percentages are of all sampled time.`,
  )
  heading('Top 25 functions by self time')
  console.info(
    table(result.bySelf.slice(0, 25), [
      { title: 'self ms', value: (f) => int(f.self) },
      { title: 'self %', value: (f) => pct(f.self) },
      { title: 'function', value: (f) => f.name.slice(0, 48), align: 'left' },
      { title: 'package / file', value: (f) => f.group, align: 'left' },
      { title: 'location', value: (f) => f.location.slice(-70), align: 'left' },
    ]),
  )
  heading("Top 15 functions by total time (self + callees; the event loop's node/V8 frames left out)")
  console.info(
    table(result.byTotal.slice(0, 15), [
      { title: 'total ms', value: (f) => int(f.total) },
      { title: 'total %', value: (f) => pct(f.total) },
      { title: 'function', value: (f) => f.name.slice(0, 48), align: 'left' },
      { title: 'package / file', value: (f) => f.group, align: 'left' },
      { title: 'location', value: (f) => f.location.slice(-70), align: 'left' },
    ]),
  )
  heading('Self time by package / file')
  console.info(
    table(result.byGroup.slice(0, 15), [
      { title: 'self ms', value: (g) => int(g.self) },
      { title: 'self %', value: (g) => pct(g.self) },
      { title: 'package / file', value: (g) => g.group, align: 'left' },
    ]),
  )
  heading('Flame graph as text (top-down; callees indented; node, V8 and the renderer recursion folded; ≥ 2% shown)')
  console.info('```')
  for (const line of flameLines(file, { fromUs, toUs }))
    console.info(`${'  '.repeat(line.depth)}${line.percent.toFixed(1).padStart(5)}%  ${line.name} (${line.group})`)
  console.info('```')
  console.info(`\nprofile: ${path.resolve(file)} (open it in Chrome DevTools › Performance, or in speedscope)`)
}

try {
  await main()
} catch (error) {
  console.error(error)
  await cleanUp()
  process.exit(1)
}
