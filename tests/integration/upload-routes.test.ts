/**
 * The edge asks which upload a path's route declares (uploadLimitsOf) on every write. It skips
 * React Router's matchRoutes unless an upload route could match: here, over every route of the
 * production build, its answers are exactly matchRoutes' own.
 */
import fs from 'node:fs'

import { matchRoutes, type RouteObject } from 'react-router'
import { beforeAll, describe, expect, it } from 'vitest'

import { uploadLimitsOf } from '~/utils/edge.server'
import type { UploadLimit } from '~/utils/upload-limit'

type RouteEntry = { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean; module: object }
let routes: Record<string, RouteEntry>

beforeAll(async () => {
  if (!fs.existsSync('build/server/index.js')) throw new Error('run `npm run build` first (npm test does)')
  routes = ((await import(/* @vite-ignore */ `${process.cwd()}/build/server/index.js`)) as { routes: Record<string, RouteEntry> }).routes
})

type Node = RouteObject & { upload?: UploadLimit }
let roots: Node[] | undefined

/** The answer as matchRoutes gives it, over the whole tree: what the edge did before. */
function reference(path: string): UploadLimit | null {
  roots ??= tree()
  const page = path.replace(/\/(_root|_)\.data$/, '/').replace(/\.data$/, '')
  return (matchRoutes(roots, page)?.at(-1)?.route as Node | undefined)?.upload ?? null
}

function tree() {
  const nodes = new Map<string, Node>()
  for (const entry of Object.values(routes)) {
    const upload = (entry.module as { upload?: UploadLimit }).upload
    nodes.set(entry.id, {
      id: entry.id,
      path: entry.path,
      caseSensitive: entry.caseSensitive,
      upload,
      ...(entry.index ? { index: true } : { children: [] }),
    } as Node)
  }
  const roots: Node[] = []
  for (const entry of Object.values(routes)) {
    const parent = entry.parentId ? nodes.get(entry.parentId) : undefined
    if (parent) (parent.children ??= []).push(nodes.get(entry.id)!)
    else roots.push(nodes.get(entry.id)!)
  }
  return roots
}

function fullPath(id: string): string {
  const entry = routes[id]
  const own = entry.path ?? ''
  const parent = entry.parentId ? fullPath(entry.parentId) : ''
  return own.startsWith('/') ? own : `${parent}/${own}`.replace(/\/+/g, '/')
}

describe('the upload a path declares', () => {
  // matchRoutes flattens the whole tree for each path: slow, but it is the reference.
  it('is what matchRoutes finds, for every route of the build and the paths around them', { timeout: 180_000 }, () => {
    const limits = uploadLimitsOf(routes)
    const paths = new Set<string>(['/', '//api//trucks', '/API/Loads/x/Documents', '/dashboard/%75ser/account', '/dashboard/user/account/'])
    for (const id of Object.keys(routes)) {
      const path = fullPath(id)
      const upload = (routes[id].module as { upload?: UploadLimit }).upload
      paths.add(path.replace(/:[\w-]+\??/g, 'abc123').replace(/\*$/, 'a/b'))
      // Around an upload route: its data request, a child path, another case, encoded values.
      if (upload) {
        for (const value of ['abc123', 'new', 'a%2Fb', 'x.data']) {
          const concrete = path.replace(/:[\w-]+\??/g, value).replace(/\*$/, 'a/b')
          for (const variant of [concrete, `${concrete}.data`, `${concrete}/_.data`, `${concrete}/extra`, concrete.toUpperCase(), `${concrete}//`])
            paths.add(variant)
        }
      }
    }
    const uploads = [...paths].filter((path) => reference(path) !== null)
    // Not vacuous: the build's upload routes are among the paths.
    expect(uploads.length).toBeGreaterThan(5)
    for (const path of paths) expect(limits(path), path).toBe(reference(path))
  })
})
