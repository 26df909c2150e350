/**
 * Page loaders and actions called as React Router calls them, for integration tests: a signed-in
 * browser request, the i18n middleware run first (actions translate their toasts), and the answer
 * as a status, a redirect's location or `data(...)`'s payload, whether returned or thrown.
 */
import { RouterContextProvider } from 'react-router'

import { i18nextMiddleware } from '~/middleware/i18next'
import { createSession } from '~/models/users/auth.server'
import { commitSessionCookie } from '~/requests/session.server'
import { isRefusal, isShownOnce } from '~/utils/page-answer'
import { getToast, type Toast } from '~/utils/toast.server'

// `never` accepts any route module's loader or action (their args are LoaderArgs/ActionArgs).
export type Handler = (args: never) => unknown
export type PageAnswer = {
  status: number
  location?: string | null
  data?: Record<string, unknown>
  headers?: Headers
  toast?: Toast | null
  /** A Response the handler returned (a file, a redirect): its body is still unread. */
  response?: Response
}

/** A request from a browser signed in (a fresh web session) as this user; `null`: an anonymous visitor. */
export async function browserRequest(path: string, userId: string | null, init: RequestInit = {}) {
  const headers = new Headers(init.headers)
  if (userId !== null) {
    const session = await createSession(userId, 'web')
    // Beside the cookies the test sends (the language): the session's.
    headers.set('Cookie', [headers.get('Cookie'), (await commitSessionCookie(session.id)).split(';')[0]].filter(Boolean).join('; '))
  }
  return new Request(`http://localhost${path}`, { ...init, headers })
}

/** The toast an answer flashes (its Set-Cookie), as the next page would show it. */
async function flashedToast(headers: Headers | undefined) {
  const cookie = headers?.get('Set-Cookie')
  return cookie ? (await getToast(new Request('http://localhost/', { headers: { Cookie: cookie.split(';')[0] } }))).toast : null
}

/**
 * The handler's answer (with its headers and the toast it flashes), or the status of what it
 * threw (403 page, 404 page, redirect). The one way tests call a page's loader or action.
 */
export async function callPage(
  handler: Handler,
  path: string,
  userId: string | null,
  params: Record<string, string> = {},
  init: RequestInit = {},
): Promise<PageAnswer> {
  const request = await browserRequest(path, userId, init)
  const context = new RouterContextProvider()
  await i18nextMiddleware({ request, params, context, unstable_pattern: '' } as never, async () => new Response())
  try {
    const result = await handler({ request, params, context } as never)
    if (result instanceof Response)
      return {
        status: result.status,
        location: result.headers.get('Location'),
        headers: result.headers,
        toast: await flashedToast(result.headers),
        response: result,
      }
    const shaped = result as { type?: string; init?: { status?: number; headers?: HeadersInit }; data?: unknown }
    // `data(...)` from an action: its status and payload.
    if (shaped?.type === 'DataWithResponseInit') {
      const headers = new Headers(shaped.init?.headers)
      return { status: shaped.init?.status ?? 200, data: shaped.data as Record<string, unknown>, headers, toast: await flashedToast(headers) }
    }
    return { status: 200, data: result as Record<string, unknown> }
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get('Location') }
    const init = (thrown as { init?: { status?: number } }).init
    if (init?.status) return { status: init.status }
    throw thrown
  }
}

/** A form post as the browser sends it. */
export function postForm(fields: Record<string, string> | URLSearchParams): RequestInit {
  return { method: 'POST', body: new URLSearchParams(fields), headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }
}

/**
 * A page action's refusal (app/requests/forms.server.ts) as the page shows it: the summary, its
 * reasons (other messages and field messages), the messages by field, the conflict flag. Null
 * when the answer is not a refusal.
 */
export function refusalOf(answer: PageAnswer) {
  const refused = answer.data
  if (!isRefusal(refused)) return null
  const errors = refused.result.error ?? {}
  const [message = null, ...others] = errors[''] ?? []
  const fields = Object.fromEntries(Object.entries(errors).filter(([name]) => name !== '')) as Record<string, string[]>
  return { intent: refused.intent, about: refused.about, message, reasons: [...others, ...Object.values(fields).flat()], fields, conflict: refused.conflict }
}

/**
 * A secret or link a page action answered once (ADR 107): its value and name, after checking the
 * answer is of that kind and is never cached. Null when the answer is anything else.
 */
export function shownOnceOf(answer: PageAnswer) {
  if (!isShownOnce(answer.data)) return null
  if (!/\bno-store\b/.test(answer.headers?.get('Cache-Control') ?? '')) throw new Error('a secret shown once must not be cached')
  return answer.data
}
