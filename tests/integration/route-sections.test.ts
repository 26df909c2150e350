/**
 * Requests go to request handlers of their own by the first two segments of their path, each over
 * the routes that could match there (routeSections, ADR 076). Over every route of the production
 * build and the paths around them: each path a section takes finds the very routes (the whole
 * chain, layouts included) that the whole app's table finds, and every path but `/` is taken.
 */
import type { RouteObject } from 'react-router'
import { beforeAll, describe, expect, it } from 'vitest'

import { routeSections } from '~/utils/edge.server'

import { buildRoutes, fullPath, matcherOf, type RouteEntry, routeTree } from '../build-routes'

let routes: Record<string, RouteEntry>

beforeAll(async () => {
  routes = await buildRoutes()
})

/** The ids of every route matching the path, root first, as the request handler matches it (a data request is its page). */
const matchers = new WeakMap<RouteObject[], ReturnType<typeof matcherOf>>()
const chain = async (roots: RouteObject[], path: string) => {
  if (!matchers.has(roots)) matchers.set(roots, matcherOf(roots))
  const matches = await matchers.get(roots)!(path.replace(/\/(_root|_)\.data$/, '/').replace(/\.data$/, ''))
  return matches?.map((route) => route.id) ?? null
}

describe('the request handlers by section', () => {
  it('find, for every path they take, the routes the whole app finds, and take every path but the root', { timeout: 180_000 }, async () => {
    const sections = routeSections({ routes })
    const whole = routeTree(routes)
    const trees = new Map<string, RouteObject[]>()
    const sectionTree = (section: string) => {
      if (!trees.has(section)) trees.set(section, routeTree(sections.buildOf(section).routes as Record<string, RouteEntry>))
      return trees.get(section)!
    }

    const paths = new Set<string>([
      '/',
      '/api',
      '/api/',
      '/API/Trucks',
      '/api/%74rucks',
      '/api/docs.data',
      '/dashboard/_.data',
      '/dashboard/trucks/_.data',
      '/_root.data',
      '/api/nope/deeper',
      '/apis/trucks',
      '/dashboard/nope/deeper',
      '/nope/deeper',
      '/health',
      '/HEALTH/',
      '/nope',
      '/dashboard',
    ])
    for (const id of Object.keys(routes)) {
      const path = fullPath(routes, id)
      for (const value of ['abc123', 'new']) {
        const concrete = path.replace(/:[\w-]+\??/g, value).replace(/\*$/, 'a/b')
        for (const variant of [
          concrete,
          `${concrete}.data`,
          `${concrete}/_.data`,
          `${concrete}/extra`,
          concrete.toUpperCase(),
          `${concrete}//`,
          concrete.replace(/^\/(\w+)\//, '/$1//'),
        ])
          paths.add(variant)
      }
    }
    let taken = 0
    for (const path of paths) {
      const section = sections.sectionOf(path)
      if (section === null) {
        // Only the root (as the page it names), an encoded or a doubled-slash path goes to the whole table.
        const page = path.replace(/\/(_root|_)\.data$/, '/').replace(/\.data$/, '')
        expect(page.split('/').filter(Boolean).length === 0 || /%|\/\//.test(path), path).toBe(true)
        continue
      }
      taken++
      expect(await chain(sectionTree(section), path), path).toEqual(await chain(whole, path))
    }
    expect(taken).toBeGreaterThan(1000)
    // Paths no route names share their section: asking for more of them makes no new handlers.
    const madeUp = Array.from({ length: 50 }, (_, n) => [
      `/made-up-${n}/x${n}`,
      `/Made-${n}`,
      `/api/made-up-${n}`,
      `/dashboard/made-up-${n}/x`,
      `/api/trucks/made-up-${n}`,
    ]).flat()
    for (const path of madeUp) {
      const section = sections.sectionOf(path)!
      expect(await chain(sectionTree(section), path), path).toEqual(await chain(whole, path))
    }
    expect(new Set(madeUp.map((path) => sections.sectionOf(path)))).toEqual(new Set(['*/*', '*', 'api/*', 'dashboard/*', 'api/trucks']))
    // Many small tables, not one large one.
    expect(trees.size).toBeGreaterThan(60)
    // (A one-segment section, `/dashboard` itself, holds what may match under it: large, and rare.)
    for (const section of trees.keys())
      if (section.includes('/')) expect(Object.keys(sections.buildOf(section).routes).length, section).toBeLessThan(Object.keys(routes).length / 4)
  })
})
