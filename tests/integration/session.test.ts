import { describe, expect, it } from 'vitest'

import { createSession } from '~/models/users/auth.server'
import { commitSessionCookie, getUser } from '~/requests/session.server'
import { prisma } from '~/utils/db.server'

import { createOrg } from '../helpers'

const requestWith = (cookie: string) => new Request('http://localhost/dashboard/app', { headers: { Cookie: cookie } })

describe('the session lookup of a request', () => {
  it('is shared by loaders running in parallel (each has its own Request), and not kept once settled', async () => {
    const org = await createOrg()
    const session = await createSession(org.users.dispatcher.id, 'web')
    const cookie = (await commitSessionCookie(session.id)).split(';')[0]

    const layout = getUser(requestWith(cookie))
    const page = getUser(requestWith(cookie))
    expect(page).toBe(layout)
    expect((await layout)?.id).toBe(org.users.dispatcher.id)

    // A ban after the lookup settled counts on the very next request.
    await prisma.user.update({ where: { id: org.users.dispatcher.id }, data: { status: 'banned' } })
    const next = getUser(requestWith(cookie))
    expect(next).not.toBe(layout)
    expect(await next).toBeNull()
  })

  it('is null without a cookie, and for a signature that does not match', async () => {
    expect(await getUser(new Request('http://localhost/'))).toBeNull()
    expect(await getUser(requestWith('fd_session=forged.value'))).toBeNull()
  })
})
