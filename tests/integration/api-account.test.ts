import { describe, expect, it } from 'vitest'

import * as login from '~/routes/api/account/login'
import * as logout from '~/routes/api/account/logout'
import * as myAccount from '~/routes/api/account/my-account'
import * as register from '~/routes/api/account/register'
import * as notFound from '~/routes/api/not-found'
import { prisma } from '~/utils/db.server'

import { callApi } from '../contract-kit'
import { unique } from '../helpers'

describe('/api/account', () => {
  it('registers (201 with accessToken and user), then the token reads my-account', async () => {
    const email = `${unique('api')}@example.test`
    const response = await callApi(register, {
      method: 'POST',
      path: '/api/account/register',
      body: { email, password: 'long enough pw', firstName: 'Ann', lastName: 'Api' },
    })
    expect(response.status).toBe(201)
    expect(response.body.accessToken).toEqual(expect.any(String))
    expect(response.body.user).toMatchObject({ email, role: 'admin', firstName: 'Ann' })
    expect(response.body.user).not.toHaveProperty('passwordHash')
    expect(response.body.data.accessToken).toBe(response.body.accessToken)

    const me = await callApi(myAccount, { path: '/api/account/my-account', token: response.body.accessToken })
    expect(me.status).toBe(200)
    expect(me.body.data).toMatchObject({ email, role: 'admin' })
  })

  it('refuses bad registrations with field errors and a taken email with 409', async () => {
    const bad = await callApi(register, { method: 'POST', path: '/api/account/register', body: { email: 'nope', password: 'short', firstName: '' } })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['email', 'firstName', 'lastName', 'password'])
    const email = `${unique('taken')}@example.test`
    const body = { email, password: 'long enough pw', firstName: 'A', lastName: 'B' }
    expect((await callApi(register, { method: 'POST', path: '/api/account/register', body })).status).toBe(201)
    const again = await callApi(register, { method: 'POST', path: '/api/account/register', body })
    expect(again.status).toBe(409)
    expect(again.body.error.fields.email).toHaveLength(1)
  })

  it('logs in, fails without telling why, and logs out (revoking the token)', async () => {
    const email = `${unique('login')}@example.test`
    await callApi(register, { method: 'POST', path: '/api/account/register', body: { email, password: 'long enough pw', firstName: 'A', lastName: 'B' } })
    const wrong = await callApi(login, { method: 'POST', path: '/api/account/login', body: { email, password: 'wrong password' } })
    expect(wrong.status).toBe(401)
    expect(wrong.body.error).toEqual({ code: 'unauthorized', message: 'Failed to Login Please try again.' })

    const ok = await callApi(login, { method: 'POST', path: '/api/account/login', body: { email, password: 'long enough pw' } })
    expect(ok.status).toBe(200)
    expect(ok.body.user.email).toBe(email)
    const token = ok.body.accessToken
    expect((await callApi(logout, { method: 'POST', path: '/api/account/logout', token })).status).toBe(204)
    expect((await callApi(myAccount, { path: '/api/account/my-account', token })).status).toBe(401)
  })

  it('answers 429 rate_limited once an account is throttled from this address', async () => {
    const email = `${unique('throttle')}@example.test`
    // callApi's client address.
    await prisma.loginAttempt.createMany({ data: Array.from({ length: 10 }, () => ({ email, ip: '198.51.100.1', success: false })) })
    const response = await callApi(login, { method: 'POST', path: '/api/account/login', body: { email, password: 'whatever pw' } })
    expect(response.status).toBe(429)
    expect(response.body.error.code).toBe('rate_limited')
  })

  it('answers unknown API paths with a 404 JSON error', async () => {
    const response = await callApi(notFound, { path: '/api/nothing-here' })
    expect(response).toMatchObject({ status: 404, body: { error: { code: 'not_found' } } })
  })
})
