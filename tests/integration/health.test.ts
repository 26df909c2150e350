/** GET /health: what a load balancer or an uptime monitor reads. */
import { describe, expect, it } from 'vitest'
import { loader } from '~/routes/health'

describe('GET /health', () => {
  it('answers 200 ok while the database answers', async () => {
    const response = await loader()
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ status: 'ok' })
  })

  it('answers 503 unavailable with Retry-After while the database cannot be reached, and ok once it is back', async () => {
    const url = process.env.DATABASE_URL
    // Nothing listens on port 1: every connection is refused, as with a stopped server.
    process.env.DATABASE_URL = 'postgresql://freightdesk:secret@127.0.0.1:1/freightdesk'
    let response: Response
    try {
      response = await loader()
    } finally {
      process.env.DATABASE_URL = url
    }
    expect(response.status).toBe(503)
    expect(response.headers.get('Retry-After')).toBe('30')
    expect(await response.json()).toEqual({ status: 'unavailable' })
    expect((await loader()).status).toBe(200)
  })
})
