/**
 * Reading an X12 interchange strictly (ADR 147): the separators from the ISA's fixed 106
 * characters, every segment's syntax, and the ISA/GS/ST envelopes with their SE/GE/IEA counts and
 * control numbers. It never throws on what a partner sends: what is wrong becomes a problem with a
 * stable code and the 997's codes (AK3/AK4 for a segment, AK5 for a transaction set, AK9 for a
 * group), so the answer can say exactly what was refused. Pure: no database, no clock.
 */

/** The largest interchange read (bytes): the request edge refuses a bigger body before it is read (413). */
export const EDI_INTERCHANGE_MAX_BYTES = 1024 * 1024

/** The transaction sets this slice reads: load tenders, and acknowledgments of what we send. */
export const EDI_SUPPORTED_TRANSACTIONS = ['204', '990', '997'] as const

/** The transaction sets we write: what reading our own output back (tests, a resend) accepts. */
export const EDI_WRITTEN_TRANSACTIONS = ['990', '214', '210', '997'] as const

export type Separators = { element: string; segment: string; component: string }

export type Segment = {
  tag: string
  /** X12 numbering: `elements[1]` is the segment's first element (B2-04 is `elements[4]`). */
  elements: string[]
  /** 1-based position in the interchange. */
  position: number
}

/** A segment's fault as AK3 writes it (AK304: 1 unrecognized, 2 unexpected, 3 mandatory missing, 8 data element errors), with its AK4. */
export type SegmentFault = {
  tag: string
  /** AK302: the position in the transaction set (ST is 1). */
  position: number
  code: '1' | '2' | '3' | '8'
  element?: { position: number; reference: string; code: '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9'; value?: string }
}

export type ProblemCode =
  | 'segment_syntax'
  | 'invalid_character'
  | 'unexpected_segment'
  | 'isa_version'
  | 'no_groups'
  | 'gs_malformed'
  | 'gs_version'
  | 'ge_missing'
  | 'ge_count'
  | 'ge_control'
  | 'st_malformed'
  | 'se_missing'
  | 'se_count'
  | 'se_control'
  | 'iea_missing'
  | 'iea_count'
  | 'iea_control'
  | 'after_iea'
  | 'unsupported_transaction'
  | 'tender_invalid'

/** What is wrong, where: `params` fill the translated reason (`edi.reasons.<code>`). */
export type Problem = { code: ProblemCode; params: Record<string, string | number> }

export type TransactionSet = {
  id: string
  control: string
  /** ST … SE as read (ST first; SE last when there is one). */
  segments: Segment[]
  problems: Problem[]
  faults: SegmentFault[]
  /** AK502 codes: 1 not supported, 2 trailer missing, 3 control numbers differ, 4 count differs, 5 segments in error, 6/7 bad ST. */
  ak5Codes: string[]
}

export type FunctionalGroup = {
  functionalId: string
  sender: string
  receiver: string
  control: string
  version: string
  transactions: TransactionSet[]
  problems: Problem[]
  /** AK905 codes: 2 version not supported, 3 trailer missing, 4 control numbers differ, 5 count differs. */
  ak9Codes: string[]
}

export type Interchange = {
  separators: Separators
  senderQualifier: string
  senderId: string
  receiverQualifier: string
  receiverId: string
  /** ISA09 and ISA10 as sent (YYMMDD, HHMM). */
  date: string
  time: string
  control: string
  version: string
  usage: string
  groups: FunctionalGroup[]
  /** Faults of the envelope itself (IEA, stray segments): the 997 rejects every group for them. */
  problems: Problem[]
}

export type ReadInterchange =
  { ok: true; interchange: Interchange } | { ok: false; code: 'too_large' | 'not_x12' | 'isa_malformed'; params: Record<string, string | number> }

/** The ISA's elements have fixed widths (ISA01…ISA16): these are where its element separator sits. */
const ISA_WIDTHS = [2, 10, 2, 10, 2, 15, 2, 15, 6, 4, 1, 5, 9, 1, 1, 1]
const ISA_LENGTH = 106
const PRINTABLE = /^[\x20-\x7e]*$/

/** Every problem of an interchange, envelope first: the first one is the reason shown. */
export function allProblems(interchange: Interchange): Problem[] {
  return [...interchange.problems, ...interchange.groups.flatMap((group) => [...group.problems, ...group.transactions.flatMap((set) => set.problems)])]
}

function isaPositions() {
  const positions: number[] = []
  let at = 3
  for (const width of ISA_WIDTHS) {
    positions.push(at)
    at += 1 + width
  }
  return positions
}
const ISA_SEPARATOR_POSITIONS = isaPositions()

/** The ISA read by its fixed widths: the separators, or why the text is not an interchange. */
function readIsa(
  text: string,
): { ok: true; separators: Separators; elements: string[] } | { ok: false; code: 'not_x12' | 'isa_malformed'; params: Record<string, string | number> } {
  if (!text.startsWith('ISA')) return { ok: false, code: 'not_x12', params: {} }
  if (text.length < ISA_LENGTH) return { ok: false, code: 'isa_malformed', params: { length: text.length } }
  const element = text[3]
  const component = text[104]
  const segment = text[105]
  if (/[A-Za-z0-9 ]/.test(element) || !PRINTABLE.test(element)) return { ok: false, code: 'isa_malformed', params: { position: 4 } }
  for (const position of ISA_SEPARATOR_POSITIONS) {
    if (text[position] !== element) return { ok: false, code: 'isa_malformed', params: { position: position + 1 } }
  }
  // The segment terminator may be a control character (CR, LF); never a letter, digit or the element separator.
  if (/[A-Za-z0-9 ]/.test(segment) || segment === element || segment === component || /[A-Za-z0-9 ]/.test(component) || component === element)
    return { ok: false, code: 'isa_malformed', params: { position: 105 } }
  const isa = text.slice(0, 104)
  if (!PRINTABLE.test(isa)) return { ok: false, code: 'isa_malformed', params: { position: 1 } }
  const elements = isa.split(element)
  return { ok: true, separators: { element, segment, component }, elements: [...elements, component] }
}

/** The segments after the ISA, split on its terminator; line breaks around a terminator are only layout. */
function splitSegments(text: string, separators: Separators) {
  const parts = text.slice(ISA_LENGTH).split(separators.segment)
  const segments: { raw: string; position: number }[] = []
  let position = 1
  for (const part of parts) {
    const raw = separators.segment === '\n' || separators.segment === '\r' ? part.replace(/^\r?\n?|\r$/g, '') : part.replace(/^[\r\n]+/, '')
    if (raw.trim() === '') continue
    position += 1
    segments.push({ raw, position })
  }
  // What follows the last terminator (a segment without one) is a segment too: read, and faulted below.
  return segments
}

/**
 * Text of an interchange → its envelopes, segments and problems (ADR 147). `transactions` are the
 * sets accepted (a partner's: EDI_SUPPORTED_TRANSACTIONS; our own output: EDI_WRITTEN_TRANSACTIONS).
 */
export function readInterchange(input: string, transactions: readonly string[] = EDI_SUPPORTED_TRANSACTIONS): ReadInterchange {
  const bytes = Buffer.byteLength(input, 'utf8')
  if (bytes > EDI_INTERCHANGE_MAX_BYTES) return { ok: false, code: 'too_large', params: { bytes, max: EDI_INTERCHANGE_MAX_BYTES } }
  const text = input.replace(/^\uFEFF/, '').replace(/^\s+/, '')
  const isa = readIsa(text)
  if (!isa.ok) return isa
  const { separators } = isa
  const [, , , , , senderQualifier, senderId, receiverQualifier, receiverId, date, time, , version, control, , usage] = isa.elements
  const interchange: Interchange = {
    separators,
    senderQualifier,
    senderId: senderId.trim(),
    receiverQualifier,
    receiverId: receiverId.trim(),
    date,
    time,
    control,
    version,
    usage,
    groups: [],
    problems: [],
  }
  if (version !== '00401') interchange.problems.push({ code: 'isa_version', params: { version } })

  let group: FunctionalGroup | null = null
  let set: TransactionSet | null = null
  let ended = false
  const closeSet = (at: Segment) => {
    if (!set || !group) return
    set.problems.push({ code: 'se_missing', params: { control: set.control, position: at.position } })
    set.ak5Codes.push('2')
    group.transactions.push(set)
    set = null
  }
  const closeGroup = (at: Segment) => {
    if (!group) return
    closeSet(at)
    group.problems.push({ code: 'ge_missing', params: { control: group.control, position: at.position } })
    group.ak9Codes.push('3')
    interchange.groups.push(group)
    group = null
  }

  for (const { raw, position } of splitSegments(text, separators)) {
    const elements = raw.split(separators.element)
    const segment: Segment = { tag: elements[0], elements, position }
    const where = set ?? group
    if (ended) {
      interchange.problems.push({ code: 'after_iea', params: { tag: segment.tag.slice(0, 3), position } })
      break
    }
    if (!/^[A-Z][A-Z0-9]{1,2}$/.test(segment.tag)) {
      const problem: Problem = { code: 'segment_syntax', params: { position, tag: segment.tag.slice(0, 3) } }
      if (set) {
        set.segments.push(segment)
        set.problems.push(problem)
        set.faults.push({ tag: segment.tag.slice(0, 3) || '?', position: set.segments.length, code: '1' })
      } else (where ?? interchange).problems.push(problem)
      continue
    }
    if (!PRINTABLE.test(raw)) {
      const bad = elements.findIndex((value) => !PRINTABLE.test(value))
      const problem: Problem = { code: 'invalid_character', params: { position, tag: segment.tag, element: bad } }
      if (set) {
        set.segments.push(segment)
        set.problems.push(problem)
        set.faults.push({ tag: segment.tag, position: set.segments.length, code: '8', element: { position: bad, reference: '', code: '6' } })
        continue
      }
      ;(where ?? interchange).problems.push(problem)
      continue
    }

    switch (segment.tag) {
      case 'GS': {
        if (set || group) closeGroup(segment)
        const [, functionalId = '', sender = '', receiver = '', , , groupControl = '', , groupVersion = ''] = elements
        group = {
          functionalId,
          sender: sender.trim(),
          receiver: receiver.trim(),
          control: groupControl,
          version: groupVersion,
          transactions: [],
          problems: [],
          ak9Codes: [],
        }
        if (elements.length !== 9 || !/^\d{1,9}$/.test(groupControl) || !functionalId) {
          group.problems.push({ code: 'gs_malformed', params: { position } })
          group.ak9Codes.push('6')
        }
        if (!groupVersion.startsWith('004010')) {
          group.problems.push({ code: 'gs_version', params: { version: groupVersion } })
          group.ak9Codes.push('2')
        }
        break
      }
      case 'ST': {
        if (!group) {
          interchange.problems.push({ code: 'unexpected_segment', params: { tag: 'ST', position } })
          break
        }
        if (set) closeSet(segment)
        const [, id = '', setControl = ''] = elements
        set = { id, control: setControl, segments: [segment], problems: [], faults: [], ak5Codes: [] }
        if (!/^\d{3}$/.test(id)) {
          set.problems.push({ code: 'st_malformed', params: { position } })
          set.ak5Codes.push('6')
        } else if (!/^[A-Za-z0-9]{4,9}$/.test(setControl)) {
          set.problems.push({ code: 'st_malformed', params: { position } })
          set.ak5Codes.push('7')
        } else if (!transactions.includes(id)) {
          set.problems.push({ code: 'unsupported_transaction', params: { type: id } })
          set.ak5Codes.push('1')
        }
        break
      }
      case 'SE': {
        if (!set || !group) {
          ;(group ?? interchange).problems.push({ code: 'unexpected_segment', params: { tag: 'SE', position } })
          break
        }
        const current: TransactionSet = set
        current.segments.push(segment)
        const [, count = '', setControl = ''] = elements
        if (count !== String(current.segments.length)) {
          current.problems.push({ code: 'se_count', params: { found: count, expected: current.segments.length } })
          current.ak5Codes.push('4')
        }
        if (setControl !== current.control) {
          current.problems.push({ code: 'se_control', params: { found: setControl, expected: current.control } })
          current.ak5Codes.push('3')
        }
        group.transactions.push(current)
        set = null
        break
      }
      case 'GE': {
        if (!group) {
          interchange.problems.push({ code: 'unexpected_segment', params: { tag: 'GE', position } })
          break
        }
        closeSet(segment)
        const current: FunctionalGroup = group
        const [, count = '', groupControl = ''] = elements
        if (count !== String(current.transactions.length)) {
          current.problems.push({ code: 'ge_count', params: { found: count, expected: current.transactions.length } })
          current.ak9Codes.push('5')
        }
        if (groupControl !== current.control) {
          current.problems.push({ code: 'ge_control', params: { found: groupControl, expected: current.control } })
          current.ak9Codes.push('4')
        }
        interchange.groups.push(current)
        group = null
        break
      }
      case 'IEA': {
        closeGroup(segment)
        const [, count = '', interchangeControl = ''] = elements
        if (count !== String(interchange.groups.length))
          interchange.problems.push({ code: 'iea_count', params: { found: count, expected: interchange.groups.length } })
        if (interchangeControl !== interchange.control)
          interchange.problems.push({ code: 'iea_control', params: { found: interchangeControl, expected: interchange.control } })
        ended = true
        break
      }
      case 'ISA':
        interchange.problems.push({ code: 'unexpected_segment', params: { tag: 'ISA', position } })
        ended = true
        break
      default:
        if (set) set.segments.push(segment)
        else (group ?? interchange).problems.push({ code: 'unexpected_segment', params: { tag: segment.tag, position } })
    }
  }
  const last: Segment = { tag: '', elements: [], position: 0 }
  if (group) closeGroup(last)
  if (!ended) interchange.problems.push({ code: 'iea_missing', params: {} })
  if (interchange.groups.length === 0) interchange.problems.push({ code: 'no_groups', params: {} })
  // A transaction set with faulted segments says so in its AK5.
  for (const each of interchange.groups)
    for (const transaction of each.transactions) if (transaction.faults.length && !transaction.ak5Codes.includes('5')) transaction.ak5Codes.push('5')
  return { ok: true, interchange }
}

/** The elements of a segment, blank past its end (`element(s, 4)` is B2-04). */
export function element(segment: Segment, index: number) {
  return segment.elements[index] ?? ''
}
