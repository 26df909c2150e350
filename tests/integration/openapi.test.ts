import { describe, expect, it } from 'vitest'

import { generatedTags, openApiDocument, responseSchema } from '~/api-docs/openapi.server'
import routes from '~/routes'
import { TruckRecordSchema } from '~/schemas/truck'

import { callApi, createOrg } from '../helpers'
import { OPERATIONS_2026_12_02 } from '../openapi-operations'

type RouteEntry = { path?: string; file: string; children?: RouteEntry[] }
type Module = { loader?: (args: never) => Promise<Response> | Response; action?: (args: never) => Promise<Response> | Response }

/** Every JSON route under /api (but the catch-all 404), with its module file: `.ts`, where pages (/api/docs) are `.tsx`. */
function apiRoutes(entries: RouteEntry[], prefix = ''): Array<{ path: string; file: string }> {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${prefix}/${entry.path}`.replace(/\/+/g, '/') : prefix
    const json = entry.file?.endsWith('.ts') && path.startsWith('/api/') && !path.endsWith('*')
    return [...(json ? [{ path, file: entry.file }] : []), ...apiRoutes(entry.children ?? [], path)]
  })
}

const modules = import.meta.glob<Module>('../../app/routes/api/**/*.ts')

describe('OpenAPI document', () => {
  const document = openApiDocument() as { openapi: string; paths: Record<string, Record<string, unknown>> }

  it('is OpenAPI 3.1 with bearer authentication and the error envelope', () => {
    expect(document.openapi).toBe('3.1.0')
    expect(JSON.stringify(document)).toContain('"bearerAuth"')
    expect(document.paths['/api/trucks'].post).toMatchObject({ requestBody: { content: { 'application/json': { schema: { type: 'object' } } } } })
  })

  it('takes bodies and queries from the routes’ zod schemas', () => {
    const create = document.paths['/api/trucks'].post as {
      requestBody: { content: { 'application/json': { schema: { properties: Record<string, unknown>; required: string[] } } } }
    }
    const body = create.requestBody.content['application/json'].schema
    expect(body.required).toContain('unitNumber')
    expect(body.properties.unitNumber).toMatchObject({ type: 'string', maxLength: 20 })
    const update = document.paths['/api/trucks/{id}'].put as { requestBody: { content: { 'application/json': { schema: { required: string[] } } } } }
    expect(update.requestBody.content['application/json'].schema.required).toContain('version')
    const list = document.paths['/api/trucks'].get as { parameters: Array<{ name: string; schema: { enum?: string[] } }> }
    expect(list.parameters.find((parameter) => parameter.name === 'status')?.schema.enum).toContain('maintenance')
  })

  it('names each parameter once per operation (OpenAPI: unique by name and place)', () => {
    const repeated: string[] = []
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item as Record<string, { parameters?: Array<{ name: string; in: string }> }>)) {
        const keys = (operation.parameters ?? []).map((parameter) => `${parameter.in}:${parameter.name}`)
        for (const key of keys.filter((key, index) => keys.indexOf(key) !== index)) repeated.push(`${method.toUpperCase()} ${path} ${key}`)
      }
    }
    expect(repeated).toEqual([])
  })

  it('describes every path and method the API answers (each route’s 405 names its methods)', async () => {
    const org = await createOrg()
    const entries = apiRoutes(routes as RouteEntry[])
    expect(entries.length).toBeGreaterThan(15)
    const missing: string[] = []
    for (const { path, file } of entries) {
      const load = modules[`../../app/${file}`]
      expect(load, file).toBeDefined()
      const module = await load()
      const concrete = path.replace(/:(\w+)/g, 'missing-id')
      const response = await callApi(module as never, { method: 'PATCH', path: concrete, params: { id: 'missing-id' }, token: org.users.admin.token })
      expect(response.status, `${path} answers PATCH with 405`).toBe(405)
      const methods = (response.headers.get('Allow') ?? '')
        .split(',')
        .map((method) => method.trim().toLowerCase())
        .filter((method) => method && method !== 'head')
      expect(methods.length, `${path} names its methods`).toBeGreaterThan(0)
      const documented = document.paths[path.replace(/:(\w+)/g, '{$1}')] ?? {}
      for (const method of methods) if (!documented[method]) missing.push(`${method.toUpperCase()} ${path}`)
    }
    expect(missing).toEqual([])
  })

  it('names each parameter of an operation once (OpenAPI requires name and location to be unique)', () => {
    const repeated: string[] = []
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations as Record<string, { parameters?: Array<{ name: string; in: string }> }>)) {
        const seen = new Set<string>()
        for (const { name, in: location } of operation.parameters ?? []) {
          if (seen.has(`${location}:${name}`)) repeated.push(`${method.toUpperCase()} ${path}: ${location} ${name}`)
          seen.add(`${location}:${name}`)
        }
      }
    }
    expect(repeated).toEqual([])
    const list = document.paths['/api/customfield'].get as { parameters: Array<{ name: string; schema: unknown }> }
    expect(list.parameters.find((parameter) => parameter.name === 'by')?.schema).toMatchObject({ const: 'list' })
  })

  it('is served at GET /api/openapi.json without a token', async () => {
    const module = await modules['../../app/routes/api/openapi.ts']()
    const response = await callApi(module as never, { path: '/api/openapi.json' })
    expect(response.status).toBe(200)
    expect(response.body.paths['/api/brokers/{id}'].delete).toBeDefined()
  })

  it('keeps describing every operation it described before its answers were generated (ADR 112)', () => {
    const now = new Set(Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`)))
    expect(OPERATIONS_2026_12_02.filter((operation) => !now.has(operation))).toEqual([])
    expect(now.size).toBeGreaterThanOrEqual(OPERATIONS_2026_12_02.length)
  })

  it('generates the answers of these resources from their response schemas; the rest are still written by hand', () => {
    // Grow this list as serializers get a response schema (app/schemas/api-record.ts); a resource
    // with one 2xx answer still written as JSON Schema in app/api-docs/openapi.server.ts is not in it.
    expect(generatedTags()).toEqual([
      'account',
      'accounting',
      'brokers',
      'bulletins',
      'chat',
      'claims',
      'companies',
      'compliance',
      'custom fields',
      'edi',
      'factoring',
      'files',
      'fuel tax',
      'invoices',
      'loads',
      'mail',
      'maintenance',
      'organization',
      'products',
      'quote requests',
      'safety',
      'settlements',
      'store',
      'trailers',
      'trucks',
      'users',
      'webhooks',
    ])
    for (const path of [
      '/api/trucks',
      '/api/trailers',
      '/api/brokers',
      '/api/company',
      '/api/companies',
      '/api/products',
      '/api/posts',
      '/api/webhooks',
      '/api/invoice',
    ]) {
      expect(responseSchema('GET', path, 200), path).toBeDefined()
      expect(responseSchema('POST', path, 201), path).toBeDefined()
      for (const method of ['GET', 'PUT', 'DELETE']) expect(responseSchema(method, `${path}/{id}`, 200), `${method} ${path}/{id}`).toBeDefined()
    }
    // Users: listed at /api/users (and /api/user), one user at /api/user/{id}; no DELETE (banned, never deleted).
    for (const path of ['/api/users', '/api/user']) {
      expect(responseSchema('GET', path, 200), path).toBeDefined()
      expect(responseSchema('POST', path, 201), path).toBeDefined()
    }
    for (const method of ['GET', 'PUT']) expect(responseSchema(method, '/api/user/{id}', 200), method).toBeDefined()
    expect(responseSchema('DELETE', '/api/user/{id}', 200)).toBeUndefined()
    expect(responseSchema('POST', '/api/products/{id}/photos', 201)).toBeDefined()
    expect(responseSchema('POST', '/api/posts/{id}/acknowledge', 200)).toBeDefined()
    expect(responseSchema('GET', '/api/posts/{id}/comments', 200)).toBeDefined()
    expect(responseSchema('POST', '/api/webhooks/{id}/rotate-secret', 200)).toBeDefined()
    expect(responseSchema('GET', '/api/webhooks/{id}/deliveries', 200)).toBeDefined()
    expect(responseSchema('POST', '/api/webhooks/{id}/deliveries/{deliveryId}/retry', 202)).toBeDefined()
    expect(responseSchema('POST', '/api/posts/{id}/comments', 201)).toBeDefined()
    // An invoice list row is not the whole invoice (no lines, payments or email).
    const rows = document.paths['/api/invoice'].get as {
      responses: { '200': { content: { 'application/json': { schema: { properties: { data: { items: { properties: Record<string, unknown> } } } } } } } }
    }
    const rowFields = Object.keys(rows.responses['200'].content['application/json'].schema.properties.data.items.properties)
    expect(rowFields).toContain('balanceCents')
    expect(rowFields).not.toContain('items')
    for (const action of ['send', 'void', 'email', 'assignment']) expect(responseSchema('POST', `/api/invoice/{id}/${action}`, 200), action).toBeDefined()
    expect(responseSchema('POST', '/api/invoice/{id}/payments', 201)).toBeDefined()
    expect(responseSchema('DELETE', '/api/invoice/{id}/payments/{paymentId}', 200)).toBeDefined()
    // Loads: the record, its row, status, reopen, stop events, an uploaded document and a converted quote's load are
    // generated (tracking links and the deletes of a document and an address too, below); the rate confirmation
    // reading is not yet.
    for (const action of ['status', 'reopen']) expect(responseSchema('POST', `/api/loads/{id}/${action}`, 200), action).toBeDefined()
    expect(responseSchema('POST', '/api/loads/{id}/documents', 201)).toBeDefined()
    expect(responseSchema('POST', '/api/quotes/{id}/convert', 201)).toBeDefined()
    // Settlements: the five calls but update (there is none), the pay run, approve, pay and void; a list row has no lines.
    for (const [method, path, status] of [
      ['GET', '/api/settlements', 200],
      ['POST', '/api/settlements', 201],
      ['GET', '/api/settlements/{id}', 200],
      ['DELETE', '/api/settlements/{id}', 200],
      ['POST', '/api/settlements/run', 200],
      ['POST', '/api/settlements/{id}/approve', 200],
      ['POST', '/api/settlements/{id}/pay', 200],
      ['POST', '/api/settlements/{id}/void', 200],
    ] as const) {
      expect(responseSchema(method, path, status), `${method} ${path}`).toBeDefined()
    }
    // Factoring: the agreement (null when none), schedules listed (rows without invoices), created, read and each action.
    for (const [method, path, status] of [
      ['GET', '/api/factoring/agreement', 200],
      ['PUT', '/api/factoring/agreement', 200],
      ['GET', '/api/factoring/schedules', 200],
      ['POST', '/api/factoring/schedules', 201],
      ['GET', '/api/factoring/schedules/{id}', 200],
      ...['send', 'purchase', 'release', 'void'].map((action) => ['POST', `/api/factoring/schedules/{id}/${action}`, 200] as const),
    ] as const) {
      expect(responseSchema(method, path, status), `${method} ${path}`).toBeDefined()
    }
    // Quote requests: listed, read, priced, won, lost (and converted, above).
    expect(responseSchema('GET', '/api/quotes', 200)).toBeDefined()
    expect(responseSchema('GET', '/api/quotes/{id}', 200)).toBeDefined()
    for (const action of ['quote', 'won', 'lost']) expect(responseSchema('POST', `/api/quotes/{id}/${action}`, 200), action).toBeDefined()
    // Custom fields: listed, created, read and deleted (no update: an item answers PUT 405).
    expect(responseSchema('GET', '/api/customfield', 200)).toBeDefined()
    expect(responseSchema('POST', '/api/customfield', 201)).toBeDefined()
    for (const method of ['GET', 'DELETE']) expect(responseSchema(method, '/api/customfield/{id}', 200), method).toBeDefined()
    // Account and organization: register, login, the signed-in user; the organization read and replaced.
    expect(responseSchema('POST', '/api/account/register', 201)).toBeDefined()
    expect(responseSchema('POST', '/api/account/login', 200)).toBeDefined()
    expect(responseSchema('GET', '/api/account/my-account', 200)).toBeDefined()
    for (const method of ['GET', 'PUT']) expect(responseSchema(method, '/api/organization', 200), method).toBeDefined()
    // Files: the list (its meta with totalBytes), a delete, a share link made and revoked.
    expect(responseSchema('GET', '/api/files', 200)).toBeDefined()
    expect(responseSchema('DELETE', '/api/files/{id}', 200)).toBeDefined()
    expect(responseSchema('POST', '/api/files/{id}/share', 201)).toBeDefined()
    expect(responseSchema('DELETE', '/api/files/shares/{shareId}', 200)).toBeDefined()
    // Chat: the list, a conversation started (201) or opened (200), read with its messages, a message posted, marked read.
    for (const [method, path, status] of [
      ['GET', '/api/chat', 200],
      ['POST', '/api/chat', 201],
      ['POST', '/api/chat', 200],
      ['GET', '/api/chat/{id}', 200],
      ['POST', '/api/chat/{id}/messages', 201],
      ['POST', '/api/chat/{id}/read', 200],
    ] as const) {
      expect(responseSchema(method, path, status), `${method} ${path} ${status}`).toBeDefined()
    }
    // Mail: a mailbox's page (its meta names the box), a message sent, read, changed, and moved to trash or deleted.
    expect(responseSchema('GET', '/api/mail', 200)).toBeDefined()
    expect(responseSchema('POST', '/api/mail', 201)).toBeDefined()
    for (const method of ['GET', 'PUT', 'DELETE']) expect(responseSchema(method, '/api/mail/{id}', 200), method).toBeDefined()
    // The store: the cart and each change to it, checkout, orders listed, read and canceled.
    for (const [method, path, status] of [
      ['GET', '/api/cart', 200],
      ['DELETE', '/api/cart', 200],
      ['POST', '/api/cart/items', 201],
      ['PUT', '/api/cart/items/{itemId}', 200],
      ['DELETE', '/api/cart/items/{itemId}', 200],
      ['PUT', '/api/cart/billing', 200],
      ['POST', '/api/cart/step', 200],
      ['POST', '/api/checkout', 201],
      ['GET', '/api/orders', 200],
      ['GET', '/api/orders/{id}', 200],
      ['POST', '/api/orders/{id}/cancel', 200],
    ] as const) {
      expect(responseSchema(method, path, status), `${method} ${path}`).toBeDefined()
    }
    // Loads: tracking links made and revoked, a document and a stop deleted, a rate confirmation read,
    // each under its own path.
    expect(responseSchema('POST', '/api/loads/{id}/tracking', 201)).toBeDefined()
    expect(responseSchema('DELETE', '/api/loads/{id}/tracking/{linkId}', 200)).toBeDefined()
    expect(responseSchema('DELETE', '/api/loads/{id}/documents/{documentId}', 200)).toBeDefined()
    expect(responseSchema('DELETE', '/api/loads/address/{id}', 200)).toBeDefined()
    expect(responseSchema('POST', '/api/loads/extract', 200)).toBeDefined()
    // Every list's CSV import: the dry run's report (200) and what was created (201).
    for (const path of ['/api/loads/import', '/api/trucks/import', '/api/users/import']) {
      for (const status of [200, 201]) expect(responseSchema('POST', path, status), `${path} ${status}`).toBeDefined()
    }
    // The document's record is the serializer's schema: a field added there appears here.
    const read = document.paths['/api/trucks/{id}'].get as {
      responses: { '200': { content: { 'application/json': { schema: { properties: { data: { properties: Record<string, unknown> } } } } } } }
    }
    const fields = Object.keys(read.responses['200'].content['application/json'].schema.properties.data.properties)
    expect(fields.sort()).toEqual(Object.keys(TruckRecordSchema.shape).sort())
  })
})
