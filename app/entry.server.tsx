import { PassThrough } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import type { i18n } from 'i18next'
import { isbot } from 'isbot'
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { ServerRouter, type EntryContext, type RouterContextProvider } from 'react-router'
import { detectLanguage, i18nFor } from './i18n.server'
import { getInstance } from './middleware/i18next'
import { CSP_NONCE_HEADER } from './utils/csp-nonce'
import { NonceProvider } from './utils/nonce-provider'

export const streamTimeout = 5_000

/** Requests that match no route skip the middleware; they still render in the right language. */
function i18nForRequest(request: Request, context: RouterContextProvider): i18n {
  try {
    return getInstance(context)
  } catch {
    return i18nFor(detectLanguage(request))
  }
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders })
  }
  const i18n = i18nForRequest(request, loadContext)
  // server.ts sends the matching Content-Security-Policy; without it (dev, tests) there is none.
  const nonce = request.headers.get(CSP_NONCE_HEADER) ?? ''

  return new Promise((resolve, reject) => {
    let shellRendered = false
    const userAgent = request.headers.get('user-agent')
    const readyOption: keyof RenderToPipeableStreamOptions = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady'
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000)

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <I18nextProvider i18n={i18n}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </I18nextProvider>
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId)
              timeoutId = undefined
              callback()
            },
          })
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
          pipe(body)
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }))
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          if (shellRendered) console.error(error)
        },
      },
    )
  })
}
