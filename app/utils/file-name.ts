/**
 * The one rule for the name of a file people upload and download (ADR 091): load
 * documents, mail and chat attachments, bulletin covers, product photos, the files manager, share
 * links, ZIP entries, generated PDFs and exports.
 *
 * - The name ends with the extension of the type its bytes were found to be: a PNG sent as
 *   `invoice.html` is `invoice.png`, so no saved copy opens as a page; `scan` becomes `scan.pdf`.
 * - Control characters, line separators and invisible formatting characters are removed: the
 *   bidi overrides and isolates (`U+202E` writes `gnp.exe` as `exe.png`), zero-width spaces, the
 *   byte-order mark. Zero-width joiners and non-joiners stay: scripts and emoji need them.
 * - No folders, no quotes, no trailing dots or spaces (Windows drops them: `x.html.` is `x.html`),
 *   at most 200 characters.
 *
 * Names are cleaned when a file is stored, and again when one is downloaded, for names stored before.
 */

/** The extensions a type's file may keep; the first is the one a name gets when it has none of them. */
const EXTENSIONS: Record<string, readonly string[]> = {
  'application/pdf': ['pdf'],
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg', 'jpe'],
  'image/webp': ['webp'],
  'image/gif': ['gif'],
  'text/plain': ['txt', 'text', 'log'],
  'text/csv': ['csv'],
  'application/zip': ['zip'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['xlsx'],
}

/** The extension a file of this type is given (`image/jpeg` → `jpg`), or null for a type the app never stores. */
export function extensionOf(contentType: string): string | null {
  return EXTENSIONS[contentType.split(';')[0].trim().toLowerCase()]?.[0] ?? null
}

/** The extensions that may stand for `ext` (`jpg`: jpg, jpeg, jpe). */
function aliasesOf(ext: string): readonly string[] {
  return Object.values(EXTENSIONS).find((list) => list.includes(ext)) ?? [ext]
}

/** Invisible or line-breaking characters: controls, separators, formatting (bidi, zero-width, BOM) except ZWNJ and ZWJ. */
const INVISIBLE = /[\p{Cc}\p{Zl}\p{Zp}]|(?![\u200c\u200d])\p{Cf}/gu

/** The name without folders, invisible characters and quotes, trimmed (no extension rule). */
export function cleanFileName(name: string): string {
  // Browsers escape ", CR and LF in a multipart file name as %22, %0D and %0A (the HTML standard).
  const unescaped = name.replace(/%22/gi, '"').replace(/%0[ad]/gi, '')
  return (unescaped.split(/[\\/]/).pop() ?? '')
    .normalize('NFC')
    .replace(INVISIBLE, '')
    .replace(/"/g, '')
    .trim()
    .replace(/[\s.]+$/u, '')
}

/** The longest a stored or downloaded name gets, extension included. */
export const FILE_NAME_MAX = 200

/**
 * A file name safe to show, store and send back, ending with `ext` (the detected type's: see the
 * module's comment). An extension the type does not have is replaced (`a.html` → `a.png`); a last
 * part that is no extension (`v1.2`, `scan.2024`) is kept and the type's added.
 */
export function safeFileName(name: string, ext: string): string {
  const clean = cleanFileName(name)
  const dot = clean.lastIndexOf('.')
  let stem = clean
  if (dot >= 0) {
    const last = clean.slice(dot + 1)
    if (aliasesOf(ext).includes(last.toLowerCase())) return fit(clean.slice(0, dot), last)
    // Letters (and digits) after the dot look like an extension to a desktop: dropped.
    if (/^(?=.*\p{L})[\p{L}\p{N}]{1,10}$/u.test(last)) stem = clean.slice(0, dot)
  }
  return fit(stem, ext)
}

/** `stem.ext` within FILE_NAME_MAX, with a stem of its own (`document` when nothing is left). */
function fit(stem: string, ext: string) {
  const room = FILE_NAME_MAX - ext.length - 1
  // By code points, so a cut never splits a surrogate pair.
  const kept = [...stem.replace(/[\s.]+$/u, '')]
    .slice(0, room)
    .join('')
    .replace(/[\s.]+$/u, '')
  return `${kept && kept !== '.' ? kept : 'document'}.${ext}`
}

/** The name a stored file downloads under: the rule above with its detected type, for names stored before it. */
export function downloadFileName(file: { fileName: string; contentType: string }): string {
  const ext = extensionOf(file.contentType)
  return ext ? safeFileName(file.fileName, ext) : cleanFileName(file.fileName).slice(0, FILE_NAME_MAX) || 'download'
}

/** `Content-Disposition: attachment` with an ASCII fallback and the UTF-8 name (RFC 6266), invisible characters removed. */
export function attachmentDisposition(fileName: string) {
  const name = cleanFileName(fileName) || 'download'
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\;]/g, '_')
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)}`
}

/**
 * The answer's headers for a stored file a reader downloads (a load's papers, a mail or chat
 * attachment, the files manager, a share link, a cover): the type detected at upload with
 * `nosniff`, never cached, named by the rule above, an attachment unless the caller shows it
 * inline (a chat photo, a cover).
 */
export function storedFileHeaders(file: { fileName: string; contentType: string }, sizeBytes: number, options: { inline?: boolean } = {}) {
  const disposition = attachmentDisposition(downloadFileName(file))
  return {
    'Content-Type': file.contentType,
    'Content-Length': String(sizeBytes),
    'Content-Disposition': options.inline ? disposition.replace(/^attachment/, 'inline') : disposition,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'private, no-store',
  }
}
