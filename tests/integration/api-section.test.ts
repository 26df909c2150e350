/**
 * The JSON API's requests go to handlers of their own, one per resource, each over the root route,
 * the resource's routes and the API's catch-all (apiSections, ADR 076). Over every route of the
 * production build and the paths around them: each path a section takes finds the very route the
 * whole app's table finds, every API resource route is taken, and a page under /api (the
 * reference page) or an encoded path is left to the whole app.
 */
import fs from 'node:fs'

import { matchRoutes, type RouteObject } from 'react-router'
import { beforeAll, describe, expect, it } from 'vitest'

import { apiSections } from '~/utils/edge.server'

type RouteEntry = { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean; module: object }
let routes: Record<string, RouteEntry>

beforeAll(async () => {
  if (!fs.existsSync('build/server/index.js')) throw new Error('run `npm run build` first (npm test does)')
  routes = ((await import(/* @vite-ignore */ `${process.cwd()}/build/server/index.js`)) as { routes: Record<string, RouteEntry> }).routes
})

/** The route tree React Router builds from a manifest. */
function tree(manifest: Record<string, RouteEntry>) {
  const nodes = new Map<string, RouteObject>()
  for (const entry of Object.values(manifest)) {
    nodes.set(entry.id, {
      id: entry.id,
      path: entry.path,
      caseSensitive: entry.caseSensitive,
      ...(entry.index ? { index: true } : { children: [] }),
    } as RouteObject)
  }
  const roots: RouteObject[] = []
  for (const entry of Object.values(manifest)) {
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

const isPage = (entry: RouteEntry) => Boolean((entry.module as { default?: unknown }).default)
const deepest = (roots: RouteObject[], path: string) => matchRoutes(roots, path.replace(/\.data$/, ''))?.at(-1)?.route.id ?? null

describe('the API request handlers', () => {
  it('find, for every path they take, the route the whole app finds; take every API resource route; leave pages to the whole app', { timeout: 120_000 }, () => {
    const api = apiSections({ routes })
    const whole = tree(routes)
    const trees = new Map<string, RouteObject[]>()
    const sectionTree = (section: string) => {
      if (!trees.has(section)) {
        const manifest = api.buildOf(section).routes as Record<string, RouteEntry>
        // Only the root and resource routes: nothing they could be asked to render.
        for (const entry of Object.values(manifest)) if (entry.id !== 'root') expect(isPage(entry), entry.id).toBe(false)
        trees.set(section, tree(manifest))
      }
      return trees.get(section)!
    }

    const paths = new Set<string>([
      '/',
      '/api',
      '/api/',
      '/API/Trucks',
      '/api/%74rucks',
      '/api/docs',
      '/api/docs/',
      '/API/DOCS',
      '/api/docs.data',
      '/api/nope/deeper',
      '/apis/trucks',
    ])
    for (const id of Object.keys(routes)) {
      const path = fullPath(id)
      for (const value of ['abc123', 'new']) {
        const concrete = path.replace(/:[\w-]+\??/g, value).replace(/\*$/, 'a/b')
        for (const variant of [concrete, `${concrete}.data`, `${concrete}/extra`, concrete.toUpperCase(), `${concrete}//`, concrete.replace('/api/', '/api//')])
          paths.add(variant)
      }
    }
    let taken = 0
    for (const path of paths) {
      const route = deepest(whole, path)
      const section = api.sectionOf(path)
      if (section !== null) {
        taken++
        expect(deepest(sectionTree(section), path), path).toBe(route)
      } else if (route && route !== 'root' && /^\/api\//.test(path) && !path.includes('%') && !isPage(routes[route])) {
        // An API resource route the whole app's handler would have had to find.
        expect.fail(`${path} (${route}) is not taken by an API handler`)
      }
    }
    expect(taken).toBeGreaterThan(200)
    // Many small tables, not one large one.
    expect(trees.size).toBeGreaterThan(20)
    for (const page of ['/api/docs', '/api/docs/', '/API/DOCS', '/api/docs.data', '/api/%74rucks']) expect(api.sectionOf(page), page).toBeNull()
  })
})
