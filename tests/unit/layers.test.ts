import fs from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

/**
 * ADR 041: routes → browser hooks → requests and the API document → models → utils, schemas and
 * policies (ADR 047); never an import up a layer.
 */
const LAYERS: Record<string, number> = { routes: 0, components: 0, hooks: 1, requests: 2, 'api-docs': 2, models: 3, utils: 4, schemas: 4, policies: 4 }

function layerOf(file: string) {
  const [top] = path.relative('app', file).split(path.sep)
  return LAYERS[top]
}

function importsOf(source: string) {
  return [...source.matchAll(/(?:from|import)\s*\(?\s*['"](~\/[^'"]+|\.{1,2}\/[^'"]+)['"]/g)].map((match) => match[1])
}

function modulesUnder(dir: string) {
  const files: string[] = []
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name)
      if (entry.isDirectory() && entry.name !== 'generated') walk(full)
      else if (/\.tsx?$/.test(entry.name)) files.push(full)
    }
  }
  walk(dir)
  return files
}

/** The top folder under app/ that an import of `file` lands in. */
function resolvedLayer(file: string, target: string) {
  const resolved = target.startsWith('~/') ? path.join('app', target.slice(2)) : path.join(path.dirname(file), target)
  return path.relative('app', resolved).split(path.sep)[0]
}

/** Files of the same name in two layers, as `name: path, path`; route modules are named after their URL and left out. */
function sameNamesAcrossLayers(files: string[]) {
  const byName = new Map<string, string[]>()
  for (const file of files) {
    const layer = layerOf(file)
    if (layer === undefined || path.relative('app', file).startsWith(`routes${path.sep}`)) continue
    const name = path.basename(file)
    byName.set(name, [...(byName.get(name) ?? []), file])
  }
  return [...byName].filter(([, paths]) => new Set(paths.map(layerOf)).size > 1).map(([name, paths]) => `${name}: ${paths.sort().join(', ')}`)
}

/** The files `file` imports for their values (an `import type` or an all-`type` list is erased). */
function valueImportsOf(file: string) {
  const source = fs.readFileSync(file, 'utf8')
  const targets: string[] = []
  for (const match of source.matchAll(/^(?:import|export)\s+(type\s+)?([^'"]*?)\s*from\s+['"](~\/[^'"]+|\.{1,2}\/[^'"]+)['"]/gms)) {
    if (match[1]) continue
    const names = /^\{([^}]*)\}$/
      .exec(match[2].trim())?.[1]
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean)
    if (names && names.every((name) => name.startsWith('type '))) continue
    const base = match[3].startsWith('~/') ? path.join('app', match[3].slice(2)) : path.join(path.dirname(file), match[3])
    const found = ['.ts', '.tsx', '', `${path.sep}index.ts`]
      .map((ext) => base + ext)
      .find((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile())
    if (found) targets.push(found)
  }
  return targets
}

/** The import loops among `files`: each strongly connected group of two or more files (Tarjan). */
function importLoops(graph: Map<string, string[]>) {
  let counter = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const loops: string[][] = []
  const visit = (file: string) => {
    index.set(file, counter)
    low.set(file, counter++)
    stack.push(file)
    onStack.add(file)
    for (const next of graph.get(file) ?? []) {
      if (!graph.has(next)) continue
      if (!index.has(next)) {
        visit(next)
        low.set(file, Math.min(low.get(file)!, low.get(next)!))
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!))
    }
    if (low.get(file) === index.get(file)) {
      const loop: string[] = []
      let member: string
      do {
        member = stack.pop()!
        onStack.delete(member)
        loop.push(member)
      } while (member !== file)
      if (loop.length > 1) loops.push(loop.sort())
    }
  }
  for (const file of graph.keys()) if (!index.has(file)) visit(file)
  return loops
}

describe('module layers', () => {
  it("has no import loop among the modules under app/ (a task's handle apart from its runner, audit's writer apart from its reader)", () => {
    const graph = new Map(modulesUnder('app').map((file) => [file, valueImportsOf(file)]))
    expect(importLoops(graph)).toEqual([])
    // What it catches: the audit trail's writer read the organization's zone, whose model records audits.
    const loop = new Map([
      ['app/models/audit/audit.server.ts', ['app/models/organization/organization.server.ts']],
      ['app/models/organization/organization.server.ts', ['app/models/audit/audit.server.ts']],
      ['app/models/records/records.server.ts', []],
    ])
    expect(importLoops(loop)).toEqual([['app/models/audit/audit.server.ts', 'app/models/organization/organization.server.ts']])
  })

  it('has every module under app/ import only its own layer or the ones below it', () => {
    const files = modulesUnder('app')
    const problems: string[] = []
    for (const file of files) {
      const own = layerOf(file)
      if (own === undefined) continue
      for (const target of importsOf(fs.readFileSync(file, 'utf8'))) {
        const resolved = target.startsWith('~/') ? path.join('app', target.slice(2)) : path.join(path.dirname(file), target)
        const theirs = layerOf(resolved)
        if (theirs !== undefined && theirs < own) problems.push(`${file} imports ${target}`)
      }
    }
    expect(problems).toEqual([])
  })

  it('keeps the words apart from the moves: schemas never import policies', () => {
    // ADR 105: statuses, labels and limits are app/schemas; transition tables and refusals are
    // app/policies, which read the words. A policy's word that a schema needs moves to the schema.
    const problems = modulesUnder('app/schemas').flatMap((file) =>
      importsOf(fs.readFileSync(file, 'utf8'))
        .filter((target) => resolvedLayer(file, target) === 'policies')
        .map((target) => `${file} imports ${target}`),
    )
    expect(problems).toEqual([])
  })

  it('keeps browser hooks free of server modules', () => {
    const problems = modulesUnder('app/hooks').flatMap((file) =>
      importsOf(fs.readFileSync(file, 'utf8'))
        .filter((target) => /\.server$/.test(target))
        .map((target) => `${file} imports ${target}`),
    )
    expect(problems).toEqual([])
  })

  it('has no two files of the same name in two layers', () => {
    expect(sameNamesAcrossLayers(modulesUnder('app'))).toEqual([])
    // What it catches: the sign-in helper and the session model were both `auth.server.ts`.
    expect(sameNamesAcrossLayers(['app/models/users/auth.server.ts', 'app/requests/auth.server.ts', 'app/schemas/load.ts', 'app/policies/load.ts'])).toEqual([
      'auth.server.ts: app/models/users/auth.server.ts, app/requests/auth.server.ts',
    ])
  })
})
