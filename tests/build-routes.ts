/**
 * The production build's route manifest, as the tests that check the server's route tables read
 * it (tests/integration/upload-routes.test.ts, route-sections.test.ts): the manifest itself, the
 * tree React Router builds from it, and each route's full path.
 */
import fs from 'node:fs'

import type { RouteObject } from 'react-router'

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
