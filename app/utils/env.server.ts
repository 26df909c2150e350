import { z } from 'zod'

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATABASE_URL: z.string().url(),
  SESSION_SECRET: z.string().min(16, 'SESSION_SECRET must be at least 16 characters'),
  /**
   * The key that seals stored third-party secrets (an EDI partner's SFTP password or key, ADR 147);
   * unset: derived from SESSION_SECRET (then changing that one makes them unreadable: type them again).
   */
  SECRETS_KEY: z.string().min(16, 'SECRETS_KEY must be at least 16 characters').optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Freightdesk <no-reply@freightdesk.local>'),
  OUTBOX_DIR: z.string().default('.data/outbox'),
  STORAGE_DIR: z.string().default('.data/storage'),
  /**
   * Documents in an S3-compatible bucket instead of STORAGE_DIR (several app servers share them):
   * set S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY; S3_ENDPOINT for MinIO, R2 and the
   * like (with S3_FORCE_PATH_STYLE=true when the bucket is not a host name there).
   */
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((value) => value === 'true' || value === '1'),
  /** A folder inside the bucket for this installation's files (optional). */
  S3_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/, 'S3_PREFIX: letters, digits, _ and - in /-separated parts')
    .optional(),
  /**
   * The public address of the app, used for links in emails (never the request's Host, which a
   * client can forge). Unset: the address server.ts listens on.
   */
  APP_URL: z.string().url().optional(),
  /**
   * The organization the public site pages (/about-us, /pricing …) speak for (its id). Unset: the
   * first organization made (in the demo data, the main demo carrier).
   */
  SITE_ORGANIZATION: z.string().min(1).optional(),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().positive().default(3000),
  /** Requests that email an address or register it (reset, verification, registration), per window. */
  AUTH_RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().positive().default(5),
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().positive().default(20),
  AUTH_RATE_LIMIT_WINDOW_MINUTES: z.coerce.number().int().positive().default(60),
  /** JSON API requests per minute per credential (login token or API key) and per client IP. */
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  API_RATE_LIMIT_PER_IP_PER_MINUTE: z.coerce.number().int().positive().default(1200),
  /**
   * Open chat event streams on this server (ADR 084): per person (a few tabs' worth; more is 429)
   * and in all (more is 503). An open stream holds ~25 KiB of the V8 heap: 1,000 take ~25 MB, the
   * 128 MB heap's room above the ~85 MB of loaded code and the ~18 MB requests need. With a larger
   * NODE_HEAP_MB: (NODE_HEAP_MB − 103) × 1024 ÷ 25.
   */
  CHAT_STREAMS_PER_USER: z.coerce.number().int().positive().default(8),
  CHAT_STREAMS_PER_SERVER: z.coerce.number().int().positive().default(1000),
  /**
   * Inbound mail (docs/decisions/054-inbound-smtp-receiver.md): an organization's address
   * is `<inboundLocalPart>@INBOUND_EMAIL_DOMAIN`; the built-in SMTP receiver listens on
   * INBOUND_SMTP_PORT (off when unset) at INBOUND_SMTP_HOST (default HOST). STARTTLS only when both
   * TLS files are set. Messages per sender address in the window (one budget across servers).
   */
  INBOUND_EMAIL_DOMAIN: z
    .string()
    .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/i, 'INBOUND_EMAIL_DOMAIN: a domain name such as inbound.example.com')
    .default('inbound.freightdesk.test')
    .transform((domain) => domain.toLowerCase()),
  INBOUND_SMTP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  INBOUND_SMTP_HOST: z.string().min(1).optional(),
  INBOUND_SMTP_TLS_KEY: z.string().min(1).optional(),
  INBOUND_SMTP_TLS_CERT: z.string().min(1).optional(),
  INBOUND_RATE_LIMIT_PER_SENDER: z.coerce.number().int().positive().default(30),
  INBOUND_RATE_LIMIT_WINDOW_MINUTES: z.coerce.number().int().positive().default(60),
  /**
   * Which inbound From addresses are shown as verified (ADR 082): the authserv-id of a relay in front
   * whose topmost Authentication-Results header the receiver trusts (its DMARC, DKIM or SPF pass for
   * the From domain), and addresses or domains trusted outright (`dana@broker.example,broker.example`).
   */
  INBOUND_AUTHSERV_ID: z.string().trim().min(1).optional(),
  /** Outside addresses one user may send mail to in an hour, counted across servers. */
  MAIL_OUTSIDE_PER_HOUR: z.coerce.number().int().positive().default(200),
  INBOUND_TRUSTED_SENDERS: z.string().optional(),
  /**
   * Webhooks may go to private, loopback and link-local addresses (ADR 071): for a test's local
   * receiver or an installation whose systems share its network. Off by default (SSRF).
   */
  WEBHOOKS_ALLOW_PRIVATE_NETWORKS: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((value) => value === 'true' || value === '1'),
  /**
   * Time bounds on the database (app/utils/db-pool.server.ts, ADR 088): a statement is cancelled
   * after DB_STATEMENT_TIMEOUT_MS (0: never); a request waits at most DB_POOL_WAIT_MS for a
   * connection (a transaction to start, too) and a transaction runs at most
   * DB_TRANSACTION_TIMEOUT_MS, else 503. A query or connection attempt waiting DB_PROBE_AFTER_MS
   * makes the server ask the database `SELECT 1`; no answer within DB_PROBE_TIMEOUT_MS and it is
   * down (a frozen or unreachable server): what waits is cut, and requests answer 503 until it answers.
   */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(15_000),
  DB_POOL_WAIT_MS: z.coerce.number().int().positive().default(20_000),
  DB_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().positive().default(20_000),
  DB_PROBE_AFTER_MS: z.coerce.number().int().positive().default(2_000),
  DB_PROBE_TIMEOUT_MS: z.coerce.number().int().positive().default(5_000),
  /**
   * Memory (app/utils/memory.server.ts, ADR 086): while the live heap is over MEMORY_SHED_PERCENT
   * of the heap limit (NODE_HEAP_MB), requests other than /health answer 503 with Retry-After.
   * At most MAX_CONNECTIONS open connections (chat event streams count); more are refused at once.
   * LOG_MEMORY_SECONDS=N logs the heap and RSS every N seconds (0: never).
   */
  MEMORY_SHED_PERCENT: z.coerce.number().min(1).max(100).default(80),
  MAX_CONNECTIONS: z.coerce.number().int().positive().default(4000),
  LOG_MEMORY_SECONDS: z.coerce.number().min(0).default(0),
  /** Set when the app is served over https (directly or behind a TLS-terminating proxy). */
  HTTPS: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((value) => value === 'true' || value === '1'),
})

export type Env = z.infer<typeof EnvSchema>

/** A half-configured bucket is a start-up error, never a silent fall-back to the disk. */
const S3_NEEDS = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const

const ENV_NAMES = Object.keys(EnvSchema.shape)
let last: { values: string; env: Env } | undefined

/**
 * Validated environment; server.ts fills DATABASE_URL and SESSION_SECRET before the app loads.
 * Checked again whenever one of its variables changes (the test harness points each test file at
 * its own database), else the last answer: every Prisma call asks (app/utils/db.server.ts), and
 * parsing the whole environment each time was a twentieth of an API read's CPU (profiled).
 */
export function env(): Env {
  const values = ENV_NAMES.map((name) => process.env[name] ?? '\u0000').join('\u0001')
  if (last?.values === values) return last.env
  const parsed = EnvSchema.safeParse(process.env)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
    throw new Error(`Invalid environment:\n  ${problems.join('\n  ')}`)
  }
  const s3 = S3_NEEDS.filter((name) => parsed.data[name])
  if (s3.length && s3.length < S3_NEEDS.length) {
    throw new Error(`Invalid environment:\n  S3 storage needs ${S3_NEEDS.join(', ')}; missing ${S3_NEEDS.filter((name) => !parsed.data[name]).join(', ')}`)
  }
  last = { values, env: Object.freeze(parsed.data) }
  return last.env
}

/** An absolute link into the app for emails: on APP_URL, or the listening address when unset. */
export function appUrl(pathAndQuery: string) {
  const { APP_URL, HOST, PORT } = env()
  const host = HOST === '0.0.0.0' || HOST === '::' ? 'localhost' : HOST.includes(':') ? `[${HOST}]` : HOST
  const base = APP_URL ?? `http://${host}:${PORT}`
  // Keeps a path prefix in APP_URL (https://example.com/freightdesk/).
  return new URL(pathAndQuery.replace(/^\//, ''), base.endsWith('/') ? base : `${base}/`).toString()
}
