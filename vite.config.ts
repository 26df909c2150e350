import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import { compression } from 'vite-plugin-compression2'

import { localeChunks } from './scripts/locale-chunks.ts'

export default defineConfig({
  resolve: { tsconfigPaths: true },
  build: {
    manifest: true,
    // Fewer, larger first-load chunks (issue 11): the libraries every page loads are one file,
    // and the app modules that at least 20 pages share are another, instead of ~25 small files
    // each gzipped apart. 3 KiB less on an average page, none larger (npm run bench reports them).
    rolldownOptions: {
      // Plugin timings measure the machine (a busy laptop, a shared CI runner), not the code: not
      // a warning on every build.
      checks: { bundlerTimings: false },
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|cookie|set-cookie-parser|html-parse-stringify|void-elements|use-sync-external-store)[\\/]/,
              priority: 2,
            },
            { name: 'shared', test: /[\\/]app[\\/]/, minShareCount: 20, priority: 1 },
          ],
        },
      },
    },
  },
  plugins: [
    tailwindcss(),
    localeChunks(),
    reactRouter(),
    // Assets are compressed once at build time (brotli and gzip), not on every request: the server
    // sends the .br or .gz file next to each asset (server.ts).
    compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|css|svg)$/, threshold: 1024 }),
  ],
})
