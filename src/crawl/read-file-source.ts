import { createReadStream } from 'node:fs'
import { open, stat } from 'node:fs/promises'
import { extname } from 'node:path'
import { createInterface } from 'node:readline'
import { PipelineError } from '../errors.js'
import type { FileFormat, FileRecord, FileSource, RecordContext } from '../kit/adapter.js'
import type { Listing } from '../kit/listing.js'
import { type RejectedListing, validateListing } from '../parse/index.js'
import { count } from '../plural.js'
import { noRequests } from './crawl-outcome.js'
import type { CrawlOutcome } from './crawl-source.js'
import { type CsvRecord, type CsvRecords, readCsvRecords, rereadNote, splitCsvLine } from './csv-records.js'
import { capLineLength, detectLineBreak } from './line-cap.js'
import { NO_SEARCHES } from './search-frontier.js'

/** Options for {@link readFileSource}. */
export interface ReadFileOptions {
  readonly onListing: (listing: Listing) => void
  readonly onReject: (rejected: RejectedListing) => void
  readonly signal?: AbortSignal
  /** Stop after this many listings. @default unlimited */
  readonly maxListings?: number
  /** Rejects reported one by one; past this many they are only counted, so a broken file cannot fill memory. @default 10000 */
  readonly maxReportedRejects?: number
}

/** A record, or why the file could not give one, with where it was. */
type FileItem = { line: number; record: FileRecord } | { line: number; problem: string }

/** What one record comes to: a valid listing, or the reason it is rejected. */
type RecordResult =
  | { readonly listing: Listing }
  | { readonly reason: string; readonly payload: unknown; readonly url: string | null }

// A record larger than this is a runaway quote or not a feed at all; it is skipped, not buffered.
const MAX_RECORD_BYTES = 1_000_000
// No column of a listing holds a line break; a quoted value (a partner's own note) running over more lines than
// this is a quote that was never closed.
const MAX_RECORD_LINES = 100
const HEAD_BYTES = 64 * 1024

/**
 * Reads a file source's file: streams it record by record (CSV with a header, or JSON Lines), lets the adapter map
 * each record, validates every listing and hands on the good ones; a bad record becomes a reject with its line
 * number and reasons while the rest go on. A file that cannot be read as a whole (missing, empty, without the
 * required columns, or with every row rejected) fails the source, so its previous data is kept.
 */
export async function readFileSource(
  source: FileSource,
  path: string | undefined,
  options: ReadFileOptions,
): Promise<CrawlOutcome> {
  const started = performance.now()
  const counts = { listings: 0, rejected: 0, records: 0, truncated: false }
  const outcome = (status: CrawlOutcome['status'], message: string | null, pages: number): CrawlOutcome => ({
    status,
    message,
    pages,
    pagesFailed: status === 'failed' && pages === 0 ? 1 : 0,
    listings: counts.listings,
    unchanged: 0,
    pagesUnchanged: 0,
    pagesNotModified: 0,
    requests: noRequests(),
    rejected: counts.rejected,
    errors: status === 'failed' ? 1 : 0,
    layoutChanged: false,
    // A feed is the partner's whole offer: read to the end, a listing missing from it is gone.
    complete: status === 'ok' && !counts.truncated,
    truncated: counts.truncated,
    ...NO_SEARCHES,
    durationMs: Math.round(performance.now() - started),
  })
  if (!path) return outcome('failed', `No file given for ${source.id} (pass --${source.id} FILE)`, 0)
  let head: string
  try {
    if (!(await stat(path)).isFile()) return outcome('failed', `Not a file: ${path}`, 0)
    head = await readHead(path)
  } catch (error) {
    return outcome('failed', `Cannot read ${path}: ${(error as Error).message}`, 0)
  }
  if (head.trim() === '') return outcome('failed', `The file is empty: ${path}`, 0)
  const format = detectFormat(path, head)
  if (!source.formats.includes(format)) {
    return outcome('failed', `${source.id} reads ${source.formats.join(' or ')}, not ${format}: ${path}`, 0)
  }
  if (format === 'csv') {
    const columns = headerOf(head)
    const missing = source.requiredColumns.filter((c) => !columns.includes(c))
    if (missing.length > 0) {
      return outcome(
        'failed',
        `Missing columns: ${missing.join(', ')} (the header has: ${columns.join(', ')})`,
        0,
      )
    }
  }
  const maxReported = options.maxReportedRejects ?? 10_000
  const reject = (line: number, reason: string, payload: unknown, url: string | null = null) => {
    counts.rejected += 1
    // The run keeps up to maxReported rejects until it stores them: clipped, 10,000 of them stay small.
    if (counts.rejected <= maxReported)
      options.onReject({ url, reason: `line ${line}: ${clip(reason)}`, payload: clipStrings(payload) })
  }
  const csv = format === 'csv' ? csvRecords(path, head) : null
  const items: AsyncIterable<FileItem | CsvRecord> = csv ?? jsonLinesItems(path)
  try {
    for await (const item of items) {
      if (options.signal?.aborted) return outcome('stopped', 'Stopped before the whole file was read', 1)
      if ('problem' in item) {
        reject(item.line, item.problem, null)
        continue
      }
      counts.records += 1
      const { line, record } = item
      const result = readRecord(source, record, { line, format })
      if (csv !== null && 'lines' in item && item.lastLine > item.line) {
        // A quoted value ran across lines: kept only when it is a listing and hid no row of its own.
        const hidden = 'listing' in result ? hiddenRow(source, csv, item) : null
        if (!('listing' in result) || hidden !== null) {
          const why =
            'listing' in result
              ? `a quoted value opened on this line runs over line ${hidden}, a row of its own`
              : result.reason
          reject(line, `${why} (${rereadNote(item)})`, 'listing' in result ? record : result.payload)
          csv.rereadAfterFirstLine(item)
          continue
        }
      }
      if ('listing' in result) {
        counts.listings += 1
        options.onListing(result.listing)
        if (options.maxListings !== undefined && counts.listings >= options.maxListings) {
          counts.truncated = true
          break
        }
      } else {
        reject(line, result.reason, result.payload, result.url)
      }
    }
  } catch (error) {
    return outcome('failed', `Cannot read ${path}: ${(error as Error).message}`, 1)
  }
  if (counts.records === 0 && counts.rejected === 0) return outcome('failed', `No records in ${path}`, 1)
  if (counts.listings === 0) return outcome('failed', `Every record (${counts.rejected}) was rejected`, 1)
  const skipped = counts.rejected > maxReported ? ` (the first ${maxReported} are listed)` : ''
  return outcome(
    'ok',
    counts.rejected > 0 ? `${count(counts.rejected, 'record')} rejected${skipped}` : null,
    1,
  )
}

/** A record → a validated listing, or why not: text that is not UTF-8, the adapter's reasons or the schema's. */
function readRecord(source: FileSource, record: FileRecord, context: RecordContext): RecordResult {
  const broken = Object.entries(record).find(([, v]) => typeof v === 'string' && v.includes('\uFFFD'))
  if (broken) {
    return {
      reason: `${broken[0]}: not valid UTF-8 text (the file may be Latin-1 or Windows-1252)`,
      payload: record,
      url: null,
    }
  }
  let input: unknown
  try {
    input = source.parseRecord(record, context)
  } catch (error) {
    const message = error instanceof PipelineError ? error.message : `unreadable record: ${String(error)}`
    return { reason: message, payload: record, url: typeof record.url === 'string' ? record.url : null }
  }
  const result = validateListing(input, '')
  if (result.ok) return { listing: result.listing }
  return {
    reason: result.rejected.reason,
    payload: { record, listing: input },
    url: result.rejected.url || null,
  }
}

/** The first line after a record's first that, read on its own, is a valid listing: a row the record swallowed. */
function hiddenRow(source: FileSource, csv: CsvRecords, record: CsvRecord): number | null {
  for (const line of record.lines.slice(1)) {
    const row = csv.readAlone(line)
    if (row !== null && 'listing' in readRecord(source, row, { line: line.number, format: 'csv' }))
      return line.number
  }
  return null
}

/** Longer texts in a reject (a 1 MB field quoted in its reason or payload) are cut to this. */
const MAX_REJECT_TEXT = 500

// A slice would keep the whole text alive (V8 sliced strings): the clipped part is copied out.
const clip = (text: string) =>
  text.length > MAX_REJECT_TEXT
    ? `${Buffer.from(text.slice(0, MAX_REJECT_TEXT)).toString()}… (${text.length} characters)`
    : text

/** The record or listing of a reject with every long string clipped. */
function clipStrings(value: unknown): unknown {
  if (typeof value === 'string') return clip(value)
  if (typeof value !== 'object' || value === null) return value
  if (Array.isArray(value)) return value.map(clipStrings)
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, clipStrings(v)]))
}

async function readHead(path: string): Promise<string> {
  const handle = await open(path, 'r')
  try {
    const buffer = Buffer.alloc(HEAD_BYTES)
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0)
    return buffer.subarray(0, bytesRead).toString('utf8')
  } finally {
    await handle.close()
  }
}

/** By extension; otherwise a file whose first character opens a JSON object is JSON Lines. */
function detectFormat(path: string, head: string): FileFormat {
  const ext = extname(path).toLowerCase()
  if (ext === '.jsonl' || ext === '.ndjson' || ext === '.json') return 'jsonl'
  if (ext === '.csv' || ext === '.tsv') return 'csv'
  return head
    .replace(/^\uFEFF/, '')
    .trimStart()
    .startsWith('{')
    ? 'jsonl'
    : 'csv'
}

/** Dutch spreadsheets export with ";", others with "," or tabs: the header line says which. */
function detectDelimiter(head: string): string {
  const firstLine = head.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? ''
  const count = (c: string) => firstLine.split(c).length - 1
  return [';', '\t', ','].reduce((best, c) => (count(c) > count(best) ? c : best), ',')
}

/** "Source Listing ID" and "source-listing-id" both mean `source_listing_id`. */
const columnName = (header: string) =>
  header
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_')

/** The column names of a CSV file's header line, normalised. */
function headerOf(head: string): string[] {
  const firstLine = head.replace(/^\uFEFF/, '').split(detectLineBreak(head), 1)[0] ?? ''
  return (splitCsvLine(firstLine, detectDelimiter(head)) ?? []).map(columnName)
}

/** A CSV file's records, split as its header line says (delimiter and line break). */
function csvRecords(path: string, head: string): CsvRecords {
  return readCsvRecords(path, {
    delimiter: detectDelimiter(head),
    // Named, not guessed line by line, so that the line cap and the reader agree on where lines end.
    lineBreak: detectLineBreak(head),
    limits: { maxLines: MAX_RECORD_LINES, maxBytes: MAX_RECORD_BYTES },
    columns: (header) => header.map(columnName),
  })
}

async function* jsonLinesItems(path: string): AsyncGenerator<FileItem> {
  // readline would hold a whole line, however long (a file without line breaks): over-long lines are cut out first.
  const tooLong = new Set<number>()
  const input = createReadStream(path).pipe(capLineLength(MAX_RECORD_BYTES, 'any', (n) => tooLong.add(n)))
  input.setEncoding('utf8')
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY })
  let line = 0
  for await (const text of lines) {
    line += 1
    if (tooLong.delete(line)) {
      yield { line, problem: `longer than ${MAX_RECORD_BYTES} bytes` }
      continue
    }
    const trimmed = line === 1 ? text.replace(/^\uFEFF/, '').trim() : text.trim()
    if (trimmed === '') continue
    if (trimmed.length > MAX_RECORD_BYTES) {
      yield { line, problem: `longer than ${MAX_RECORD_BYTES} characters` }
      continue
    }
    let value: unknown
    try {
      value = JSON.parse(trimmed)
    } catch (error) {
      yield { line, problem: `not valid JSON: ${(error as Error).message}` }
      continue
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      yield { line, problem: 'not a JSON object' }
      continue
    }
    const record: Record<string, unknown> = {}
    for (const [key, v] of Object.entries(value)) record[columnName(key)] = v
    yield { line, record }
  }
}
