import { createCookieSessionStorage, redirect } from 'react-router'
import { z } from 'zod'

import { env } from './env.server'

export const ToastSchema = z.object({
  id: z.string().default(() => crypto.randomUUID()),
  type: z.enum(['info', 'success', 'warning', 'error']).default('info'),
  title: z.string(),
  description: z.string().optional(),
})
export type Toast = z.infer<typeof ToastSchema>
export type ToastInput = z.input<typeof ToastSchema>

function storage() {
  return createCookieSessionStorage({
    cookie: {
      name: 'fd_toast',
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure: env().HTTPS,
      secrets: [env().SESSION_SECRET],
    },
  })
}

export async function createToastHeaders(input: ToastInput) {
  const store = storage()
  const session = await store.getSession()
  session.flash('toast', ToastSchema.parse(input))
  return new Headers({ 'Set-Cookie': await store.commitSession(session) })
}

/** A redirect that shows a toast on the next page, with or without JavaScript. */
export async function redirectWithToast(url: string, toast: ToastInput, init?: ResponseInit) {
  return redirect(url, { ...init, headers: combineHeaders(init?.headers, await createToastHeaders(toast)) })
}

/** Reads (and clears) the flashed toast; the root loader passes it to the page. */
export async function getToast(request: Request) {
  const store = storage()
  const session = await store.getSession(request.headers.get('Cookie'))
  const parsed = ToastSchema.safeParse(session.get('toast'))
  return {
    toast: parsed.success ? parsed.data : null,
    headers: parsed.success ? new Headers({ 'Set-Cookie': await store.destroySession(session) }) : null,
  }
}

export function combineHeaders(...sources: Array<HeadersInit | null | undefined>) {
  const combined = new Headers()
  for (const source of sources) {
    if (!source) continue
    for (const [key, value] of new Headers(source).entries()) combined.append(key, value)
  }
  return combined
}
