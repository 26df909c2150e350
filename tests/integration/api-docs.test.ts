/**
 * The API reference (/api/docs, ADR 023; one page per resource, ADR 097): from a real server, as a
 * browser without JavaScript gets it, and the reference data it is rendered from.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { openApiDocument } from '~/api-docs/openapi.server'
import { apiReference, buildApiReference, operationAnchor, typeOf } from '~/api-docs/reference.server'

import { type ServerProcess, startServer } from '../server-process'

type Document = { paths: Record<string, Record<string, { operationId?: string }>> }
const document = openApiDocument() as unknown as Document
const METHODS = ['get', 'post', 'put', 'patch', 'delete']

let server: ServerProcess
type Page = { status: number; type: string | null; cache: string | null; html: string }
const pages: Record<string, Page> = {}
/** Every page of the reference in English, by path: the overview, each resource's, the schemas. */
const english: Record<string, Page> = {}

async function page(language: string, path = '/api/docs') {
  const response = await fetch(`${server.base}${path}`, { headers: { Cookie: `i18nextLng=${language}` } })
  return { status: response.status, type: response.headers.get('Content-Type'), cache: response.headers.get('Cache-Control'), html: await response.text() }
}

beforeAll(async () => {
  server = await startServer()
  for (const language of ['en', 'ar', 'cn']) pages[language] = await page(language)
  for (const path of ['/api/docs', ...apiReference().tags.map((tag) => tag.href), '/api/docs/schemas']) english[path] = await page('en', path)
}, 120_000)

/** The page an operation is on, and its markup. */
function pageOf(anchor: string) {
  const path = apiReference()
    .tags.flatMap((tag) => tag.operations)
    .find((operation) => operation.anchor === anchor)!
    .href.split('#')[0]
  return english[path].html
}
afterAll(() => server?.stop())

/** The markup of one operation's heading, found by its anchor. */
function operationHeading(html: string, anchor: string) {
  return new RegExp(`id="${anchor}"[^>]*>\\s*<h3[^>]*>([\\s\\S]*?)</h3>`).exec(html)?.[1]
}
/** What a reader sees: tags as spaces, entities decoded. */
const text = (markup: string) =>
  markup
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim()

describe('GET /api/docs', () => {
  it('is a public HTML page that needs no script: none is sent', () => {
    const { status, type, cache, html } = pages.en
    expect(status).toBe(200)
    expect(type).toMatch(/^text\/html/)
    // Nothing in it depends on who asks, but the default stays: the root loader reads the session's toast.
    expect(cache).toBe('private, no-store')
    expect(html).not.toMatch(/<script\b/i)
    expect(html).not.toContain('modulepreload')
    expect(html).toContain('<h1 class="text-3xl font-bold">API reference</h1>')
    expect(html).toContain('href="/api/openapi.json"')
  })

  it('shows every path and method of the OpenAPI document under its own anchor on its resource’s page, linked from that page’s contents and the overview’s', () => {
    const contentsOf = (html: string) => {
      const start = html.indexOf('data-testid="api-docs-contents"')
      return html.slice(start, html.indexOf('</nav>', start))
    }
    const overview = contentsOf(pages.en.html)
    const missing: string[] = []
    let count = 0
    for (const [path, item] of Object.entries(document.paths)) {
      for (const method of METHODS.filter((name) => item[name])) {
        count++
        const anchor = operationAnchor(method, path, item[method])
        const html = pageOf(anchor)
        const heading = operationHeading(html, anchor)
        if (!heading || text(heading) !== `${method.toUpperCase()} ${path}`) missing.push(`${method.toUpperCase()} ${path}: no heading at #${anchor}`)
        const link = new RegExp(`href="(/api/docs/[a-z0-9-]+)#${anchor}"`).exec(contentsOf(html))
        if (!link) missing.push(`${method.toUpperCase()} ${path}: not in its page’s contents`)
        else if (!overview.includes(`href="${link[1]}"`)) missing.push(`${method.toUpperCase()} ${path}: its page is not in the overview’s contents`)
      }
    }
    expect(count).toBeGreaterThan(30)
    expect(missing).toEqual([])
  })

  it('is one page per resource, each a small part of the whole, and 404 for a resource that does not exist', async () => {
    const sizes = Object.values(english).map((answer) => answer.html.length)
    expect(Object.values(english).every((answer) => answer.status === 200)).toBe(true)
    expect(Object.keys(english).length).toBeGreaterThan(10)
    // The one page was 1.1 MB; the largest part is a fraction of it.
    expect(Math.max(...sizes)).toBeLessThan(400_000)
    expect((await page('en', '/api/docs/no-such-resource')).status).toBe(404)
  })

  it('has a target for every link within the reference, across its pages, and no anchor twice on a page', () => {
    const targets = new Set<string>()
    for (const [path, answer] of Object.entries(english)) {
      const ids = [...answer.html.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1])
      expect(
        ids.filter((id, index) => ids.indexOf(id) !== index),
        path,
      ).toEqual([])
      for (const id of ids) targets.add(`${path}#${id}`)
    }
    const links = new Set<string>()
    for (const [path, answer] of Object.entries(english)) {
      for (const [, target] of answer.html.matchAll(/href="((?:\/api\/docs[^"#]*)?#[^"]+)"/g)) links.add(target.startsWith('#') ? `${path}${target}` : target)
    }
    expect(links.size).toBeGreaterThan(100)
    expect([...links].filter((link) => !targets.has(link))).toEqual([])
  })

  it('shows bodies and parameters with their rules: required fields, enums, lengths, nested objects', () => {
    let html = pageOf('op-create-trucks')
    const create = html.slice(html.indexOf('id="op-create-trucks"'), html.indexOf('id="op-read-trucks"'))
    expect(text(create)).toContain('unitNumber required string not empty · at most 20 characters')
    expect(text(create)).toContain('status optional one of available dispatched maintenance out_of_service inactive default "available"')
    html = pageOf('op-create-users')
    const user = html.slice(html.indexOf('id="op-create-users"'), html.indexOf('id="op-read-user"'))
    // The driver profile's fields are nested under it, one step in.
    expect(user).toMatch(
      /<tr id="op-create-users-request-driverprofile">[\s\S]*?<tr style="--depth:1"><td><code dir="ltr" class="fd-doc-name">licenseNumber<\/code>/,
    )
    // zod's "any JavaScript integer" bounds say nothing to a reader.
    for (const answer of Object.values(english)) {
      expect(answer.html).not.toContain('9,007,199,254,740,991')
      expect(answer.html).not.toContain('9007199254740991')
    }
  })

  it('lists a repeated record once and links the other places to it', () => {
    let html = pageOf('op-read-trucks')
    const read = html.slice(html.indexOf('id="op-read-trucks"'), html.indexOf('id="op-update-trucks"'))
    expect(read).toContain('href="/api/docs/trucks#op-list-trucks-200-data"')
    expect(text(read)).toContain('Same fields as the 200 answer of GET /api/trucks')
    html = pageOf('op-create-companies')
    const alias = html.slice(html.indexOf('id="op-create-companies"'), html.indexOf('id="op-read-companies"'))
    expect(text(alias)).toContain('Same fields as the request body of POST /api/company')
  })

  it('keeps the site’s document: Arabic right to left, its chrome translated, the document’s English marked as such', async () => {
    const { html } = pages.ar
    expect(html).toMatch(/<html lang="ar" dir="rtl"/)
    expect(html).toContain('<title>مرجع واجهة البرمجة | Freightdesk</title>')
    expect(html).toContain('المصادقة')
    expect((await page('ar', '/api/docs/trucks')).html).toMatch(/<p lang="en" dir="auto" class="mt-2">List trucks<\/p>/)
    expect(pages.cn.html).toMatch(/<html lang="zh-CN" dir="ltr"/)
    expect(pages.cn.html).toContain('身份验证')
  })
})

describe('reading schemas', () => {
  it('words types as a reader thinks of them', () => {
    expect(typeOf({ anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }] })).toEqual({
      kind: 'union',
      options: [
        { kind: 'primitive', name: 'string', format: 'date-time' },
        { kind: 'primitive', name: 'null' },
      ],
    })
    expect(typeOf({ type: 'array', items: { type: 'string', enum: ['a', 'b'] } })).toEqual({ kind: 'array', items: { kind: 'enum', values: ['a', 'b'] } })
    expect(typeOf({ type: 'object', additionalProperties: { type: 'integer' } })).toEqual({ kind: 'map', values: { kind: 'primitive', name: 'integer' } })
    expect(typeOf({ $ref: '#/components/schemas/ListMeta' })).toEqual({
      kind: 'ref',
      name: 'ListMeta',
      anchor: 'schema-listmeta',
      href: '/api/docs/schemas#schema-listmeta',
    })
  })

  it('groups operations by their first tag, in the document’s order', () => {
    const reference = buildApiReference({
      info: { title: 'T', version: '1' },
      paths: {
        '/a': { get: { tags: ['one'], summary: 'A', responses: { '200': { description: 'ok' } } } },
        '/b': { post: { tags: ['two'], summary: 'B', security: [], responses: {} }, get: { tags: ['one'], summary: 'C', responses: {} } },
      },
    })
    expect(reference.tags.map((tag) => [tag.name, tag.operations.map((operation) => `${operation.method} ${operation.path}`)])).toEqual([
      ['one', ['GET /a', 'GET /b']],
      ['two', ['POST /b']],
    ])
    expect(reference.tags[1].operations[0]).toMatchObject({ anchor: 'op-post-b', authenticated: false })
  })
})
