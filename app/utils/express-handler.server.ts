/**
 * React Router's request handler for Express (ADR 078): @react-router/express's, but an answer
 * whose length is known is sent in one write. Its own handler reads every body as a stream, chunk
 * by chunk, and flushes the compression after each chunk: for a page or a JSON answer (one string,
 * Content-Length set by entry.server.tsx and jsonResponse) that is a stream reader, error monitors
 * and a compression flush before the end for nothing. Streams (event streams, files, CSV exports,
 * ZIP archives) and answers of unknown length are sent as before.
 * Loaded by server.ts next to Express; imports no app code.
 */
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from '@react-router/node'
import type { NextFunction, Request, Response } from 'express'
import { createRequestHandler as createReactRouterHandler, type ServerBuild } from 'react-router'

/** Above this, even an answer of known length is streamed (a large file is not held in memory twice). */
const ONE_WRITE_MAX_BYTES = 1024 * 1024

export function createRequestHandler({ build, mode }: { build: ServerBuild; mode: string }) {
  const handle = createReactRouterHandler(build, mode)
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      await send(res, await handle(fetchRequest(req, res)))
    } catch (error) {
      next(error)
    }
  }
}

/** The Fetch API request for an Express one, as @react-router/express makes it. */
function fetchRequest(req: Request, res: Response) {
  const [, forwardedPort] = req.app?.enabled('trust proxy') ? (req.get('X-Forwarded-Host')?.split(':') ?? []) : []
  const [, hostPort] = req.get('host')?.split(':') ?? []
  const port = [forwardedPort, hostPort].map((value) => Number.parseInt(value ?? '', 10)).find((value) => Number.isSafeInteger(value)) ?? ''
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || 'localhost'
  const url = new URL(`${req.protocol}://${hostname}${port ? `:${port}` : ''}${req.originalUrl}`)
  let controller: AbortController | null = new AbortController()
  res.on('finish', () => (controller = null))
  res.on('close', () => controller?.abort())
  const headers = new Headers()
  for (const [key, values] of Object.entries(req.headers)) {
    if (!values) continue
    if (Array.isArray(values)) for (const value of values) headers.append(key, value)
    else headers.set(key, values)
  }
  const init: RequestInit & { duplex?: 'half' } = { method: req.method, headers, signal: controller.signal }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    init.body = createReadableStreamFromReadable(req)
    init.duplex = 'half'
  }
  return new globalThis.Request(url.href, init)
}

async function send(res: Response, answer: globalThis.Response) {
  if (res.destroyed || res.writableEnded) {
    await answer.body?.cancel()
    return
  }
  res.statusMessage = answer.statusText
  res.status(answer.status)
  for (const [key, value] of answer.headers.entries()) res.append(key, value)
  const length = Number(answer.headers.get('Content-Length') ?? Number.NaN)
  if (!answer.body) {
    res.end()
  } else if (Number.isSafeInteger(length) && length <= ONE_WRITE_MAX_BYTES) {
    res.end(Buffer.from(await answer.arrayBuffer()))
  } else {
    if (/text\/event-stream/i.test(answer.headers.get('Content-Type') ?? '')) res.flushHeaders()
    try {
      await writeReadableStreamToWritable(answer.body, res)
    } catch (error) {
      if (res.destroyed || res.writableEnded) return
      throw error
    }
  }
}
