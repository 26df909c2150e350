/**
 * The production build's route manifest, as the tests that check the server's route tables read
 * it (tests/integration/upload-routes.test.ts, route-sections.test.ts): the manifest itself, the
 * tree React Router builds from it, and each route's full path.
 */
import fs from 'node:fs'

import { createStaticHandler, type RouteObject } from 'react-router'

export type RouteEntry = { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean; module: object }

export async function buildRoutes() {
  if (!fs.existsSync('build/server/index.js')) throw new Error('run `npm run build` first (npm test does)')
  return ((await import(/* @vite-ignore */ `${process.cwd()}/build/server/index.js`)) as { routes: Record<string, RouteEntry> }).routes
}

/** The route tree React Router builds from a manifest; `extra` adds fields to each node. */
export function routeTree<Node extends RouteObject>(manifest: Record<string, RouteEntry>, extra: (entry: RouteEntry) => object = () => ({})): Node[] {
  const nodes = new Map<string, Node>()
  for (const entry of Object.values(manifest)) {
    nodes.set(entry.id, {
      id: entry.id,
      path: entry.path,
      caseSensitive: entry.caseSensitive,
      ...extra(entry),
      ...(entry.index ? { index: true } : { children: [] }),
    } as Node)
  }
  const roots: Node[] = []
  for (const entry of Object.values(manifest)) {
    const parent = entry.parentId ? nodes.get(entry.parentId) : undefined
    if (parent) (parent.children ??= []).push(nodes.get(entry.id)!)
    else roots.push(nodes.get(entry.id)!)
  }
  return roots
}

/** A route's whole path, from the root. */
export function fullPath(manifest: Record<string, RouteEntry>, id: string): string {
  const entry = manifest[id]
  const own = entry.path ?? ''
  const parent = entry.parentId ? fullPath(manifest, entry.parentId) : ''
  return own.startsWith('/') ? own : `${parent}/${own}`.replace(/\/+/g, '/')
}

/**
 * React Router's own matching over `roots`, as `matchRoutes(roots, path)` answers (null when no
 * route matches), with the tree ranked once: matchRoutes flattens and ranks the whole tree at every
 * call (about 5 ms for the build's 425 routes, most of the route tests' time). The static handler
 * ranks it when made and matches with the same function; a path it finds nothing for is its 404.
 */
export function matcherOf<Node extends RouteObject>(roots: Node[]) {
  const handler = createStaticHandler(roots)
  return async (path: string): Promise<Node[] | null> => {
    // Joined, not resolved: `new URL('//api', base)` would read "api" as a host.
    const context = await handler.query(new Request(`http://localhost${path}`))
    if (context instanceof Response) throw new Error(`${path}: the static handler answered a Response`)
    return context.statusCode === 404 && context.errors ? null : context.matches.map((match) => match.route as Node)
  }
}
