import { createReadStream } from 'node:fs'
import { StringDecoder } from 'node:string_decoder'
import { capLineLength, type LineBreak } from './line-cap.js'

/** One line of a file, by its 1-based number; `text` is null when it was longer than the reader keeps. */
export interface SourceLine {
  readonly number: number
  readonly text: string | null
}

/** A CSV record keyed by column, with the lines it spans (more than one only where a quoted value holds a break). */
export interface CsvRecord {
  readonly line: number
  readonly lastLine: number
  readonly record: Record<string, string>
  /** The lines the record was read from, so that they can be read again one by one. */
  readonly lines: readonly SourceLine[]
}

/** Lines that are not a record, and why. */
export interface CsvProblem {
  readonly line: number
  readonly problem: string
}

/** A CSV file's records, with a way to read again the lines a record spanned. */
export interface CsvRecords extends AsyncIterable<CsvRecord | CsvProblem> {
  /**
   * Reads the lines after `record`'s first line again, as rows of their own, before any line not read yet: the
   * quoted value that held them together was not one (see {@link readCsvRecords}).
   */
  rereadAfterFirstLine(record: CsvRecord): void
  /** One line read on its own as a record, or null when it is not a complete one (or comes before the header). */
  readAlone(line: SourceLine): Record<string, string> | null
}

/** How far a quoted value may run across lines before it is taken for a quote that was never closed. */
export interface CsvLimits {
  readonly maxLines: number
  /** Also the longest line: a longer one is a problem of its own, cut out before it is split. */
  readonly maxBytes: number
}

const QUOTE = 34
const SPACE = 32
const TAB = 9

/** Where a record stands after a line: complete with its fields, inside a quoted value, or broken. */
type LexState = { readonly fields: string[] } | 'open' | { readonly broken: string }

/**
 * Splits CSV text into fields, line by line: `"` quotes a value, `""` inside one is a quote, a quoted value may hold
 * line breaks and delimiters, and spaces and tabs around a value are dropped. A quote inside an unquoted value, or
 * text after a closing quote, breaks the record.
 */
class RecordLexer {
  private readonly fields: string[] = []
  private field = ''
  private quoted = false
  private inQuotes = false
  constructor(
    private readonly delimiter: string,
    private readonly lineBreak: string,
  ) {}

  /** Takes the next line of the record. */
  take(text: string): LexState {
    const d = this.delimiter.charCodeAt(0)
    let i = 0
    if (this.inQuotes) {
      this.field += this.lineBreak
      i = this.quotedValue(text, 0)
      if (i === -1) return 'open'
    }
    for (;;) {
      if (this.quoted) {
        // After a closing quote: spaces, then the delimiter or the end of the line.
        while (i < text.length && isBlank(text.charCodeAt(i), d)) i++
        if (i < text.length && text.charCodeAt(i) !== d) return { broken: 'text after a closing quote' }
      } else {
        while (i < text.length && isBlank(text.charCodeAt(i), d)) i++
        if (text.charCodeAt(i) === QUOTE) {
          this.quoted = true
          i = this.quotedValue(text, i + 1)
          if (i === -1) return 'open'
          continue
        }
        const start = i
        while (i < text.length && text.charCodeAt(i) !== d) {
          if (text.charCodeAt(i) === QUOTE) return { broken: 'a quote inside an unquoted value' }
          i++
        }
        this.field = text.slice(start, i).trimEnd()
      }
      this.fields.push(this.field)
      this.field = ''
      this.quoted = false
      if (i >= text.length) return { fields: this.fields }
      i++
      // A delimiter at the end of the line: an empty last value.
      if (i === text.length) {
        this.fields.push('')
        return { fields: this.fields }
      }
    }
  }

  /** Reads a quoted value from `i` (just after its opening quote); the index after its closing quote, or -1 if open. */
  private quotedValue(text: string, from: number): number {
    let i = from
    for (;;) {
      const q = text.indexOf('"', i)
      if (q === -1) {
        this.field += text.slice(i)
        this.inQuotes = true
        return -1
      }
      this.field += text.slice(i, q)
      if (text.charCodeAt(q + 1) === QUOTE) {
        this.field += '"'
        i = q + 2
        continue
      }
      this.inQuotes = false
      return q + 1
    }
  }
}

/** Spaces and tabs around a value are dropped, unless the tab is the delimiter. */
const isBlank = (code: number, delimiter: number) => (code === SPACE || code === TAB) && code !== delimiter

/** The fields of one line read on its own, or null when it is not a complete, unbroken record. */
export function splitCsvLine(text: string, delimiter: string): string[] | null {
  const state = new RecordLexer(delimiter, '\n').take(text)
  return typeof state === 'object' && 'fields' in state ? state.fields : null
}

/** The lines of a byte stream split at `lineBreak`, each at most as long as the cap before it left it. */
async function* linesOf(
  input: AsyncIterable<Buffer>,
  lineBreak: Exclude<LineBreak, 'any'>,
  tooLong: Set<number>,
): AsyncGenerator<SourceLine> {
  const decoder = new StringDecoder('utf8')
  let number = 1
  let rest = ''
  const line = (text: string): SourceLine => {
    const n = number++
    return { number: n, text: tooLong.delete(n) ? null : n === 1 ? text.replace(/^\uFEFF/, '') : text }
  }
  for await (const chunk of input) {
    const text = rest + decoder.write(chunk)
    let start = 0
    for (let end = text.indexOf(lineBreak); end !== -1; end = text.indexOf(lineBreak, start)) {
      yield line(text.slice(start, end))
      start = end + lineBreak.length
    }
    rest = text.slice(start)
  }
  rest += decoder.end()
  if (rest !== '' || tooLong.size > 0) yield line(rest)
}

/** A record's fields by column; values past the last column are dropped, missing ones left out. */
function keyed(columns: readonly string[], fields: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {}
  for (let i = 0; i < fields.length && i < columns.length; i++) values[columns[i]!] = fields[i]!
  return values
}

/** A record's lines, and its fields or why they are not a record. */
type Assembled = { readonly taken: SourceLine[] } & (
  | { readonly fields: string[] }
  | { readonly problem: string }
)

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

/** What a reject of a record spanning lines adds: which lines are read again. */
export function rereadNote(record: Pick<CsvRecord, 'line' | 'lastLine'>): string {
  const next = record.line + 1
  return next === record.lastLine
    ? `line ${next} is read again as a row`
    : `lines ${next}–${record.lastLine} are read again as rows`
}

/**
 * Streams a CSV file's records (its first record is the header, named by `columns`), never holding more than one
 * record. A quoted value may run across lines, but a quote that is never closed must not swallow the rows after it:
 * when a record spanning lines breaks, runs past the limits or reaches the end of the file, its first line is a
 * problem of its own and the lines after it are read again as rows. A caller that refuses such a record for another
 * reason does the same with {@link CsvRecords.rereadAfterFirstLine}.
 */
export function readCsvRecords(
  path: string,
  options: {
    readonly delimiter: string
    readonly lineBreak: Exclude<LineBreak, 'any'>
    readonly limits: CsvLimits
    readonly columns: (header: string[]) => string[]
  },
): CsvRecords {
  const { delimiter, lineBreak, limits } = options
  const again: SourceLine[] = []
  const tooLong = new Set<number>()
  const tooLongProblem = (line: number): CsvProblem => ({
    line,
    problem: `longer than ${limits.maxBytes} bytes`,
  })
  // Over-long lines are cut out before they are split, so no line is held whole, however long.
  const input = createReadStream(path).pipe(capLineLength(limits.maxBytes, lineBreak, (n) => tooLong.add(n)))
  const lines = linesOf(input, lineBreak, tooLong)
  const next = async (): Promise<SourceLine | undefined> => {
    const line = again.shift()
    if (line !== undefined) return line
    const read = await lines.next()
    return read.done ? undefined : read.value
  }

  let columns: string[] | null = null

  /** Reads one record from its first line on: its fields, or why its lines are not one. */
  async function assemble(first: SourceLine, text: string): Promise<Assembled> {
    const lexer = new RecordLexer(delimiter, lineBreak)
    const taken: SourceLine[] = [first]
    let chars = text.length
    const opened = 'a quote opened on this line'
    for (let state = lexer.take(text); ; ) {
      if (state !== 'open') {
        if ('fields' in state) return { taken, fields: state.fields }
        const last = taken[taken.length - 1]!.number
        const problem =
          taken.length === 1
            ? `not a CSV row: ${state.broken}`
            : `${opened} is closed on line ${last} by a broken row (${state.broken})`
        return { taken, problem }
      }
      if (taken.length >= limits.maxLines || chars > limits.maxBytes) {
        return { taken, problem: `${opened} is still open after ${plural(taken.length, 'line')}` }
      }
      const line = await next()
      if (line === undefined) return { taken, problem: `${opened} is never closed` }
      taken.push(line)
      if (line.text === null) {
        return { taken, problem: `${opened} runs into line ${line.number}, which is too long` }
      }
      chars += line.text.length
      state = lexer.take(line.text)
    }
  }

  async function* records(): AsyncGenerator<CsvRecord | CsvProblem> {
    for (let first = await next(); first !== undefined; first = await next()) {
      if (first.text === null) {
        yield tooLongProblem(first.number)
        continue
      }
      if (first.text.trim() === '') continue
      const { taken, ...read } = await assemble(first, first.text)
      const record = { line: first.number, lastLine: taken[taken.length - 1]!.number, lines: taken }
      if ('problem' in read) {
        if (taken.length === 1) {
          yield { line: first.number, problem: read.problem }
        } else {
          yield { line: first.number, problem: `${read.problem}; ${rereadNote(record)}` }
          again.unshift(...taken.slice(1))
        }
      } else if (columns === null) {
        columns = options.columns(read.fields)
      } else {
        yield { ...record, record: keyed(columns, read.fields) }
      }
    }
  }

  return {
    [Symbol.asyncIterator]: records,
    rereadAfterFirstLine(record) {
      again.unshift(...record.lines.slice(1))
    },
    readAlone(line) {
      const fields = line.text === null ? null : splitCsvLine(line.text, delimiter)
      return fields === null || columns === null ? null : keyed(columns, fields)
    },
  }
}
