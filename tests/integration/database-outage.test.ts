/**
 * A database that cannot be reached is a temporary outage (503 `unavailable` with Retry-After),
 * never a reason to tell a client its valid token is bad (401): clients discard tokens on 401.
 */
import { describe, expect, it } from 'vitest'
import * as myAccount from '~/routes/api/account/my-account'
import * as trucks from '~/routes/api/trucks/collection'
import { callApi, createOrg, withUnreachableDatabase } from '../helpers'

describe('API during a database outage', () => {
  it('answers a valid token with 503 unavailable and Retry-After, not 401', async () => {
    const org = await createOrg()
    const answers = await withUnreachableDatabase(() =>
      Promise.all([
        callApi(myAccount, { path: '/api/account/my-account', token: org.users.admin.token }),
        callApi(trucks, { path: '/api/trucks', token: org.users.dispatcher.token }),
      ]),
    )
    for (const answer of answers) {
      expect(answer.status).toBe(503)
      expect(answer.body).toEqual({ error: { code: 'unavailable', message: 'The service is briefly unavailable. Please try again in a moment.' } })
      expect(answer.headers.get('Retry-After')).toBe('30')
    }
    // The same token works again once the database is back.
    expect((await callApi(myAccount, { path: '/api/account/my-account', token: org.users.admin.token })).status).toBe(200)
  })

  it('still answers 401 to a token that is bad on its own', async () => {
    const answer = await withUnreachableDatabase(() => callApi(myAccount, { path: '/api/account/my-account', token: 'not-a-token' }))
    expect(answer.status).toBe(401)
    expect(answer.body.error.code).toBe('unauthorized')
  })
})
