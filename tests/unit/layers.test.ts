import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/** ADR 041: routes → requests → models → utils, schemas and policies (ADR 047); never an import up a layer. */
const LAYERS: Record<string, number> = { routes: 0, components: 0, requests: 1, models: 2, utils: 3, schemas: 3, policies: 3 }

function layerOf(file: string) {
  const [top] = path.relative('app', file).split(path.sep)
  return LAYERS[top]
}

function importsOf(source: string) {
  return [...source.matchAll(/(?:from|import)\s*\(?\s*['"](~\/[^'"]+|\.{1,2}\/[^'"]+)['"]/g)].map((match) => match[1])
}

describe('module layers', () => {
  it('has every module under app/ import only its own layer or the ones below it', () => {
    const files: string[] = []
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name)
        if (entry.isDirectory() && entry.name !== 'generated') walk(full)
        else if (/\.tsx?$/.test(entry.name)) files.push(full)
      }
    }
    walk('app')
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
})
