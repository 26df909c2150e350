/**
 * The JavaScript each page's first load needs, read from the build (run `npm run build` first):
 *   tsx scripts/route-js.ts [--limit 150|none] [--json] [--quiet]
 *
 * For every page route (a route with a component and no child routes), the browser's first load
 * is what React Router's <Scripts> preloads: entry.client (and the route manifest unless route
 * discovery is lazy, where the page inlines its part) and, for each route
 * of the matched chain (root … page), its module, plus every chunk these import statically. On
 * top, before hydrating, entry.client loads the locale strings of `common` and the areas the
 * chain's handles name (app/i18n.ts); they are counted in the language whose chunks are largest.
 * Lazy chunks (dynamic `import()`: the chart, dialogs) are not part of the first load.
 *
 * Checks (exit code 1 when one fails, so it can run after `npm run build` in a test script):
 *   - no route's first load (scripts + strings) exceeds --limit KiB gzip (default 150);
 *   - no client chunk at all contains zod (validation runs on the server; see
 *     docs/decisions/020-server-only-validation.md).
 * It reads two files the build writes: build/client/.vite/manifest.json (Vite's chunk graph,
 * `build.manifest` in vite.config.ts) and the server build's React Router manifest and handles.
 */
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'

const argv = process.argv.slice(2)
const option = (name: string) => {
  const index = argv.indexOf(`--${name}`)
  return index === -1 ? undefined : argv[index + 1]
}
// `--limit none` checks zod only (npm test does, after its build: ADR 020).
const limitKiB = option('limit') === 'none' ? Infinity : Number(option('limit') ?? 150)
const asJson = argv.includes('--json')
const quiet = argv.includes('--quiet')

const CLIENT = 'build/client'
const viteManifestFile = path.join(CLIENT, '.vite/manifest.json')
const serverBuildFile = 'build/server/index.js'
for (const file of [viteManifestFile, serverBuildFile]) {
  if (!fs.existsSync(file)) {
    console.error(`${file} is missing: run \`npm run build\` first.`)
    process.exit(2)
  }
}

type ViteChunk = { file: string; src?: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean; isDynamicEntry?: boolean }
type RouterRoute = {
  id: string
  parentId?: string
  path?: string
  index?: boolean
  hasDefaultExport?: boolean
  module: string
  imports?: string[]
  clientActionModule?: string
  clientLoaderModule?: string
  clientMiddlewareModule?: string
  hydrateFallbackModule?: string
}
type ServerBuild = {
  routeDiscovery?: { mode: string }
  assets: { url: string; entry: { module: string; imports: string[] }; routes: Record<string, RouterRoute> }
  routes: Record<string, { module: { handle?: unknown } }>
}

const vite = JSON.parse(fs.readFileSync(viteManifestFile, 'utf8')) as Record<string, ViteChunk>
const build = (await import(pathToFileURL(path.resolve(serverBuildFile)).href)) as ServerBuild
const { handleNamespaces, SUPPORTED_LANGUAGES } = await import('../app/i18n')

// Vite's manifest keys chunks by source; React Router's by URL. One lookup from URL to chunk.
const byFile = new Map<string, ViteChunk>(Object.values(vite).map((chunk) => [`/${chunk.file}`, chunk]))
const keyToFile = (key: string) => `/${vite[key].file}`

const sizes = new Map<string, { raw: number; gzip: number; zod: boolean }>()
function size(url: string) {
  let known = sizes.get(url)
  if (!known) {
    const content = fs.readFileSync(path.join(CLIENT, url))
    // zod 4 names every schema class `$Zod…` (its `$constructor`), and its error class ZodError:
    // the minifier keeps both strings, so their presence means zod's code is in the chunk.
    const zod = /\$Zod[A-Z]\w+|\bZodError\b/.test(content.toString('utf8'))
    known = { raw: content.length, gzip: gzipSync(content, { level: 9 }).length, zod }
    sizes.set(url, known)
  }
  return known
}

/** The URLs plus every chunk they import statically, transitively. */
function closure(urls: Iterable<string>) {
  const seen = new Set<string>()
  const visit = (url: string) => {
    if (seen.has(url)) return
    seen.add(url)
    for (const key of byFile.get(url)?.imports ?? []) visit(keyToFile(key))
  }
  for (const url of urls) visit(url)
  return seen
}

const routes = build.assets.routes
const children = new Set(Object.values(routes).map((route) => route.parentId))
const chainOf = (route: RouterRoute): RouterRoute[] => (route.parentId ? [...chainOf(routes[route.parentId]), route] : [route])
const pathOf = (chain: RouterRoute[]) =>
  '/' +
  chain
    .map((route) => route.path ?? '')
    .filter(Boolean)
    .join('/')

// Locale chunks by language and area, from the virtual modules scripts/locale-chunks.ts emits.
const localeChunk = new Map<string, string>()
for (const [key, chunk] of Object.entries(vite)) {
  const match = /virtual:locale-chunk\/(\w+)\/(\w+)$/.exec(key)
  if (match) localeChunk.set(`${match[1]}/${match[2]}`, `/${chunk.file}`)
}

const kib = (bytes: number) => Number((bytes / 1024).toFixed(1))
const rows = []
for (const route of Object.values(routes)) {
  if (!route.hasDefaultExport || children.has(route.id)) continue
  const chain = chainOf(route)
  // A page whose handle says `hydrate: false` (the API reference) is sent without <Scripts>: none.
  if (chain.some((step) => (build.routes[step.id]?.module.handle as { hydrate?: boolean } | undefined)?.hydrate === false)) {
    rows.push({ route: route.id, path: pathOf(chain), files: 0, 'raw KiB': 0, 'gzip KiB': 0, 'strings KiB': 0, 'total KiB': 0, zod: '' })
    continue
  }
  // With lazy route discovery (the default) the page inlines its part of the route manifest;
  // otherwise it loads the whole manifest as a script.
  const direct = [...(build.routeDiscovery?.mode === 'lazy' ? [] : [build.assets.url]), build.assets.entry.module, ...build.assets.entry.imports]
  for (const step of chain) {
    direct.push(step.module, ...(step.imports ?? []))
    for (const extra of [step.clientActionModule, step.clientLoaderModule, step.clientMiddlewareModule, step.hydrateFallbackModule]) {
      if (extra) direct.push(extra)
    }
  }
  const files = [...closure(direct)]
  const scripts = files.reduce((sum, url) => ({ raw: sum.raw + size(url).raw, gzip: sum.gzip + size(url).gzip }), { raw: 0, gzip: 0 })
  const areas = ['common', ...new Set(chain.flatMap((step) => handleNamespaces(build.routes[step.id]?.module.handle)))]
  const strings = Math.max(
    ...SUPPORTED_LANGUAGES.map((lng) =>
      areas.reduce((sum, ns) => {
        const url = localeChunk.get(`${lng}/${ns}`)
        if (!url) throw new Error(`no locale chunk for ${lng}/${ns}`)
        return sum + size(url).gzip
      }, 0),
    ),
  )
  rows.push({
    route: route.id,
    path: pathOf(chain) + (route.index ? ' (index)' : ''),
    files: files.length,
    'raw KiB': kib(scripts.raw),
    'gzip KiB': kib(scripts.gzip),
    'strings KiB': kib(strings),
    'total KiB': kib(scripts.gzip + strings),
    zod: files.some((url) => size(url).zod) ? 'ZOD' : '',
  })
}
rows.sort((a, b) => b['total KiB'] - a['total KiB'])

// Every emitted client chunk, lazy ones included: zod must be in none.
const zodChunks = Object.values(vite)
  .map((chunk) => `/${chunk.file}`)
  .filter((url) => url.endsWith('.js') && size(url).zod)
const overLimit = rows.filter((row) => row['total KiB'] > limitKiB)

// The biggest chunks of the first loads, to see what to move out next.
const shared = new Map<string, number>()
for (const route of Object.values(routes)) {
  if (!route.hasDefaultExport || children.has(route.id)) continue
  const chain = chainOf(route)
  for (const url of closure([build.assets.entry.module, ...chain.flatMap((step) => [step.module, ...(step.imports ?? [])])])) {
    shared.set(url, (shared.get(url) ?? 0) + 1)
  }
}
const biggest = [...shared]
  .map(([url, routeCount]) => ({ chunk: url.replace('/assets/', ''), 'gzip KiB': kib(size(url).gzip), routes: routeCount }))
  .sort((a, b) => b['gzip KiB'] - a['gzip KiB'])
  .slice(0, 15)

if (asJson) {
  console.info(JSON.stringify({ limitKiB, routes: rows, zodChunks, biggest }, null, 2))
} else if (!quiet) {
  console.info(`First-load JavaScript per page route (gzip -9; strings: locale chunks loaded before hydration, largest language)`)
  console.table(rows)
  console.info('Largest chunks in any first load')
  console.table(biggest)
  const totals = rows.map((row) => row['total KiB'])
  console.info(`total per route: min ${Math.min(...totals)} KiB, max ${Math.max(...totals)} KiB, limit ${limitKiB} KiB`)
}
if (overLimit.length) console.error(`Over ${limitKiB} KiB gzip: ${overLimit.map((row) => `${row.route} (${row['total KiB']} KiB)`).join(', ')}`)
if (zodChunks.length) console.error(`zod in client chunks: ${zodChunks.join(', ')}`)
process.exit(overLimit.length || zodChunks.length ? 1 : 0)
