/**
 * Hostile SMTP input for the receiver's fuzz suite (tests/integration/smtp-fuzz.test.ts):
 * raw RFC 5322 messages of the shapes that took the receiver down or could (huge single-line and
 * many-line bodies, many MIME parts, deep multipart nesting, huge headers, large base64
 * attachments, huge HTML, bad encodings, a decoy sharing a real message's Message-ID) and the
 * clients that only hold a connection. Each shape is built from a seeded PRNG (mulberry32, as the
 * API fuzz suite), so a seed always builds the same bytes; messages are Buffers (outside the heap).
 */
import { mulberry32, type Rng } from './hostile'

export type SmtpShape = {
  name: string
  raw: Buffer
  /** What the receiver must answer: 250 filed, 554 refused as unreadable, 552 too big. */
  expect: 250 | 552 | 554
}

const CRLF = '\r\n'

function headerBlock(fields: Record<string, string>) {
  return Object.entries(fields)
    .map(([name, value]) => `${name}: ${value}`)
    .join(CRLF)
}

function message(headers: Record<string, string>, body: Buffer | string) {
  return Buffer.concat([Buffer.from(`${headerBlock({ 'MIME-Version': '1.0', ...headers })}${CRLF}${CRLF}`), Buffer.isBuffer(body) ? body : Buffer.from(body)])
}

/** `size` bytes of printable text from the PRNG, in lines of `lineLength` (0: one line). */
export function textBytes(rng: Rng, size: number, lineLength = 76) {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz      ABCDEFGHIJ0123456789.,'
  const out = Buffer.allocUnsafe(size)
  for (let i = 0; i < size; i++) out[i] = alphabet.charCodeAt(rng.int(alphabet.length))
  if (lineLength > 0) for (let i = lineLength; i + 1 < size; i += lineLength + 2) out.write(CRLF, i, 'latin1')
  return out
}

/** A plain text message whose body is `size` bytes (one line, or lines of 76). */
export function plainText(rng: Rng, to: string, size: number, { oneLine = false, subject = 'Plain text' } = {}) {
  return message(
    {
      From: 'Dana <dana@broker.example>',
      To: to,
      Subject: subject,
      'Message-ID': `<plain-${rng.int(1e9)}@broker.example>`,
      'Content-Type': 'text/plain; charset=utf-8',
    },
    textBytes(rng, size, oneLine ? 0 : 76),
  )
}

/** multipart/mixed with `count` small text/csv attachments. */
export function manyParts(rng: Rng, to: string, count: number) {
  const boundary = `b${rng.int(1e9)}`
  const parts = [`--${boundary}${CRLF}Content-Type: text/plain${CRLF}${CRLF}Many parts.${CRLF}`]
  for (let i = 0; i < count; i++)
    parts.push(
      `--${boundary}${CRLF}Content-Type: text/csv${CRLF}Content-Disposition: attachment; filename="part-${i}.csv"${CRLF}${CRLF}load,rate${CRLF}${i},100${CRLF}`,
    )
  parts.push(`--${boundary}--${CRLF}`)
  return message({ From: 'dana@broker.example', To: to, Subject: `Parts ${count}`, 'Content-Type': `multipart/mixed; boundary="${boundary}"` }, parts.join(''))
}

/** Multipart nested `depth` deep around one text part. */
export function deepNesting(rng: Rng, to: string, depth: number) {
  const seed = rng.int(1e9)
  let body = `Content-Type: text/plain${CRLF}${CRLF}The bottom.${CRLF}`
  for (let level = depth; level > 0; level--) {
    const boundary = `n${seed}-${level}`
    body = `Content-Type: multipart/mixed; boundary="${boundary}"${CRLF}${CRLF}--${boundary}${CRLF}${body}--${boundary}--${CRLF}`
  }
  return Buffer.from(`From: dana@broker.example${CRLF}To: ${to}${CRLF}Subject: Deep ${depth}${CRLF}MIME-Version: 1.0${CRLF}${body}`)
}

/** One header line of `size` bytes. */
export function hugeHeader(rng: Rng, to: string, size: number) {
  return message({ From: 'dana@broker.example', To: to, Subject: 'Huge header', 'X-Junk': textBytes(rng, size, 0).toString('latin1') }, 'Body.')
}

/** `count` header lines of about 100 bytes, folded continuation lines included. */
export function manyHeaders(rng: Rng, to: string, count: number) {
  const lines = Array.from(
    { length: count },
    (_, i) => `Received: from relay-${i}.example by relay-${i + 1}.example;${CRLF}\t${textBytes(rng, 60, 0).toString('latin1')}`,
  )
  return Buffer.from(`From: dana@broker.example${CRLF}To: ${to}${CRLF}Subject: Many headers${CRLF}${lines.join(CRLF)}${CRLF}${CRLF}Body.`)
}

/** A base64 PDF attachment of `size` bytes beside a short text. */
export function base64Attachment(rng: Rng, to: string, size: number) {
  const boundary = `a${rng.int(1e9)}`
  const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), textBytes(rng, size, 0)])
  const encoded = pdf.toString('base64').replace(/.{76}/g, `$&${CRLF}`)
  return message(
    { From: 'dana@broker.example', To: to, Subject: 'Scan', 'Content-Type': `multipart/mixed; boundary="${boundary}"` },
    Buffer.concat([
      Buffer.from(`--${boundary}${CRLF}Content-Type: text/plain${CRLF}${CRLF}Scan attached.${CRLF}--${boundary}${CRLF}`),
      Buffer.from(
        `Content-Type: application/pdf; name="scan.pdf"${CRLF}Content-Transfer-Encoding: base64${CRLF}Content-Disposition: attachment; filename="scan.pdf"${CRLF}${CRLF}`,
      ),
      Buffer.from(encoded),
      Buffer.from(`${CRLF}--${boundary}--${CRLF}`),
    ]),
  )
}

/** HTML only, `size` bytes, most of it one data: image inside a tag that never ends early. */
export function hugeHtml(rng: Rng, to: string, size: number) {
  const image = Buffer.alloc(Math.floor((size * 3) / 4), rng.int(256)).toString('base64')
  return message(
    { From: 'dana@broker.example', To: to, Subject: 'Huge HTML', 'Content-Type': 'text/html; charset=utf-8' },
    `<p>Rate <b>$1,900</b> &amp; fuel</p><img src="data:image/png;base64,${image}"><p>Thanks</p>`,
  )
}

/** Encodings that are wrong or hostile: an unknown charset, broken base64 and quoted-printable, UTF-7, invalid UTF-8, a CR LF in an encoded subject. */
export function badEncodings(rng: Rng, to: string): Buffer[] {
  const subject = `=?utf-8?B?${Buffer.from('Rate\r\nBcc: all@example.net').toString('base64')}?=`
  return [
    message({ From: 'dana@broker.example', To: to, Subject: subject, 'Content-Type': 'text/plain; charset=x-no-such-charset' }, 'Unknown charset body.'),
    message(
      { From: 'dana@broker.example', To: to, Subject: 'Bad base64', 'Content-Type': 'text/plain', 'Content-Transfer-Encoding': 'base64' },
      '!!!not*base64@@@\r\nSGVsbG8==',
    ),
    message(
      { From: 'dana@broker.example', To: to, Subject: 'Bad QP', 'Content-Type': 'text/plain', 'Content-Transfer-Encoding': 'quoted-printable' },
      'Broken =ZZ =\r\n=4',
    ),
    message({ From: 'dana@broker.example', To: to, Subject: 'UTF-7', 'Content-Type': 'text/html; charset=utf-7' }, '+ADw-script+AD4-alert(1)+ADw-/script+AD4-'),
    message(
      { From: 'dana@broker.example', To: to, Subject: 'Invalid UTF-8', 'Content-Type': 'text/plain; charset=utf-8' },
      Buffer.from([0x48, 0xff, 0xfe, 0xc3, 0x28, 0x00, 0x41, rng.int(128)]),
    ),
  ]
}

/** Every shape with what the receiver must answer, sized for a 25 MB limit. */
export function smtpShapes(seed: number, to: string): SmtpShape[] {
  const rng = mulberry32(seed)
  const MB = 1024 * 1024
  return [
    { name: '10 MB plain text on one line', raw: plainText(rng, to, 10 * MB, { oneLine: true }), expect: 250 },
    { name: '24 MB plain text in lines', raw: plainText(rng, to, 24 * MB), expect: 250 },
    { name: '300 MIME parts', raw: manyParts(rng, to, 300), expect: 554 },
    { name: '150 MIME parts', raw: manyParts(rng, to, 150), expect: 250 },
    { name: 'multipart nested 150 deep', raw: deepNesting(rng, to, 150), expect: 250 },
    { name: 'a 2 MB header line', raw: hugeHeader(rng, to, 2 * MB), expect: 554 },
    { name: '5,000 header lines', raw: manyHeaders(rng, to, 5_000), expect: 554 },
    { name: 'a 15 MB base64 attachment', raw: base64Attachment(rng, to, 15 * MB), expect: 250 },
    { name: '16 MB of HTML', raw: hugeHtml(rng, to, 16 * MB), expect: 250 },
    ...badEncodings(rng, to).map((raw, index) => ({ name: `bad encoding ${index + 1}`, raw, expect: 250 as const })),
    { name: '26 MB (over the limit)', raw: plainText(rng, to, 26 * MB), expect: 552 },
  ]
}
