/** The one file-name rule (ADR 091): the detected type's extension, no bidi or control characters. */
import { describe, expect, it } from 'vitest'

import { attachmentDisposition, downloadFileName, extensionOf, FILE_NAME_MAX, safeFileName, storedFileHeaders } from '~/utils/file-name'

describe('safeFileName', () => {
  it('ends the name with the detected type’s extension: a wrong one is replaced, a missing one added, an alias kept', () => {
    expect(safeFileName('invoice.html', 'png')).toBe('invoice.png')
    expect(safeFileName('invoice.png.html', 'png')).toBe('invoice.png.png')
    expect(safeFileName('evil.HTML. . ', 'png')).toBe('evil.png')
    expect(safeFileName('scan', 'pdf')).toBe('scan.pdf')
    expect(safeFileName('scan.2024', 'pdf')).toBe('scan.2024.pdf')
    expect(safeFileName('BOL 4471.PDF', 'pdf')).toBe('BOL 4471.PDF')
    expect(safeFileName('truck.jpeg', 'jpg')).toBe('truck.jpeg')
    expect(safeFileName('notes.svg', 'txt')).toBe('notes.txt')
    expect(safeFileName('', 'pdf')).toBe('document.pdf')
    expect(safeFileName('..', 'pdf')).toBe('document.pdf')
    expect(safeFileName('.html', 'png')).toBe('document.png')
  })

  it('removes bidi overrides and isolates, zero-width and other invisible characters, keeps joiners', () => {
    // "photo‮gnp.exe" shows as "photoexe.png" and is an .exe.
    expect(safeFileName('photo\u202Egnp.exe', 'png')).toBe('photognp.png')
    expect(safeFileName('a\u2066b\u2069\u200Bc\uFEFF\u200E\u200F\u061C.pdf', 'pdf')).toBe('abc.pdf')
    expect(safeFileName('line\u2028break\r\n.pdf', 'pdf')).toBe('linebreak.pdf')
    expect(safeFileName('می\u200Cخواهم.pdf', 'pdf')).toBe('می\u200Cخواهم.pdf')
    expect(safeFileName('C:\\Users\\x\\..\\"q".pdf', 'pdf')).toBe('q.pdf')
    expect(safeFileName('a%22b%0D%0A.pdf', 'pdf')).toBe('ab.pdf')
  })

  it('stays within 200 characters, extension included, without splitting a character', () => {
    const long = safeFileName(`${'😀'.repeat(300)}.html`, 'png')
    expect([...long].length).toBeLessThanOrEqual(FILE_NAME_MAX)
    expect(long.endsWith('😀.png')).toBe(true)
  })
})

describe('downloads', () => {
  it('name a file stored before the rule by its detected type, without its bidi controls', () => {
    expect(downloadFileName({ fileName: 'report\u202Elmth.png', contentType: 'image/png' })).toBe('reportlmth.png')
    expect(downloadFileName({ fileName: 'polyglot.html', contentType: 'image/png' })).toBe('polyglot.png')
    expect(downloadFileName({ fileName: 'a.jpeg', contentType: 'image/jpeg' })).toBe('a.jpeg')
    expect(downloadFileName({ fileName: 'x\u202E.bin', contentType: 'application/x-unknown' })).toBe('x.bin')
    expect(extensionOf('text/csv; charset=utf-8')).toBe('csv')
  })

  it('send the cleaned name in Content-Disposition, with an ASCII fallback', () => {
    const headers = storedFileHeaders({ fileName: 'pay\u202Efdp.html', contentType: 'application/pdf' }, 10)
    expect(headers['Content-Disposition']).toBe(`attachment; filename="payfdp.pdf"; filename*=UTF-8''payfdp.pdf`)
    expect(headers['X-Content-Type-Options']).toBe('nosniff')
    expect(attachmentDisposition('Café\u202E.pdf')).toBe(`attachment; filename="Caf_.pdf"; filename*=UTF-8''Caf%C3%A9.pdf`)
  })
})
