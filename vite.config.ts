import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import { clientI18n } from './scripts/client-i18n'
import { localeChunks } from './scripts/locale-chunks'

export default defineConfig({
  resolve: { tsconfigPaths: true },
  build: { manifest: true },
  plugins: [tailwindcss(), localeChunks(), clientI18n(), reactRouter()],
})
