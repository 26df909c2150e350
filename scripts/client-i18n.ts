/**
 * Vite plugin: in the browser build (and the dev server's browser side), `i18next` and
 * `react-i18next` resolve to app/locales/lite/, the small subset of both that the app uses
 * (docs/decisions/021-client-i18next-lite.md). The server keeps the real libraries, so what it
 * renders and what the browser hydrates come from the same catalogues through two
 * implementations; tests/unit/i18next-lite.test.ts checks that they agree on every string.
 */
import path from 'node:path'
import type { Plugin } from 'vite'

const LITE: Record<string, string> = {
  i18next: 'app/locales/lite/i18next.ts',
  'react-i18next': 'app/locales/lite/react-i18next.tsx',
}

export function clientI18n(): Plugin {
  return {
    name: 'freightdesk-client-i18n',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId(source) {
      const file = LITE[source]
      if (file) return path.resolve(file)
    },
  }
}
