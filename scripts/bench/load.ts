/**
 * The bench's load generator: N concurrent clients, each one request at a time over its own
 * kept-alive connection (node:http), for a fixed time or a fixed number of requests. Only
 * answers a scenario accepts count as requests; a 409 on a PUT is counted apart (conflicts), any
 * other status as an error (its first sample is kept for the report).
 */
import http from 'node:http'

export type Request = { method?: string; path: string; headers?: Record<string, string>; body?: string }
export type Response = { status: number; headers: http.IncomingHttpHeaders; body: Buffer }

export class HttpClient {
  private readonly agent: http.Agent
  private readonly url: URL

  constructor(base: string, sockets = 16) {
    this.url = new URL(base)
    this.agent = new http.Agent({ keepAlive: true, maxSockets: sockets, maxFreeSockets: sockets })
  }

  request({ method = 'GET', path, headers = {}, body }: Request): Promise<Response> {
    return new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : Buffer.from(body)
      const req = http.request(
        {
          agent: this.agent,
          hostname: this.url.hostname,
          port: this.url.port,
          method,
          path,
          headers: payload ? { ...headers, 'Content-Length': String(payload.length) } : headers,
        },
        (res) => {
          const chunks: Buffer[] = []
          res.on('data', (chunk: Buffer) => chunks.push(chunk))
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
          res.on('error', reject)
        },
      )
      req.on('error', reject)
      req.end(payload)
    })
  }

  close() {
    this.agent.destroy()
  }
}

export type Outcome = 'ok' | 'conflict' | 'error'

/** One kind of request against one server, as the load loop drives it. */
export type Driver = {
  /** Untimed work before a request (re-reading a record after a conflict). */
  before?: (client: number) => Promise<void>
  request: (client: number, sequence: number) => Request
  check: (response: Response, client: number) => Outcome
}

export type Sample = { latencies: number[]; ok: number; conflicts: number; errors: number; elapsedMs: number; firstError?: string }

/** Runs `driver` with `concurrency` clients until `seconds` pass or `total` requests were sent. */
export async function runLoad(target: HttpClient, driver: Driver, limit: { seconds?: number; total?: number }, concurrency: number): Promise<Sample> {
  const sample: Sample = { latencies: [], ok: 0, conflicts: 0, errors: 0, elapsedMs: 0 }
  const started = performance.now()
  const deadline = limit.seconds ? started + limit.seconds * 1000 : Number.POSITIVE_INFINITY
  let sent = 0
  await Promise.all(
    Array.from({ length: concurrency }, async (_, client) => {
      while (performance.now() < deadline && (limit.total === undefined || sent < limit.total)) {
        const sequence = sent++
        await driver.before?.(client)
        const request = driver.request(client, sequence)
        const t0 = performance.now()
        let outcome: Outcome
        try {
          const response = await target.request(request)
          const latency = performance.now() - t0
          outcome = driver.check(response, client)
          if (outcome === 'ok') sample.latencies.push(latency)
          else if (outcome === 'error')
            sample.firstError ??= `${request.method ?? 'GET'} ${request.path} → ${response.status} ${response.body.toString('utf8', 0, 200)}`
        } catch (error) {
          outcome = 'error'
          sample.firstError ??= `${request.method ?? 'GET'} ${request.path} → ${error instanceof Error ? error.message : String(error)}`
        }
        if (outcome === 'ok') sample.ok++
        else if (outcome === 'conflict') sample.conflicts++
        else sample.errors++
      }
    }),
  )
  sample.elapsedMs = performance.now() - started
  return sample
}

/** Several windows of one scenario on one server, taken together. */
export function merge(samples: Sample[]): Sample {
  return {
    latencies: samples.flatMap((sample) => sample.latencies),
    ok: samples.reduce((sum, sample) => sum + sample.ok, 0),
    conflicts: samples.reduce((sum, sample) => sum + sample.conflicts, 0),
    errors: samples.reduce((sum, sample) => sum + sample.errors, 0),
    elapsedMs: samples.reduce((sum, sample) => sum + sample.elapsedMs, 0),
    firstError: samples.find((sample) => sample.firstError)?.firstError,
  }
}

export function percentile(sorted: number[], q: number) {
  if (!sorted.length) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]
}

export function summarize(sample: Sample) {
  const sorted = [...sample.latencies].sort((a, b) => a - b)
  return {
    rps: sample.ok / (sample.elapsedMs / 1000),
    p50: percentile(sorted, 0.5),
    p975: percentile(sorted, 0.975),
    ok: sample.ok,
    conflicts: sample.conflicts,
    errors: sample.errors,
  }
}
