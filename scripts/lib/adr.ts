/**
 * The decision records (docs/decisions/NNN-*.md) as data: each has a title line
 * `# NNN — Title` and, under it, `Date: YYYY-MM-DD. Status: accepted.` (or `accepted (extends 069).`,
 * `superseded by 112.` ...). A record is not rewritten once accepted: a later one that changes it
 * says so, and the earlier one's status line alone is changed to point at it.
 */
import fs from 'node:fs'
import path from 'node:path'

export const ADR_DIR = 'docs/decisions'

export type Adr = { file: string; number: number; title: string; date: string; status: string }

const TITLE = /^# (\d{3}) — (.+)$/
const STATUS = /^Date: (\d{4}-\d{2}-\d{2})\. Status: (.+)\.$/

/** Every record, in number order; throws naming the file whose first lines are not as above. */
export function readAdrs(dir = ADR_DIR): Adr[] {
  return fs
    .readdirSync(dir)
    .filter((file) => /^\d{3}-.+\.md$/.test(file))
    .sort()
    .map((file) => {
      const lines = fs.readFileSync(path.join(dir, file), 'utf8').split('\n')
      const title = TITLE.exec(lines[0] ?? '')
      const status = STATUS.exec(lines[2] ?? '')
      if (!title || lines[1] !== '' || !status) throw new Error(`${dir}/${file}: expected "# NNN — Title", a blank line, then "Date: YYYY-MM-DD. Status: …."`)
      if (!file.startsWith(title[1])) throw new Error(`${dir}/${file}: its title says ${title[1]}`)
      return { file, number: Number(title[1]), title: title[2], date: status[1], status: status[2] }
    })
}

/** The ADR numbers a status names (`superseded by 094`, `extends 046; amends 023`). */
export function namedAdrs(status: string): number[] {
  return [...status.matchAll(/\b(\d{3})\b/g)].map((match) => Number(match[1]))
}

/** docs/decisions/README.md as it must read. */
export function adrIndex(dir = ADR_DIR): string {
  const rows = readAdrs(dir).map(
    (adr) => `| [${String(adr.number).padStart(3, '0')}](${adr.file}) | ${adr.title.replaceAll('|', '\\|')} | ${adr.date} | ${adr.status} |`,
  )
  return [
    '# Decision records',
    '',
    'Each record says what was decided, why, and what follows from it. Its first lines are its title,',
    'then `Date: YYYY-MM-DD. Status: accepted.` A record is history: once accepted it is not rewritten.',
    'A later decision that changes it is a new record whose status says `extends NNN`, `amends NNN` or',
    "`supersedes NNN`, and the earlier record's status line alone changes to `superseded by NNN` (or",
    'names the part superseded). This index is written by `npx tsx scripts/adr-index.ts`; a test fails',
    'while it is out of date.',
    '',
    '| ADR | Decision | Date | Status |',
    '| --- | -------- | ---- | ------ |',
    ...rows,
    '',
  ].join('\n')
}
