import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import { compression } from 'vite-plugin-compression2'
import { localeChunks } from './scripts/locale-chunks'

export default defineConfig({
  resolve: { tsconfigPaths: true },
  build: { manifest: true },
  plugins: [
    tailwindcss(),
    localeChunks(),
    reactRouter(),
    // Assets are compressed once at build time (brotli and gzip), not on every request: the server
    // sends the .br or .gz file next to each asset (server.ts).
    compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|css|svg)$/, threshold: 1024 }),
  ],
})
