import fs from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { RECORD_LISTS, recordPaths } from '~/schemas/record-pages'

/**
 * Every app path under app/ goes through React Router's href() (typed by app/routes.ts), so a
 * renamed or removed route fails the type check instead of leaving a dead link. This finds a
 * string or template literal that starts with an app path and is not href()'s first argument.
 */
const APP_PATH = /(?<!href\()(['"`])\/(?:dashboard|auth|resources|api|health|403|404|500)(?:[/?$]|\1)/g

/** Literals that stay, each with its reason. */
const ALLOWED: Record<string, string[]> = {
  // The API document names its paths in OpenAPI's `{id}` syntax, not the router's `:id`.
  'app/api-docs/openapi.server.ts': ['*'],
  // Looks an operation up in that document by its OpenAPI path.
  'app/routes/api/docs.tsx': ["'/api/account/login'"],
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : sourceFiles(full)
    return /\.tsx?$/.test(entry.name) ? [full] : []
  })
}

/** `file:line: text` for each app path written as a literal outside href(), comments left out. */
function pathLiterals(file: string, source: string) {
  const allowed = ALLOWED[file.split(path.sep).join('/')] ?? []
  if (allowed.includes('*')) return []
  return source.split('\n').flatMap((line, index) => {
    if (/^\s*(\/\/|\/?\*)/.test(line)) return []
    const hits = [...line.matchAll(APP_PATH)].filter((match) => !allowed.some((literal) => line.slice(match.index).startsWith(literal)))
    return hits.map(() => `${file}:${index + 1}: ${line.trim()}`)
  })
}

describe('typed links', () => {
  it('writes every app path under app/ through href()', () => {
    const problems = sourceFiles('app').flatMap((file) => pathLiterals(file, fs.readFileSync(file, 'utf8')))
    expect(problems).toEqual([])
  })

  it('finds a path written as a literal, a template or a JSX attribute, and lets href() through', () => {
    const source = [
      "throw redirect('/dashboard/app')",
      'const view = `/dashboard/loads/${id}`',
      '<Link to="/auth/login">',
      "<a href={href('/dashboard/loads/:id', { id })}>",
      '// a comment naming `/dashboard/loads/list`',
      "const asset = '/favicon.svg'",
    ].join('\n')
    expect(pathLiterals('app/routes/example.tsx', source)).toEqual([
      "app/routes/example.tsx:1: throw redirect('/dashboard/app')",
      'app/routes/example.tsx:2: const view = `/dashboard/loads/${id}`',
      'app/routes/example.tsx:3: <Link to="/auth/login">',
    ])
  })

  it('gives each record entity its own pages (one href() per entity and page, no cast)', () => {
    // Products keep the specification's e-commerce paths.
    expect(recordPaths('products', 'r1')).toEqual({
      list: '/dashboard/e-commerce/list',
      create: '/dashboard/e-commerce/product/new',
      exportCsv: '/dashboard/e-commerce/export',
      view: '/dashboard/e-commerce/product/r1',
      edit: '/dashboard/e-commerce/product/r1/edit',
      remove: '/dashboard/e-commerce/product/r1/delete',
    })
    // Maintenance schedules live under /dashboard/maintenance, whose own page is maintenance mode (ADR 133).
    expect(recordPaths('schedules', 'r1')).toEqual({
      list: '/dashboard/maintenance/schedules',
      create: '/dashboard/maintenance/schedules/new',
      exportCsv: '/dashboard/maintenance/schedules/export',
      view: '/dashboard/maintenance/schedules/r1',
      edit: '/dashboard/maintenance/schedules/r1/edit',
      remove: '/dashboard/maintenance/schedules/r1/delete',
    })
    // The accident register's list is /dashboard/accidents itself (ADR 141).
    expect(recordPaths('accidents', 'r1').list).toBe('/dashboard/accidents')
    for (const name of RECORD_LISTS.filter((list) => list !== 'products' && list !== 'schedules' && list !== 'accidents')) {
      expect(recordPaths(name, 'r1')).toEqual({
        list: `/dashboard/${name}/list`,
        create: `/dashboard/${name}/new`,
        exportCsv: `/dashboard/${name}/export`,
        view: `/dashboard/${name}/r1`,
        edit: `/dashboard/${name}/r1/edit`,
        remove: `/dashboard/${name}/r1/delete`,
      })
    }
  })
})
