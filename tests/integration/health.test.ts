/** GET /health: what a load balancer or an uptime monitor reads. */
import { describe, expect, it } from 'vitest'

import { loader } from '~/routes/health'

import { withUnreachableDatabase } from '../helpers'

describe('GET /health', () => {
  it('answers 200 ok while the database answers', async () => {
    const response = await loader()
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ status: 'ok' })
  })

  it('answers 503 unavailable with Retry-After while the database cannot be reached, and ok once it is back', async () => {
    const response = await withUnreachableDatabase(() => loader())
    expect(response.status).toBe(503)
    expect(response.headers.get('Retry-After')).toBe('30')
    expect(await response.json()).toEqual({ status: 'unavailable' })
    expect((await loader()).status).toBe(200)
  })
})
