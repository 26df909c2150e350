import path from 'node:path'

import { defineConfig } from 'prisma/config'

// The CLI would download a native schema engine for `generate`; these machines cannot reach it.
// Pointing at any existing file makes it skip the download (it never runs it for `generate`).
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= path.resolve('package.json')

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations', seed: 'tsx prisma/seed.ts' },
})
