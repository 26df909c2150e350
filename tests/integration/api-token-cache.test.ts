/**
 * Login tokens are verified once per process and then remembered until they expire (ADR 021,
 * measured by the bench): the remembered answer must never outlive the token, nor a signed-out session.
 */
import { SignJWT } from 'jose'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { createSession, deleteSession } from '~/models/users/auth.server'
import { ApiCall, requireApiUser } from '~/requests/api.server'
import { CLIENT_IP_HEADER } from '~/utils/client-ip'

import { createOrg } from '../helpers'

const asked = (token: string) =>
  new ApiCall(new Request('http://localhost/api/trucks', { headers: { Authorization: `Bearer ${token}`, [CLIENT_IP_HEADER]: '198.51.100.9' } }))

async function tokenFor(userId: string, sessionId: string, expiresAt: Date) {
  const key = new TextEncoder().encode(process.env.SESSION_SECRET)
  return new SignJWT({ sid: sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuedAt()
    .setExpirationTime(expiresAt)
    .setAudience('freightdesk-api')
    .sign(key)
}

afterEach(() => vi.useRealTimers())

describe('remembered login tokens', () => {
  it('accepts a token again while it is valid, and refuses it once it has expired', async () => {
    const org = await createOrg()
    const { id: userId } = org.users.dispatcher
    const session = await createSession(userId, 'api')
    const token = await tokenFor(userId, session.id, new Date(Date.now() + 60_000))
    await expect(requireApiUser(asked(token))).resolves.toMatchObject({ id: userId })
    await expect(requireApiUser(asked(token))).resolves.toMatchObject({ id: userId })
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + 120_000)
    await expect(requireApiUser(asked(token))).rejects.toMatchObject({ code: 'unauthorized' })
  })

  it('refuses a remembered token as soon as its session is signed out', async () => {
    const org = await createOrg()
    const { id: userId } = org.users.viewer
    const session = await createSession(userId, 'api')
    const token = await tokenFor(userId, session.id, new Date(Date.now() + 60_000))
    await expect(requireApiUser(asked(token))).resolves.toMatchObject({ id: userId })
    await deleteSession(session.id)
    await expect(requireApiUser(asked(token))).rejects.toMatchObject({ code: 'unauthorized' })
  })
})
