/**
 * Vite plugin: the browser downloads a language's strings per area (namespace), not the whole
 * catalogue. The catalogues stay one file per language (app/locales/en.ts …), which the server
 * imports whole; this plugin evaluates a catalogue at build time and emits one small JSON module
 * per language and namespace (`virtual:locale-chunk/fr/trucks`), plus `virtual:locale-chunks`
 * whose `loadChunk(lng, ns)` imports one lazily. Groups the browser never needs (emails, API and
 * edge messages) are in no namespace and never leave the server.
 */
import path from 'node:path'
import { pathToFileURL } from 'node:url'

import type { Plugin } from 'vite'

import { CLIENT_NAMESPACES, SUPPORTED_LANGUAGES } from '../app/i18n.ts'

const LOADER = 'virtual:locale-chunks'
const CHUNK = 'virtual:locale-chunk/'

export function localeChunks(): Plugin {
  const dir = path.resolve('app/locales')
  return {
    name: 'freightdesk-locale-chunks',
    resolveId(id) {
      if (id === LOADER || id.startsWith(CHUNK)) return `\0${id}`
    },
    async load(id) {
      if (id === `\0${LOADER}`) {
        const entries = SUPPORTED_LANGUAGES.flatMap((lng) =>
          Object.keys(CLIENT_NAMESPACES).map((ns) => `  '${lng}/${ns}': () => import('${CHUNK}${lng}/${ns}'),`),
        )
        return `const chunks = {\n${entries.join('\n')}\n}\nexport function loadChunk(lng, ns) {\n  return chunks[lng + '/' + ns]().then((module) => module.default)\n}\n`
      }
      if (!id.startsWith(`\0${CHUNK}`)) return
      const [lng, ns] = id.slice(CHUNK.length + 1).split('/') as [string, keyof typeof CLIENT_NAMESPACES]
      const file = path.join(dir, `${lng}.ts`)
      this.addWatchFile(file)
      // A fresh URL each time, so an edited catalogue is read again in development.
      const { tsImport } = await import('tsx/esm/api')
      const catalogue = (await tsImport(`${pathToFileURL(file).href}?v=${Date.now()}`, import.meta.url)).default as Record<string, unknown>
      const picked = Object.fromEntries(CLIENT_NAMESPACES[ns].map((group) => [group, catalogue[group]]))
      return `export default ${JSON.stringify(picked)}\n`
    },
  }
}
