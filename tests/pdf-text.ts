/**
 * A generated PDF's text, read back with the reader the app itself uses (unpdf's pdf.js): one
 * pdf.js in the process, so test files sharing a worker's module graph (ADR 119) never meet two
 * versions of its worker. Pages joined, a line break where pdf.js ends a line.
 */
import { extractText } from 'unpdf'

export async function pdfText(bytes: Uint8Array) {
  // pdf.js takes the buffer it is given: a copy, so the caller's bytes stay usable.
  const { text } = await extractText(new Uint8Array(bytes), { mergePages: true })
  return text
}
