/**
 * Memory under load (ADR 086). The heap limit (NODE_HEAP_MB) leaves room over the live heap, and
 * when the live heap nears it anyway the server refuses new work instead of dying: each request
 * while the heap, after the last full collection, is over MEMORY_SHED_PERCENT of the limit is
 * answered 503 `unavailable` with Retry-After (the JSON envelope under /api, the small translated
 * page elsewhere, as the edge's other refusals), until a collection finds it below again. `/health`
 * still answers, so a load balancer does not take a server out for being busy. The check costs a
 * comparison per request: the figure is taken after each full collection (a GC observer), and the
 * heap's statistics are read only while that figure is over the line.
 * LOG_MEMORY_SECONDS=N logs the figures every N seconds (the soak reads them: `npm run bench -- --soak`).
 * Loaded by server.ts next to Express; imports no app code beyond the edge's answer.
 */
import { constants, PerformanceObserver } from 'node:perf_hooks'
import v8 from 'node:v8'

import type { NextFunction, Request, Response } from 'express'
import { href } from 'react-router'

import { refuse } from './edge.server'

/** Seconds a refused client should wait: a few collections' time, well under an outage's 30 s. */
export const MEMORY_RETRY_AFTER_SECONDS = 10

const MB = 1024 * 1024
const mb = (bytes: number) => (bytes / MB).toFixed(1)

/** The heap in use right after the last full (mark-compact) collection: the live heap, give or take. */
let liveAfterGc = 0
let observer: PerformanceObserver | null = null

function observe() {
  if (observer) return
  observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if ((entry as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) liveAfterGc = v8.getHeapStatistics().used_heap_size
    }
  })
  observer.observe({ entryTypes: ['gc'] })
}

/**
 * The heap's figures now, in bytes. With `collect` (only when node runs with --expose-gc: the
 * bench's server) a full collection first, so `live` is exact rather than the last collection's.
 */
export function memoryFigures({ collect = false } = {}) {
  const gc = (globalThis as { gc?: () => void }).gc
  if (collect && gc) gc()
  const stats = v8.getHeapStatistics()
  return {
    live: collect && gc ? stats.used_heap_size : liveAfterGc,
    used: stats.used_heap_size,
    limit: stats.heap_size_limit,
    rss: process.memoryUsage.rss(),
  }
}

/** Refuses new requests (not /health) while the live heap is over `percent` of the heap limit. */
export function shedUnderMemoryPressure({ percent }: { percent: number }) {
  observe()
  const { limit } = memoryFigures()
  const threshold = (limit * percent) / 100
  let shed = 0
  let since = 0
  let lastLog = 0
  return (req: Request, res: Response, next: NextFunction) => {
    if (liveAfterGc < threshold || req.path === href('/health')) return next()
    // The heap in use is never below the live heap: under the line, the pressure has passed (the
    // collection that would say so may not have run yet).
    const { used } = memoryFigures()
    if (used < threshold) {
      if (shed) console.info(`[freightdesk] memory pressure over: ${shed} requests refused in ${((Date.now() - since) / 1000).toFixed(0)} s`)
      liveAfterGc = used
      shed = 0
      return next()
    }
    const now = Date.now()
    if (!shed) since = now
    if (!shed || now - lastLog > 10_000) {
      lastLog = now
      console.warn(
        `[freightdesk] memory pressure: live heap ${mb(liveAfterGc)} MB of a ${mb(limit)} MB limit (MEMORY_SHED_PERCENT=${percent}); ` +
          `answering 503 with Retry-After ${MEMORY_RETRY_AFTER_SECONDS} s (${shed} refused so far)`,
      )
    }
    shed++
    refuse(req, res, { code: 'unavailable', messageKey: 'edge.unavailable', headers: { 'Retry-After': String(MEMORY_RETRY_AFTER_SECONDS) } })
  }
}

/** Logs the memory figures every `seconds` (LOG_MEMORY_SECONDS); `connections` counts the open ones. */
export function logMemoryEvery(seconds: number, connections: () => number) {
  observe()
  const timer = setInterval(() => {
    const { live, used, limit, rss } = memoryFigures({ collect: true })
    console.info(`[freightdesk] memory: live heap ${mb(live)} MB, heap used ${mb(used)} MB of ${mb(limit)} MB, RSS ${mb(rss)} MB, ${connections()} connections`)
  }, seconds * 1000)
  timer.unref()
}
