/**
 * One unit style for sizes: every size a person reads is formatBytes's ("2 kB",
 * "1.5 MB", per language), never a catalogue's own "KB" nor a component's own Intl formatter.
 */
import fs from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import en from '~/locales/en'
import { formatBytes } from '~/utils/format'

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    return entry.isDirectory() ? files(full) : /\.tsx?$/.test(entry.name) ? [full] : []
  })
}

describe('sizes', () => {
  it('read as one style in every language', () => {
    expect(formatBytes('en', 2048)).toBe('2 kB')
    expect(formatBytes('en', 1.5 * 1024 * 1024)).toBe('1.5 MB')
    expect(formatBytes('fr', 2048)).toBe('2\u202fko')
    expect(formatBytes('en', 0)).toBe('0 kB')
  })

  it('are formatted in one place: no catalogue says KB, no component has its own byte units', () => {
    expect(JSON.stringify(en)).not.toMatch(/\d\s?KB\b/)
    const own = files('app').filter(
      (file) => file !== path.join('app', 'utils', 'format.ts') && /unit: '(kilo|mega|giga)byte'|'(kilo|mega|giga)byte'/.test(fs.readFileSync(file, 'utf8')),
    )
    expect(own).toEqual([])
  })
})
