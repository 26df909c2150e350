/**
 * Writes docs/decisions/README.md, the index of the decision records, from the records themselves:
 * `npx tsx scripts/adr-index.ts`. tests/unit/docs.test.ts fails while the index is out of date.
 */
import fs from 'node:fs'

import prettier from 'prettier'

import { adrIndex } from './lib/adr'

const file = 'docs/decisions/README.md'
const options = await prettier.resolveConfig(file)
fs.writeFileSync(file, await prettier.format(adrIndex(), { ...options, filepath: file }))
