/**
 * Reading an inbound message from its spool file without ever holding it (ADR 082). The
 * receiver (app/models/mail/inbound-smtp.server.ts) writes the SMTP DATA to a file; this reads it with
 * mailparser's streaming MailParser and hands every leaf part over as a stream:
 *
 *   - text/plain (and bounces' message/delivery-status) parts go to a TextSpool: the first
 *     INBOUND_TEXT_MAX_CHARS characters stay in memory (what the database keeps and search reads),
 *     the whole text goes to a file beside the spool, stored only when longer than that;
 *   - text/html parts are kept up to INBOUND_HTML_MAX_CHARS (then sanitized and stored); a larger
 *     HTML version is dropped with a note, and its text is extracted on the way (HtmlText, a
 *     streaming tag stripper) for a message that has no plain text;
 *   - every other part is written to a file of its own and its type read from the file's bytes.
 *
 * So a message needs a bounded heap whatever its size: about INBOUND_TEXT_MAX_CHARS and
 * INBOUND_HTML_MAX_CHARS of strings, its headers (MAX_HEAD_BYTES a part, MAX_PARTS parts) and
 * stream buffers. A message mailparser cannot read (a header block or a part count past those
 * limits) is MalformedMailError: the receiver answers 554, a permanent refusal.
 */
import { createHash } from 'node:crypto'
import { once } from 'node:events'
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs'
import path from 'node:path'
import type { Readable } from 'node:stream'

import { decodeHTML } from 'entities'
import type { AddressObject, AttachmentStream, EmailAddress, MessageText } from 'mailparser'

import { safeFileName } from '~/models/loads/load-document.server'
import { MAIL_TEXT_MAX_LENGTH } from '~/schemas/mail-options'
import { cleanFileName } from '~/utils/file-name'
import { MAIL_ATTACHMENT_TYPES, type MailAttachmentType, mailAttachmentTypeOfFile } from '~/utils/mail-attachment-type.server'
import { mailSubjectLine } from '~/utils/mail-text'

/** The text the database keeps of a message: as much as a composed message may have. */
export const INBOUND_TEXT_MAX_CHARS = MAIL_TEXT_MAX_LENGTH
/** The HTML version kept (sanitized) and shown in the message's frame; a larger one is dropped with a note. */
export const INBOUND_HTML_MAX_CHARS = 512 * 1024
/** Attachments kept from one message; past that they are dropped with a note. */
export const INBOUND_ATTACHMENTS_MAX = 50
/** A part's header block (mailsplit's maxHeadSize): long Received and DKIM chains fit many times over. */
const MAX_HEAD_BYTES = 64 * 1024
/** MIME parts in one message (mailsplit's maxChildNodes). */
const MAX_PARTS = 200
/** Addresses kept from one To or Cc header. */
const MAX_PARTIES = 100

/** A message mailparser refuses (headers or parts past the limits): permanent, the sender gets 554. */
export class MalformedMailError extends Error {
  constructor(cause: unknown) {
    super(`malformed message: ${(cause as Error)?.message ?? cause}`, { cause })
  }
}

export type InboundParty = { name: string; email: string }
/** A part kept as an attachment: checked by its bytes, in a file under the work folder. */
export type InboundFile = { fileName: string; contentType: MailAttachmentType; file: string; sizeBytes: number }

export type InboundMail = {
  messageId: string | null
  inReplyTo: string | null
  subject: string
  from: InboundParty | null
  to: InboundParty[]
  cc: InboundParty[]
  /** Authentication-Results header values, newest (topmost) first. */
  authenticationResults: string[]
  /** The text the database keeps: the whole text, or its first INBOUND_TEXT_MAX_CHARS characters, notes after it. */
  text: string
  /** The whole text (UTF-8) when `text` holds only its beginning; else null. */
  textFile: { file: string; sizeBytes: number } | null
  /** The HTML version, not yet sanitized; null when there is none or it was too large. */
  html: string | null
  /** What the message held that is not kept, as lines for its text (refused or extra attachments, an HTML version too large). */
  notes: string[]
  attachments: InboundFile[]
  /** SHA-256 of what the message says: sender, subject, Message-ID and every part's content (dedupe). */
  fingerprint: string
}

/** PostgreSQL text cannot hold NUL. */
// eslint-disable-next-line no-control-regex
const clean = (value: string) => value.replace(/\u0000/g, '')

/**
 * Text as it streams in: the first `limit` characters in memory, all of it in `file` (opened on the
 * first write). Writes wait for the file's drain, so a fast parser never piles text up in memory.
 */
class TextSpool {
  preview = ''
  chars = 0
  bytes = 0
  private out: WriteStream | null = null
  constructor(
    readonly file: string,
    readonly limit: number,
  ) {}

  async write(text: string) {
    if (!text) return
    if (this.preview.length < this.limit) this.preview += text.slice(0, this.limit - this.preview.length)
    this.chars += text.length
    const bytes = Buffer.from(text, 'utf8')
    this.bytes += bytes.length
    this.out ??= createWriteStream(this.file)
    if (!this.out.write(bytes)) await once(this.out, 'drain')
  }

  get truncated() {
    return this.chars > this.limit
  }

  async end() {
    if (!this.out) return
    this.out.end()
    await once(this.out, 'finish')
  }
}

const BLOCK_TAGS = new Set(['address', 'article', 'blockquote', 'br', 'dd', 'div', 'dl', 'dt', 'footer', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6'])
for (const tag of ['header', 'hr', 'li', 'ol', 'p', 'pre', 'section', 'table', 'td', 'th', 'tr', 'ul']) BLOCK_TAGS.add(tag)
const SKIPPED_TAGS = new Set(['script', 'style', 'title'])

/**
 * HTML to its text, as it streams, in constant memory: tags go (a line break for block ones), the
 * content of script, style and title goes, comments go, entities are decoded and runs of white
 * space become one space. A parser that builds a tree (or buffers a tag until it closes, as
 * htmlparser2 does with a 20 MB data: image) would hold the whole document.
 */
export class HtmlText {
  private state: 'text' | 'tag' | 'comment' = 'text'
  private quote = ''
  private name = ''
  private naming = false
  private closing = false
  private skipping = ''
  private pending = ''
  private dashes = 0

  /** Feeds a piece of HTML; answers the text it completes. */
  push(html: string): string {
    let out = ''
    let run = 0
    for (let i = 0; i < html.length; i++) {
      const char = html[i]
      if (this.state === 'text') {
        if (char !== '<') continue
        if (!this.skipping) this.pending += html.slice(run, i)
        out += this.flush(false)
        this.state = 'tag'
        this.name = ''
        this.naming = true
        this.closing = false
        this.quote = ''
      } else if (this.state === 'comment') {
        if (char === '>' && this.dashes >= 2) {
          this.state = 'text'
          run = i + 1
        }
        this.dashes = char === '-' ? this.dashes + 1 : 0
      } else if (this.naming) {
        // "a < b": a '<' that starts no tag is text, as a browser reads it.
        if (!this.name && !this.closing && !/[a-z/!]/i.test(char)) {
          this.state = 'text'
          if (!this.skipping) this.pending += '<'
          run = i
          i--
        } else if (char === '/' && !this.name && !this.closing) this.closing = true
        else if (char === '!' && !this.name && html.startsWith('--', i + 1)) {
          this.state = 'comment'
          this.dashes = 0
          i += 2
        } else if (/[a-z0-9]/i.test(char) && this.name.length < 16) this.name += char.toLowerCase()
        else {
          this.naming = false
          i--
        }
      } else if (this.quote) {
        if (char === this.quote) this.quote = ''
      } else if (char === '"' || char === "'") this.quote = char
      else if (char === '>') {
        out += this.tag()
        this.state = 'text'
        run = i + 1
      }
    }
    if (this.state === 'text' && !this.skipping) this.pending += html.slice(run)
    return out + this.flush(false)
  }

  /** The text still held (an entity cut at the end of the last piece). */
  end() {
    return this.flush(true)
  }

  private tag() {
    if (this.skipping) {
      if (this.closing && this.name === this.skipping) this.skipping = ''
      return ''
    }
    if (!this.closing && SKIPPED_TAGS.has(this.name)) {
      this.skipping = this.name
      return ''
    }
    return BLOCK_TAGS.has(this.name) ? '\n' : ''
  }

  /** Decodes what is pending, keeping back an entity that may go on in the next piece. */
  private flush(all: boolean) {
    let text = this.pending
    this.pending = ''
    if (!all) {
      const amp = text.lastIndexOf('&')
      if (amp >= 0 && text.length - amp < 40 && !text.includes(';', amp)) {
        this.pending = text.slice(amp)
        text = text.slice(0, amp)
      }
    }
    return text ? decodeHTML(text).replace(/[ \t\r\n\f\u00a0]+/g, ' ') : ''
  }
}

/** Bytes to text, CR LF and lone CR to LF, NUL gone; invalid UTF-8 becomes U+FFFD. */
async function* textOf(stream: AsyncIterable<Buffer | string>) {
  const decoder = new TextDecoder('utf-8')
  let carry = ''
  const tidy = (text: string) => clean(text.replace(/\r\n?/g, '\n'))
  for await (const chunk of stream) {
    let text = carry + (typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }))
    // A CR at the end may be the first half of a CR LF.
    carry = text.endsWith('\r') ? '\r' : ''
    if (carry) text = text.slice(0, -1)
    if (text) yield tidy(text)
  }
  const rest = carry + decoder.decode()
  if (rest) yield tidy(rest)
}

type HeaderValue = { value?: string; params?: Record<string, string> } | undefined

/** A text part's bytes in UTF-8: format=flowed joined, its charset decoded (an unknown one read as UTF-8). */
async function textStream(part: AttachmentStream): Promise<Readable> {
  const params = (part.headers.get('content-type') as HeaderValue)?.params ?? {}
  let stream: Readable = part.content
  const chain = (next: NodeJS.ReadWriteStream) => {
    stream.on('error', (error) => next.emit('error', error))
    stream = stream.pipe(next) as unknown as Readable
  }
  if (params.format?.toLowerCase() === 'flowed') {
    const { default: FlowedDecoder } = await import('@zone-eu/mailsplit/lib/flowed-decoder.js')
    chain(new FlowedDecoder({ delSp: params.delsp?.toLowerCase() === 'yes' }))
  }
  const charset = (params.charset ?? '').toLowerCase().replace(/[^a-z0-9]/g, '')
  if (charset && !['ascii', 'usascii', 'utf8'].includes(charset)) {
    const { default: libmime } = await import('libmime')
    try {
      chain(libmime.createDecodeStream(params.charset))
    } catch {
      // A charset libmime cannot even name: read as UTF-8.
    }
  }
  return stream
}

const BODY_TYPES = new Set(['text/plain', 'text/html', 'message/delivery-status'])

/** A part that is the message's text rather than a file: a text type not marked as an attachment (as simpleParser reads it). */
function isBodyPart(part: AttachmentStream) {
  return BODY_TYPES.has(part.contentType) && (!part.contentDisposition || part.contentDisposition.toLowerCase() === 'inline')
}

function partiesOf(field: unknown): InboundParty[] {
  const flat = (addresses: EmailAddress[]): EmailAddress[] => addresses.flatMap((address) => (address.group ? flat(address.group) : [address]))
  const objects = (field ? (Array.isArray(field) ? field : [field]) : []) as AddressObject[]
  return objects
    .flatMap((object) => flat(object?.value ?? []))
    .filter((address) => address.address)
    .slice(0, MAX_PARTIES)
    .map((address) => ({ name: mailSubjectLine(clean(address.name ?? '')).slice(0, 200), email: clean(address.address!).slice(0, 320) }))
}

const firstString = (value: unknown) => {
  const first = Array.isArray(value) ? value[0] : value
  return typeof first === 'string' && first ? clean(first).slice(0, 998) : null
}

/** The line a refused attachment leaves in the message's text (stored data, in English like the mail's headers). */
function refusedNote(fileName: string, kinds: string) {
  return `[Attachment "${fileName}" was not accepted: only ${kinds} files are kept.]`
}

/**
 * Reads the message in `spoolFile`, writing its text and files under `workDir` (the caller removes
 * it). Throws MalformedMailError when mailparser refuses the message; any other error (the disk) is
 * the caller's to retry.
 */
export async function readInboundMail(spoolFile: string, workDir: string): Promise<InboundMail> {
  const [{ MailParser }, { MAIL_ATTACHMENT_KINDS }] = await Promise.all([import('mailparser'), import('~/utils/mail-attachment-type.server')])
  const parser = new MailParser({
    maxHeadSize: MAX_HEAD_BYTES,
    maxChildNodes: MAX_PARTS,
    checksumAlgo: false,
    skipHtmlToText: true,
    skipTextToHtml: true,
    skipTextLinks: true,
    skipImageLinks: true,
  })
  // Every leaf part as a stream, text parts included: MailParser would otherwise gather each text
  // part into one string (node.textContent) and join them at the end, the whole body in the heap.
  // `textTypes` is the instance's list of types it gathers (mailparser 3.x); the receiver's tests
  // send a text body past the heap a string may take and would fail if this stopped working.
  ;(parser as unknown as { textTypes: string[] }).textTypes = []

  const hash = createHash('sha256')
  const text = new TextSpool(path.join(workDir, 'text.txt'), INBOUND_TEXT_MAX_CHARS)
  const htmlText = new TextSpool(path.join(workDir, 'html-text.txt'), INBOUND_TEXT_MAX_CHARS)
  const stripper = new HtmlText()
  let html: string[] = []
  let htmlChars = 0
  let textParts = 0
  let htmlParts = 0
  const attachments: InboundFile[] = []
  const notes: string[] = []
  let headers = new Map<string, unknown>()
  let parseError: unknown = null

  parser.on('headers', (value) => (headers = value as Map<string, unknown>))
  parser.on('error', (error) => (parseError ??= error))
  const source = createReadStream(spoolFile)
  source.on('error', (error) => parser.destroy(error))
  source.pipe(parser)

  const readPart = async (part: AttachmentStream) => {
    if (isBodyPart(part)) {
      const isHtml = part.contentType === 'text/html'
      hash.update(isHtml ? '\u0000html\u0000' : '\u0000text\u0000')
      if (isHtml ? htmlParts++ : textParts++) {
        if (isHtml) html.push('<br/>\n')
        else await text.write('\n')
      }
      for await (const piece of textOf(await textStream(part))) {
        hash.update(piece)
        if (!isHtml) {
          await text.write(piece)
          continue
        }
        htmlChars += piece.length
        if (htmlChars <= INBOUND_HTML_MAX_CHARS) html.push(piece)
        else html = []
        await htmlText.write(stripper.push(piece))
      }
      return
    }
    const fileName = clean(part.filename ?? '')
    if (attachments.length >= INBOUND_ATTACHMENTS_MAX) {
      notes.push(`[Attachment "${safeFileName(fileName, 'bin')}" was not kept: a message keeps at most ${INBOUND_ATTACHMENTS_MAX} attachments.]`)
      part.content.resume()
      await once(part.content, 'end')
      return
    }
    const file = path.join(workDir, `part-${attachments.length + notes.length}`)
    const out = createWriteStream(file)
    let sizeBytes = 0
    hash.update('\u0000file\u0000')
    for await (const chunk of part.content as AsyncIterable<Buffer>) {
      sizeBytes += chunk.length
      hash.update(chunk)
      if (!out.write(chunk)) await once(out, 'drain')
    }
    out.end()
    await once(out, 'finish')
    const contentType = await mailAttachmentTypeOfFile(file, { fileName, declaredType: part.contentType || 'application/octet-stream', sizeBytes })
    const safeName = safeFileName(fileName, contentType ? MAIL_ATTACHMENT_TYPES[contentType] : 'bin')
    if (contentType) attachments.push({ fileName: safeName, contentType, file, sizeBytes })
    // Refused, it is stored nowhere: the note names it as the sender did (without invisible characters).
    else notes.push(refusedNote(cleanFileName(fileName) || safeName, MAIL_ATTACHMENT_KINDS))
  }

  try {
    for await (const item of parser as AsyncIterable<AttachmentStream | MessageText>) {
      if (item.type !== 'attachment') continue
      try {
        await readPart(item)
      } finally {
        item.release?.()
      }
    }
  } catch (error) {
    throw parseError ? new MalformedMailError(parseError) : error
  } finally {
    source.destroy()
  }
  if (parseError) throw new MalformedMailError(parseError)
  await htmlText.write(stripper.end())

  if (htmlChars > INBOUND_HTML_MAX_CHARS)
    notes.push(`[The HTML version of this message (${Math.ceil(htmlChars / 1024)} KB) is too large to show; its text is kept.]`)
  // The plain text part when there is one, else the text of the HTML.
  const body = textParts || !htmlParts ? text : htmlText
  const beginning = body.preview.replace(/\n{3,}/g, '\n\n').trim()
  const noteText = notes.join('\n')
  if (body.truncated && noteText) await body.write(`\n\n${noteText}`)
  await Promise.all([text.end(), htmlText.end()])

  const from = partiesOf(headers.get('from'))[0] ?? null
  const subject = mailSubjectLine(clean(firstString(headers.get('subject')) ?? '')).slice(0, 998)
  const messageId = firstString(headers.get('message-id'))
  hash.update(JSON.stringify(['\u0000headers', messageId, subject, from?.email ?? null]))
  const results = headers.get('authentication-results')
  return {
    messageId,
    inReplyTo: firstString(headers.get('in-reply-to')),
    subject,
    from,
    to: partiesOf(headers.get('to')),
    cc: partiesOf(headers.get('cc')),
    authenticationResults: (Array.isArray(results) ? results : results ? [results] : []).filter((value): value is string => typeof value === 'string'),
    text: [`${beginning}${body.truncated ? '\n[…]' : ''}`, noteText].filter(Boolean).join('\n\n'),
    textFile: body.truncated ? { file: body.file, sizeBytes: body.bytes } : null,
    html: htmlParts && htmlChars <= INBOUND_HTML_MAX_CHARS ? clean(html.join('')) : null,
    notes,
    attachments,
    fingerprint: hash.digest('hex'),
  }
}
