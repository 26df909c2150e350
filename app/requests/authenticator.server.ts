import { Authenticator } from 'remix-auth'
import { FormStrategy } from 'remix-auth-form'

import { verifyLogin } from '~/models/users/auth.server'
import { LoginSchema } from '~/schemas/auth'
import { DomainError } from '~/utils/errors.server'

import { getClientIp } from './session.server'

type AuthenticatedUser = Awaited<ReturnType<typeof verifyLogin>>

/** remix-auth 4 only checks credentials; the session is ours (app/requests/session.server.ts). */
export const authenticator = new Authenticator<AuthenticatedUser>()

authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    const parsed = LoginSchema.safeParse(Object.fromEntries(form))
    if (!parsed.success) throw new DomainError('unauthorized', 'auth.login.failed')
    return verifyLogin(parsed.data.email, parsed.data.password, getClientIp(request))
  }),
  'form',
)
