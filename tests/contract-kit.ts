/**
 * The contract every API resource keeps (the API reference at /api/docs), as one suite each
 * resource's test file runs with its own description: 401 without a valid token, 403 for every
 * role the written permission table (tests/permission-table.ts) refuses (and nothing written),
 * 200/201 for every role it allows, another organization's record is 404 for read, update and
 * delete, a stale version is 409 with the other edit kept, bad input is 400 `validation_failed` with fields and nothing written, malformed JSON
 * is 400, and methods the endpoint does not answer are 405 with `Allow`.
 *
 * Every request a contract test makes goes through this file's `callApi`, which checks each 2xx
 * JSON answer against the OpenAPI document (ADR 112): its path, method and status must be
 * documented with a JSON answer, and a generated answer must match the zod response schema it is
 * generated from, with no field the schema does not name. Answers still described by hand (ADR
 * 117: only the rate confirmation reading, `/api/loads/extract`) are only checked to be documented,
 * not compared with their JSON Schema. Other tests may call through this `callApi`
 * too (webhooks, load documents, quotes, payment pages), and it sends multipart bodies (`form`).
 */
import { describe, expect, it } from 'vitest'

import { openApiDocument, responseSchema } from '~/api-docs/openapi.server'
import { prisma } from '~/utils/db.server'
import { type Entity, ROLES } from '~/utils/permissions'

import { callApi as send, createOrg } from './helpers'
import { allowed as can } from './permission-table'

type OpenApi = {
  paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: object }> }> }>>
  components: { schemas: Record<string, object> }
}

/** The document's path for a concrete one (`/api/trucks/abc?x=1` → `/api/trucks/{id}`): literal segments win over parameters. */
export function documentedPath(concrete: string) {
  const path = concrete.split('?')[0].replace(/(.)\/$/, '$1')
  const paths = Object.keys((openApiDocument() as unknown as OpenApi).paths)
  const parameters = (template: string) => template.split('{').length
  return paths.filter((template) => new RegExp(`^${template.replace(/\{\w+\}/g, '[^/]+')}$`).test(path)).sort((a, b) => parameters(a) - parameters(b))[0]
}

/** The JSON Schema the document gives this answer, or undefined when it describes none. */
function documentedAnswer(method: string, path: string, status: number) {
  const document = openApiDocument() as unknown as OpenApi
  return document.paths[path]?.[method.toLowerCase()]?.responses?.[String(status)]?.content?.['application/json']?.schema
}

/**
 * What every contract test calls instead of helpers' callApi: the same request, and a 2xx JSON
 * answer must match the OpenAPI document's schema for it.
 */
export async function callApi(...args: Parameters<typeof send>) {
  const answer = await send(...args)
  const [, options] = args
  const isJson = (answer.headers.get('Content-Type') ?? '').startsWith('application/json')
  if (isJson) expectDocumentedAnswer(options.method ?? 'GET', options.path, answer)
  return answer
}

/**
 * The check callApi makes, for a test that sends its request another way (a CSV body): a 2xx JSON
 * answer must be documented and match the schema it is generated from, with no other field.
 */
export function expectDocumentedAnswer(requestMethod: string, concretePath: string, answer: { status: number; body: unknown }) {
  const method = requestMethod.toUpperCase()
  if (answer.status < 200 || answer.status >= 300 || answer.body === null) return
  const path = documentedPath(concretePath)
  expect(path, `${method} ${concretePath} is in the OpenAPI document`).toBeDefined()
  expect(documentedAnswer(method, path!, answer.status), `${method} ${path} documents a ${answer.status} JSON answer`).toBeDefined()
  const generated = responseSchema(method, path!, answer.status)
  if (generated) {
    const result = generated.safeParse(answer.body)
    expect(result.error?.issues ?? [], `${method} ${path} ${answer.status} matches its response schema`).toEqual([])
    // The schema names every field: one it strips is a field the document does not describe.
    expect(result.data, `${method} ${path} ${answer.status} has only documented fields`).toEqual(answer.body)
  }
}

type Org = Awaited<ReturnType<typeof createOrg>>
type RouteModule = Parameters<typeof callApi>[0]
type ApiRecord = { id: string; version: number } & { [key: string]: unknown }

export type ResourceContract = {
  /** For test names: `/api/trucks`. */
  path: string
  entity: Entity
  collection: RouteModule
  item: RouteModule
  /** A valid create body, different on every call (unique fields). */
  validBody: (org: Org) => unknown | Promise<unknown>
  /**
   * A change to PUT in place of a field, e.g. `{ notes: 'changed' }`, with the field to read it
   * back. Absent for a resource without an update call (custom fields): its item answers PUT 405.
   */
  change?: { field: string; value: unknown }
  /** Without `change`: changes the record behind the API's back (bumps its version) for the stale-delete check. */
  touch?: (id: string) => Promise<unknown>
  /** Bodies that must be refused with 400 and a message at the named field. */
  invalidBodies: (org: Org) => Array<{ body: unknown; field: string }>
  /** Rows of this entity in an organization, to prove a refused request wrote nothing. */
  count: (organizationId: string) => Promise<number>
  /**
   * Whether the item answers DELETE (default true). A resource without one (users: banned, never
   * deleted) is checked to answer it with 405 instead.
   */
  deletable?: boolean
  /** The item's path prefix when it differs from the collection's (`/api/user` for `/api/users`). */
  itemPath?: string
  /**
   * A resource with neither update nor delete (schedules of accounts): an item action taking
   * `{ version }` (`/send`), for the stale-version check in their place.
   */
  versionedAction?: { module: RouteModule; suffix: string }
}

function itemPath(contract: ResourceContract, id: string) {
  return `${contract.itemPath ?? contract.path}/${id}`
}

export function describeResourceContract(contract: ResourceContract) {
  const { path, entity, collection, item } = contract
  const deletable = contract.deletable ?? true

  async function create(org: Org): Promise<ApiRecord> {
    const answer = await callApi(collection, { method: 'POST', path, token: org.users.admin.token, body: await contract.validBody(org) })
    expect(answer.status, JSON.stringify(answer.body)).toBe(201)
    return answer.body.data
  }

  describe(`${path}: the API contract`, () => {
    it('answers 401 in the envelope without a token, with a forged one, and after sign-out', async () => {
      const org = await createOrg()
      const record = await create(org)
      for (const token of [undefined, 'not-a-jwt', `${org.users.admin.token}x`]) {
        for (const [module, request] of [
          [collection, { path }],
          [item, { path: itemPath(contract, record.id), params: { id: record.id } }],
          [collection, { method: 'POST', path, body: await contract.validBody(org) }],
        ] as const) {
          const answer = await callApi(module, { ...request, token })
          expect(answer.status, `${request.path} ${token}`).toBe(401)
          expect(answer.body.error.code).toBe('unauthorized')
        }
      }
      await prisma.session.delete({ where: { id: org.users.admin.sessionId } })
      expect((await callApi(collection, { path, token: org.users.admin.token })).status).toBe(401)
    })

    it('lets every role do exactly what the role matrix allows, and a refusal writes nothing', async () => {
      const org = await createOrg()
      const record = await create(org)
      for (const role of ROLES) {
        const token = org.users[role].token
        const read = await callApi(collection, { path, token })
        expect(read.status, `${role} read`).toBe(can(role, 'read', entity) ? 200 : 403)

        const before = await contract.count(org.organization.id)
        const created = await callApi(collection, { method: 'POST', path, token, body: await contract.validBody(org) })
        expect(created.status, `${role} create`).toBe(can(role, 'create', entity) ? 201 : 403)
        if (created.status === 403) {
          expect(created.body.error.code).toBe('forbidden')
          expect(await contract.count(org.organization.id)).toBe(before)
        }

        if (contract.change) {
          const current = (await callApi(item, { path: itemPath(contract, record.id), params: { id: record.id }, token: org.users.admin.token })).body.data
          const updated = await callApi(item, {
            method: 'PUT',
            path: itemPath(contract, record.id),
            params: { id: record.id },
            token,
            body: { ...current, [contract.change.field]: contract.change.value },
          })
          expect(updated.status, `${role} update`).toBe(can(role, 'update', entity) ? 200 : 403)
        }

        if (!deletable) continue
        const target = can(role, 'delete', entity) ? await create(org) : record
        const deleted = await callApi(item, { method: 'DELETE', path: itemPath(contract, target.id), params: { id: target.id }, token })
        expect(deleted.status, `${role} delete`).toBe(can(role, 'delete', entity) ? 200 : 403)
      }
      expect((await callApi(item, { path: itemPath(contract, record.id), params: { id: record.id }, token: org.users.admin.token })).status).toBe(200)
    })

    it("answers 404 for another organization's record, on read, update and delete, and changes nothing", async () => {
      const [owner, other] = await Promise.all([createOrg(), createOrg()])
      const record = await create(owner)
      const request = { path: itemPath(contract, record.id), params: { id: record.id }, token: other.users.admin.token }
      expect((await callApi(item, request)).status).toBe(404)
      if (contract.change) {
        const put = await callApi(item, { ...request, method: 'PUT', body: { ...record, [contract.change.field]: contract.change.value } })
        expect(put.status).toBe(404)
        expect(put.body.error.code).toBe('not_found')
      }
      if (deletable) expect((await callApi(item, { ...request, method: 'DELETE' })).status).toBe(404)
      const after = await callApi(item, { ...request, token: owner.users.admin.token })
      expect(after.body.data.version).toBe(record.version)
      // Ids that cannot exist are not found either, before any query.
      for (const id of ['nope', 'x'.repeat(200), 'a\u0000b', '../etc']) {
        expect((await callApi(item, { path: itemPath(contract, encodeURIComponent(id)), params: { id }, token: owner.users.admin.token })).status, id).toBe(404)
      }
    })

    it(`answers a stale version with 409 conflict on ${contract.change ? 'PUT and ' : ''}${deletable || !contract.versionedAction ? 'DELETE' : contract.versionedAction.suffix}, keeping the other edit`, async () => {
      const org = await createOrg()
      const record = await create(org)
      const request = { path: itemPath(contract, record.id), params: { id: record.id }, token: org.users.admin.token }
      if (!contract.change) {
        if (!contract.touch) throw new Error(`${path}: a contract without \`change\` needs \`touch\``)
        await contract.touch(record.id)
        if (!deletable && contract.versionedAction) {
          const { module, suffix } = contract.versionedAction
          const stale = await callApi(module, { ...request, method: 'POST', path: `${request.path}${suffix}`, body: { version: record.version } })
          expect(stale.status).toBe(409)
          expect(stale.body.error.code).toBe('conflict')
          expect((await callApi(item, request)).body.data.version).toBe(record.version + 1)
          return
        }
        const staleDelete = await callApi(item, { ...request, method: 'DELETE', path: `${request.path}?version=${record.version}` })
        expect(staleDelete.status).toBe(409)
        expect(staleDelete.body.error.code).toBe('conflict')
        expect((await callApi(item, request)).body.data.version).toBe(record.version + 1)
        return
      }
      const first = await callApi(item, { ...request, method: 'PUT', body: { ...record, [contract.change.field]: contract.change.value } })
      expect(first.status).toBe(200)
      expect(first.body.data.version).toBe(record.version + 1)
      const stale = await callApi(item, { ...request, method: 'PUT', body: record })
      expect(stale.status).toBe(409)
      expect(stale.body.error.code).toBe('conflict')
      if (deletable) {
        const staleDelete = await callApi(item, { ...request, method: 'DELETE', path: `${request.path}?version=${record.version}` })
        expect(staleDelete.status).toBe(409)
      }
      const now = await callApi(item, request)
      expect(now.body.data[contract.change.field]).toEqual(first.body.data[contract.change.field])
      expect(now.body.data.version).toBe(record.version + 1)
    })

    it(`${contract.change ? 'requires the version on PUT, and ' : ''}refuses a version that is not a canonical whole number`, async () => {
      const org = await createOrg()
      const record = await create(org)
      const request = { path: itemPath(contract, record.id), params: { id: record.id }, token: org.users.admin.token, method: 'PUT' }
      if (contract.change) {
        const { version: _version, ...withoutVersion } = record
        const missing = await callApi(item, { ...request, body: withoutVersion })
        expect(missing.status).toBe(400)
        expect(missing.body.error.fields.version).toHaveLength(1)
        for (const version of ['0x1', ' 1', '1e0', 1.5, -1, true]) {
          const answer = await callApi(item, { ...request, body: { ...record, version } })
          expect(answer.status, String(version)).toBe(400)
          expect(answer.body.error.fields.version).toHaveLength(1)
        }
      }
      for (const version of deletable ? ['0x1', '%201', '1e0'] : []) {
        const answer = await callApi(item, { ...request, method: 'DELETE', path: `${request.path}?version=${version}` })
        expect(answer.status, version).toBe(400)
      }
      expect((await callApi(item, { path: request.path, params: request.params, token: request.token })).body.data.version).toBe(record.version)
    })

    it('answers bad input with 400 validation_failed and a message at the field, writing nothing', async () => {
      const org = await createOrg()
      const before = await contract.count(org.organization.id)
      for (const { body, field } of contract.invalidBodies(org)) {
        const answer = await callApi(collection, { method: 'POST', path, token: org.users.admin.token, body })
        expect(answer.status, JSON.stringify(body)).toBe(400)
        expect(answer.body.error.code).toBe('validation_failed')
        expect(answer.body.error.fields?.[field], `${field} in ${JSON.stringify(answer.body.error)}`).toEqual([expect.any(String)])
      }
      expect(await contract.count(org.organization.id)).toBe(before)
    })

    it('answers malformed JSON and non-object bodies with 400, never a 500', async () => {
      const org = await createOrg()
      for (const rawBody of ['{', '[]', '"text"', '42', 'null', '{"a":' + '['.repeat(40) + ']'.repeat(40) + '}']) {
        const answer = await callApi(collection, { method: 'POST', path, token: org.users.admin.token, rawBody })
        expect(answer.status, rawBody).toBe(400)
        expect(answer.body.error.code).toBe('validation_failed')
      }
    })

    it('answers methods the endpoints do not have with 405 and Allow', async () => {
      const org = await createOrg()
      const record = await create(org)
      for (const method of ['PUT', 'PATCH', 'DELETE']) {
        const answer = await callApi(collection, { method, path, token: org.users.admin.token })
        expect(answer.status, `${method} ${path}`).toBe(405)
        expect(answer.body.error.code).toBe('method_not_allowed')
        expect(answer.headers.get('Allow')).toContain('GET')
      }
      // An item without an update call (custom fields) or a delete call (users) answers 405 to it.
      const missing = [...(contract.change ? [] : ['PUT']), ...(deletable ? [] : ['DELETE'])]
      for (const method of ['POST', 'PATCH', ...missing]) {
        const answer = await callApi(item, { method, path: itemPath(contract, record.id), params: { id: record.id }, token: org.users.admin.token })
        expect(answer.status, `${method} item`).toBe(405)
        expect(answer.headers.get('Allow')).toContain(contract.change ? 'PUT' : deletable ? 'DELETE' : 'GET')
      }
    })
  })
}
