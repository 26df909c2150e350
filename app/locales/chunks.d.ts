/** Built by scripts/locale-chunks.ts: one language's strings for one namespace. */
declare module 'virtual:locale-chunks' {
  export function loadChunk(lng: string, ns: string): Promise<Record<string, unknown>>
}
