/**
 * The API reference page (/api/docs, ADR 023) as plain data, read from the OpenAPI document: one
 * section per tag, each operation with its parameters, request body fields and responses. The
 * page renders this on the server only; nothing here needs the browser.
 *
 * Objects that repeat (a resource's record in its list, read, create and update answers; the
 * /api/companies alias) are listed once, where they first appear; later places link there.
 */
import { type ErrorCode, errorStatus } from '~/utils/errors.server'

import { openApiDocument } from './openapi.server'
import { docsPage, SCHEMAS_PAGE } from './pages'

type JsonSchema = Record<string, unknown>
type Operation = {
  tags?: string[]
  summary?: string
  description?: string
  operationId?: string
  security?: unknown[]
  parameters?: Array<{ name: string; in: string; required?: boolean; description?: string; schema?: JsonSchema }>
  requestBody?: { required?: boolean; description?: string; content?: Record<string, { schema?: JsonSchema }> }
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: JsonSchema }> }>
}
type OpenApiDocument = {
  info: { title: string; version: string; description?: string }
  tags?: Array<{ name: string; description?: string }>
  security?: unknown[]
  paths: Record<string, Record<string, Operation>>
  components?: { schemas?: Record<string, JsonSchema> }
}

export type Literal = string | number | boolean | null

/** A schema's type, structured so the page can word it in the reader's language. */
export type TypeView =
  | { kind: 'primitive'; name: string; format?: string }
  | { kind: 'enum'; values: Literal[] }
  | { kind: 'const'; value: Literal }
  | { kind: 'array'; items: TypeView }
  | { kind: 'map'; values: TypeView }
  | { kind: 'union'; options: TypeView[] }
  | { kind: 'ref'; name: string; anchor: string; href: string }
  | { kind: 'any' }

export type RuleName = 'nonEmpty' | 'minLength' | 'maxLength' | 'minimum' | 'maximum' | 'exclusiveMinimum' | 'exclusiveMaximum' | 'minItems' | 'maxItems'
export type Rule = { name: RuleName; value: number } | { name: 'pattern'; value: string } | { name: 'default'; value: string } | { name: 'readOnly' }

/** Where an object's fields are listed, for "same fields as …" links: `href` is its page and anchor. */
export type Place = { anchor: string; href: string; method: string; path: string; part: 'request' | 'response' | 'schema'; status?: string }

export type FieldRow = {
  name: string
  /** 0 for a top-level field; nested objects' fields are indented by depth. */
  depth: number
  type: TypeView
  required: boolean
  rules: Rule[]
  description?: string
  /** This row's object fields follow here, and other places link to this anchor. */
  anchor?: string
  /** This row's object fields are listed elsewhere. */
  sameAs?: Place
}

export type ParameterRow = FieldRow & { in: string }

export type Body = { contentTypes: string[]; type?: TypeView; rows: FieldRow[]; sameAs?: Place; anchor: string }

export type ResponseView = { status: string; description: string; body?: Body }

export type OperationView = {
  anchor: string
  /** Its page and anchor. */
  href: string
  method: string
  path: string
  summary: string
  description?: string
  authenticated: boolean
  parameters: ParameterRow[]
  requestBody?: Body
  responses: ResponseView[]
}

/** One resource's endpoints: the page `/api/docs/{slug}` lists them (the reference is one page per tag, ADR 097). */
export type TagView = { name: string; description?: string; slug: string; anchor: string; href: string; operations: OperationView[] }

export type SchemaView = { name: string; anchor: string; rows: FieldRow[] }

export type ApiReference = {
  title: string
  version: string
  description?: string
  tags: TagView[]
  schemas: SchemaView[]
  errorCodes: Array<{ code: ErrorCode; status: number }>
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const
/** Bounds that only say "a JavaScript number" (zod's int()) tell a reader nothing. */
const MEANINGLESS_BOUND = Number.MAX_SAFE_INTEGER

export const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')

export function operationAnchor(method: string, path: string, operation: { operationId?: string }) {
  return `op-${slug(operation.operationId ?? `${method}-${path}`)}`
}

const schemaAnchor = (name: string) => `schema-${slug(name)}`
const schemaHref = (name: string) => `${docsPage(SCHEMAS_PAGE)}#${schemaAnchor(name)}`

function refName(schema: JsonSchema) {
  const ref = schema.$ref
  return typeof ref === 'string' && ref.startsWith('#/components/schemas/') ? ref.slice('#/components/schemas/'.length) : undefined
}

function properties(schema: JsonSchema) {
  return schema.properties && typeof schema.properties === 'object' ? (schema.properties as Record<string, JsonSchema>) : undefined
}

export function typeOf(schema: JsonSchema | undefined): TypeView {
  if (!schema || typeof schema !== 'object') return { kind: 'any' }
  const ref = refName(schema)
  if (ref) return { kind: 'ref', name: ref, anchor: schemaAnchor(ref), href: schemaHref(ref) }
  if (Array.isArray(schema.enum)) return { kind: 'enum', values: schema.enum as Literal[] }
  if ('const' in schema) return { kind: 'const', value: schema.const as Literal }
  const union = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined
  if (Array.isArray(union)) return { kind: 'union', options: union.map(typeOf) }
  if (Array.isArray(schema.type)) return { kind: 'union', options: schema.type.map((type) => typeOf({ ...schema, type })) }
  switch (schema.type) {
    case 'array':
      return { kind: 'array', items: typeOf(schema.items as JsonSchema | undefined) }
    case 'object':
      if (!properties(schema) && schema.additionalProperties && typeof schema.additionalProperties === 'object') {
        return { kind: 'map', values: typeOf(schema.additionalProperties as JsonSchema) }
      }
      return { kind: 'primitive', name: 'object' }
    case undefined:
      return { kind: 'any' }
    default:
      return { kind: 'primitive', name: String(schema.type), ...(typeof schema.format === 'string' ? { format: schema.format } : {}) }
  }
}

function rulesOf(schema: JsonSchema): Rule[] {
  const rules: Rule[] = []
  const number = (name: RuleName) => {
    const value = schema[name]
    if (typeof value === 'number' && Math.abs(value) < MEANINGLESS_BOUND) rules.push({ name, value })
  }
  if (schema.minLength === 1) rules.push({ name: 'nonEmpty', value: 1 })
  else number('minLength')
  for (const name of ['maxLength', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minItems', 'maxItems'] as const) number(name)
  if (typeof schema.pattern === 'string') rules.push({ name: 'pattern', value: schema.pattern })
  if ('default' in schema) rules.push({ name: 'default', value: JSON.stringify(schema.default) })
  if (schema.readOnly === true) rules.push({ name: 'readOnly' })
  return rules
}

/** The object whose fields a schema lists: itself, an array's items, or a nullable object. */
function objectOf(schema: JsonSchema | undefined): JsonSchema | undefined {
  if (!schema || typeof schema !== 'object') return undefined
  if (properties(schema)) return schema
  if (schema.type === 'array' && schema.items) return objectOf(schema.items as JsonSchema)
  const union = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined
  if (Array.isArray(union)) {
    const objects = union.map(objectOf).filter(Boolean)
    if (objects.length === 1) return objects[0]
  }
  return undefined
}

/** Objects with fewer fields than this are listed in place every time: a link would not be shorter. */
const SHARED_OBJECT_MIN_FIELDS = 4

class Builder {
  /** Each large object's fields, by their JSON: where they were listed first. */
  private seen = new Map<string, Place>()

  /** The rows of an object's fields, from `depth`; a large object seen before becomes a link. */
  fields(object: JsonSchema, depth: number, place: Omit<Place, 'anchor' | 'href'> & { page: string }, anchorBase: string): FieldRow[] {
    const props = properties(object) ?? {}
    const required = new Set(Array.isArray(object.required) ? (object.required as string[]) : [])
    return Object.entries(props).flatMap(([name, schema]) => {
      const row: FieldRow = {
        name,
        depth,
        type: typeOf(schema),
        required: required.has(name),
        rules: rulesOf(schema),
        ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
      }
      const nested = objectOf(schema)
      if (!nested) return [row]
      const anchor = `${anchorBase}-${slug(name)}`
      // A request body lists its nested objects in place: whoever writes one needs them there.
      const shared = place.part === 'request' ? undefined : this.share(nested, placeAt(place, anchor))
      if (shared) return [{ ...row, sameAs: shared }]
      return [{ ...row, anchor }, ...this.fields(nested, depth + 1, place, anchor)]
    })
  }

  /** The place an object was listed before, or undefined after noting this one as its first place. */
  share(object: JsonSchema, place: Place): Place | undefined {
    if (Object.keys(properties(object) ?? {}).length < SHARED_OBJECT_MIN_FIELDS) return undefined
    const key = JSON.stringify(object)
    const first = this.seen.get(key)
    if (first) return first
    this.seen.set(key, place)
    return undefined
  }

  body(content: Record<string, { schema?: JsonSchema }> | undefined, where: Omit<Place, 'href'> & { page: string }): Body | undefined {
    const place = placeAt(where, where.anchor)
    if (!content) return undefined
    const contentTypes = Object.keys(content)
    const schema = content['application/json']?.schema ?? Object.values(content)[0]?.schema
    if (!schema) return { contentTypes, rows: [], anchor: place.anchor }
    const object = properties(schema) ? schema : undefined
    if (!object) return { contentTypes, type: typeOf(schema), rows: [], anchor: place.anchor }
    const sameAs = this.share(object, place)
    if (sameAs) return { contentTypes, rows: [], sameAs, anchor: place.anchor }
    return { contentTypes, rows: this.fields(object, 0, where, place.anchor), anchor: place.anchor }
  }
}

/** A place on a page of the reference, with its link. */
function placeAt({ page, ...place }: Omit<Place, 'anchor' | 'href'> & { page: string }, anchor: string): Place {
  return { ...place, anchor, href: `${docsPage(page)}#${anchor}` }
}

function parameterRows(operation: Operation): ParameterRow[] {
  const seen = new Set<string>()
  return (operation.parameters ?? []).flatMap((parameter) => {
    // OpenAPI forbids a name twice in one place; should the document repeat one, show the first.
    const key = `${parameter.in}:${parameter.name}`
    if (seen.has(key)) return []
    seen.add(key)
    const schema = parameter.schema ?? {}
    return [
      {
        name: parameter.name,
        in: parameter.in,
        depth: 0,
        type: typeOf(schema),
        required: parameter.required === true,
        rules: rulesOf(schema),
        ...((parameter.description ?? schema.description) ? { description: String(parameter.description ?? schema.description) } : {}),
      },
    ]
  })
}

export function buildApiReference(document: OpenApiDocument): ApiReference {
  const builder = new Builder()
  const tags = new Map<string, TagView>()
  const globalSecurity = document.security ?? []
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method]
      if (!operation) continue
      const tagName = operation.tags?.[0] ?? 'other'
      let tag = tags.get(tagName)
      if (!tag) {
        const page = slug(tagName)
        const description = document.tags?.find((candidate) => candidate.name === tagName)?.description
        tags.set(tagName, (tag = { name: tagName, description, slug: page, anchor: `tag-${page}`, href: docsPage(page), operations: [] }))
      }
      const page = tag.slug
      const anchor = operationAnchor(method, path, operation)
      const METHOD = method.toUpperCase()
      const requestBody = operation.requestBody
        ? builder.body(operation.requestBody.content, { page, anchor: `${anchor}-request`, method: METHOD, path, part: 'request' })
        : undefined
      const responses = Object.entries(operation.responses ?? {}).map(([status, response]) => ({
        status,
        description: response.description ?? '',
        // Error answers all share the Error schema, described once in the overview.
        ...(status.startsWith('2')
          ? { body: builder.body(response.content, { page, anchor: `${anchor}-${status}`, method: METHOD, path, part: 'response', status }) }
          : {}),
      }))
      tag.operations.push({
        anchor,
        href: `${docsPage(page)}#${anchor}`,
        method: METHOD,
        path,
        summary: operation.summary ?? '',
        ...(operation.description ? { description: operation.description } : {}),
        authenticated: (operation.security ?? globalSecurity).length > 0,
        parameters: parameterRows(operation),
        ...(requestBody ? { requestBody } : {}),
        responses: responses.map(({ body, ...rest }) => (body ? { ...rest, body } : rest)),
      })
    }
  }
  const components = document.components?.schemas ?? {}
  const schemas = Object.entries(components).map(([name, schema]) => {
    const anchor = schemaAnchor(name)
    return { name, anchor, rows: builder.fields(schema, 0, { page: SCHEMAS_PAGE, method: '', path: name, part: 'schema' }, anchor) }
  })
  const errorSchema = components.Error as { properties?: { error?: { properties?: { code?: { enum?: ErrorCode[] } } } } } | undefined
  const codes = errorSchema?.properties?.error?.properties?.code?.enum ?? []
  return {
    title: document.info.title,
    version: document.info.version,
    ...(document.info.description ? { description: document.info.description } : {}),
    tags: [...tags.values()],
    schemas,
    errorCodes: codes.map((code) => ({ code, status: errorStatus(code) })).sort((a, b) => a.status - b.status),
  }
}

let cached: ApiReference | undefined

/** The reference of this server's own document (built once: the document does not change while running). */
export function apiReference() {
  cached ??= buildApiReference(openApiDocument() as unknown as OpenApiDocument)
  return cached
}
