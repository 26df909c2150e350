/**
 * First-load JavaScript of every page route of the build: what a first visit downloads before
 * the page works. From the client manifest (build/client/assets/manifest-*.js, the same one the
 * server inlines into each page): the entry module and its imports, then for each route of the
 * chain from root to the page its module, its split client modules and their imports; plus the
 * locale chunks (English) that entry.client.tsx loads before hydrating: `common` and the routes'
 * `handle.i18n` namespaces (read from the server build). Sizes raw and gzip (level 6, as the
 * app's compression() sends them).
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

type ManifestRoute = { id: string; parentId?: string; path?: string; index?: boolean; hasDefaultExport?: boolean; module: string; imports?: string[] } & Record<
  string,
  unknown
>
type Manifest = { entry: { module: string; imports: string[] }; routes: Record<string, ManifestRoute> }

export const LIMIT_KIB = 150
const CLIENT_DIR = 'build/client'

function readManifest(): Manifest {
  const dir = path.join(CLIENT_DIR, 'assets')
  const files = fs
    .readdirSync(dir)
    .filter((name) => /^manifest-.*\.js$/.test(name))
    .map((name) => path.join(dir, name))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)
  if (!files.length) throw new Error(`no client manifest in ${dir}: run npm run build`)
  const text = fs.readFileSync(files[0], 'utf8')
  return JSON.parse(text.slice(text.indexOf('=') + 1).replace(/;\s*$/, '')) as Manifest
}

/** `handle.i18n` of every route, from the server build (in a child: it loads the whole app). */
function routeNamespaces(): Record<string, string[]> {
  const code = `const build = await import(${JSON.stringify(path.resolve('build/server/index.js'))})
console.log(JSON.stringify(Object.fromEntries(Object.entries(build.routes).map(([id, route]) => [id, route.module?.handle?.i18n ?? []]))))
process.exit(0)`
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', code], { env: { ...process.env, NODE_ENV: 'production' }, encoding: 'utf8' })
  if (result.status !== 0) throw new Error(`could not read the server build's routes: ${result.stderr}`)
  return JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '{}') as Record<string, string[]>
}

/** `en/<namespace>` → its chunk, from the locale loader's `"en/trucks": () => import("./trucks-….js")`. */
function localeChunks(): Map<string, string> {
  const chunks = new Map<string, string>()
  const dir = path.join(CLIENT_DIR, 'assets')
  const pattern = /["']en\/([\w-]+)["']\s*:\s*\(\)\s*=>\s*[\w$]+\(\s*\(\)\s*=>\s*import\(\s*[`"']\.\/([^`"']+)[`"']/g
  for (const name of fs.readdirSync(dir).filter((file) => file.endsWith('.js'))) {
    const text = fs.readFileSync(path.join(dir, name), 'utf8')
    if (!text.includes('"en/common"')) continue
    for (const match of text.matchAll(pattern)) chunks.set(match[1], `/assets/${match[2]}`)
  }
  return chunks
}

const sizes = new Map<string, { raw: number; gzip: number }>()
function sizeOf(url: string) {
  let size = sizes.get(url)
  if (!size) {
    const content = fs.readFileSync(path.join(CLIENT_DIR, url))
    size = { raw: content.length, gzip: gzipSync(content).length }
    sizes.set(url, size)
  }
  return size
}

function total(urls: Iterable<string>) {
  let raw = 0
  let gzip = 0
  for (const url of urls) {
    const size = sizeOf(url)
    raw += size.raw
    gzip += size.gzip
  }
  return { raw, gzip }
}

export type RouteJs = { id: string; path: string; files: number; codeRaw: number; codeGzip: number; stringsRaw: number; stringsGzip: number; gzip: number }

export function firstLoadJs(): { routes: RouteJs[]; routePaths: string[]; note: string } {
  const manifest = readManifest()
  const routes = Object.values(manifest.routes)
  const namespaces = routeNamespaces()
  const chunks = localeChunks()
  const parents = new Set(routes.map((route) => route.parentId).filter(Boolean))
  const chain = (route: ManifestRoute): ManifestRoute[] => (route.parentId ? [...chain(manifest.routes[route.parentId]), route] : [route])
  const fullPath = (route: ManifestRoute) =>
    `/${chain(route)
      .map((link) => link.path ?? '')
      .filter(Boolean)
      .join('/')}`
  const pages = routes.filter((route) => route.hasDefaultExport && !parents.has(route.id))
  const result = pages.map((page) => {
    const code = new Set([manifest.entry.module, ...manifest.entry.imports])
    for (const link of chain(page)) {
      for (const [key, value] of Object.entries(link)) if (/module$/i.test(key) && typeof value === 'string') code.add(value)
      for (const url of link.imports ?? []) code.add(url)
    }
    const wanted = new Set(['common', ...chain(page).flatMap((link) => namespaces[link.id] ?? [])])
    const strings = [...wanted].map((ns) => chunks.get(ns)).filter((url): url is string => Boolean(url))
    const codeSize = total(code)
    const stringSize = total(strings)
    return {
      id: page.id,
      path: fullPath(page),
      files: code.size + strings.length,
      codeRaw: codeSize.raw,
      codeGzip: codeSize.gzip,
      stringsRaw: stringSize.raw,
      stringsGzip: stringSize.gzip,
      gzip: codeSize.gzip + stringSize.gzip,
    }
  })
  result.sort((a, b) => b.gzip - a.gzip || a.path.localeCompare(b.path))
  const resources = routes.length - pages.length - parents.size
  const root = manifest.routes.root
  const shared = total(
    new Set([manifest.entry.module, ...manifest.entry.imports, root.module, ...(root.imports ?? []), ...[chunks.get('common') ?? []].flat()]),
  )
  const note = `every page loads the entry, the root route and the common strings: ${(shared.gzip / 1024).toFixed(1)} KiB gzip (${(shared.raw / 1024).toFixed(1)} KiB raw); ${pages.length} page routes (${resources} resource/API routes and ${parents.size} layouts not listed)${chunks.size ? '' : '; locale chunks not found, strings not counted'}`
  return { routes: result, routePaths: routes.map(fullPath), note }
}
