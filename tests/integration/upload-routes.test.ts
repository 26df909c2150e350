/**
 * The edge asks which upload a path's route declares (uploadLimitsOf) on every write. It skips
 * React Router's matchRoutes unless an upload route could match: here, over every route of the
 * production build, its answers are exactly matchRoutes' own.
 */
import type { RouteObject } from 'react-router'
import { beforeAll, describe, expect, it } from 'vitest'

import { uploadLimitsOf } from '~/utils/edge.server'
import type { UploadLimit } from '~/utils/upload-limit'

import { buildRoutes, fullPath, matcherOf, type RouteEntry, routeTree } from '../build-routes'

let routes: Record<string, RouteEntry>

beforeAll(async () => {
  routes = await buildRoutes()
})

type Node = RouteObject & { upload?: UploadLimit }
let reference: ((path: string) => Promise<Node[] | null>) | undefined

/** The answer as matchRoutes gives it, over the whole tree: what the edge did before. */
async function referenceOf(path: string): Promise<UploadLimit | null> {
  reference ??= matcherOf(routeTree<Node>(routes, (entry) => ({ upload: (entry.module as { upload?: UploadLimit }).upload })))
  const page = path.replace(/\/(_root|_)\.data$/, '/').replace(/\.data$/, '')
  return (await reference(page))?.at(-1)?.upload ?? null
}

describe('the upload a path declares', () => {
  it('is what matchRoutes finds, for every route of the build and the paths around them', { timeout: 180_000 }, async () => {
    const limits = uploadLimitsOf(routes)
    const paths = new Set<string>(['/', '//api//trucks', '/API/Loads/x/Documents', '/dashboard/%75ser/account', '/dashboard/user/account/'])
    for (const id of Object.keys(routes)) {
      const path = fullPath(routes, id)
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
    const expected = new Map<string, UploadLimit | null>()
    for (const path of paths) expected.set(path, await referenceOf(path))
    // Not vacuous: the build's upload routes are among the paths.
    expect([...expected.values()].filter((upload) => upload !== null).length).toBeGreaterThan(5)
    for (const path of paths) expect(limits(path), path).toBe(expected.get(path))
  })
})
