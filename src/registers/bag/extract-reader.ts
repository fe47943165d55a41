import { TextDecoder } from 'node:util'
import { BagExtractError } from './bag-extract-error.js'
import { BagObjectCollector } from './bag-object-collector.js'
import {
  type BagExtractInfo,
  type BagKind,
  type BagRecord,
  type BagTypeCode,
  TYPE_CODE_OF_KIND,
} from './bag-record.js'
import { type ExtractPart, listExtractParts } from './extract-parts.js'
import { SaxesScanner } from './saxes-scanner.js'
import { Utf8StreamDecoder } from './utf8-stream-decoder.js'
import { XmlScanner } from './xml-scanner.js'

/** Options for {@link readBagExtract}. */
export interface ReadBagExtractOptions {
  /** Only these kinds; whole files of other types are skipped unopened. */
  kinds?: readonly BagKind[]
  /** Called with each object file's display path as reading starts (progress, logging). */
  onFile?: (name: string) => void
  /** `lean` (default) skips unneeded text; `saxes` is the slower, fully conformant reference parser. */
  parser?: 'lean' | 'saxes'
}

const SCAN_SLICE = 1 << 16

interface Scanner {
  write(chunk: string): void
  end(): void
  errorHere(reason: string, cause?: unknown): BagExtractError
}

/**
 * Streams the current version of every object in an extract (zip of zips, zip, folder or XML file) with flat
 * memory. Files come in dependency order (woonplaats, openbare ruimte, nummeraanduiding, pand, verblijfsobject,
 * ligplaats, standplaats); ended voorkomens are dropped as they stream past. Malformed input throws a
 * {@link BagExtractError} naming the file and line.
 */
export async function* readBagExtract(
  path: string,
  options: ReadBagExtractOptions = {},
): AsyncGenerator<BagRecord> {
  const kinds = options.kinds ?? null
  const wanted = kinds === null ? null : new Set<BagTypeCode>(kinds.map((kind) => TYPE_CODE_OF_KIND[kind]))
  const batch: BagRecord[] = []
  const collector = new BagObjectCollector((record) => batch.push(record), kinds)
  for await (const part of listExtractParts(path, { wanted, includeInfo: true })) {
    if (!part.isInfo) options.onFile?.(part.name)
    collector.startFile()
    for await (const _ of scanPart(part, collector, options.parser ?? 'lean')) {
      // A batch is what one 64 KiB slice produced (a few dozen records at most), so memory stays flat.
      for (let i = 0; i < batch.length; i++) yield batch[i] as BagRecord
      batch.length = 0
    }
    if (part.isInfo) collector.deliveryStand = collector.fileStand ?? collector.deliveryStand
  }
}

/**
 * Reads the delivery facts: StandTechnischeDatum from `Leveringsdocument-BAG-Extract.xml`, or else from the
 * header of the first object file. Only the header is read, so this is quick even on the national extract.
 */
export async function readExtractInfo(path: string): Promise<BagExtractInfo> {
  const collector = new BagObjectCollector(() => {}, [])
  for await (const part of listExtractParts(path, { includeInfo: true })) {
    collector.startFile()
    for await (const _ of scanPart(part, collector, 'lean')) {
      if (collector.fileStand !== null || collector.objectsSeen > 0) break
    }
    if (collector.fileStand !== null || !part.isInfo) return { standTechnischeDatum: collector.fileStand }
  }
  return { standTechnischeDatum: null }
}

/** Decodes and scans one file, yielding after each chunk so the caller can drain what the collector emitted. */
async function* scanPart(part: ExtractPart, collector: BagObjectCollector, parser: 'lean' | 'saxes') {
  const scanner: Scanner =
    parser === 'saxes' ? new SaxesScanner(collector, part.name) : new XmlScanner(collector, part.name)
  const decoder = new Utf8StreamDecoder()
  try {
    for await (const chunk of part.read()) {
      // Inflate hands out 256 KiB; scanning 64 KiB strings is faster (they stay out of V8's large-object space).
      for (let at = 0; at < chunk.length; at += SCAN_SLICE) {
        scanner.write(decode(() => decoder.decode(chunk.subarray(at, at + SCAN_SLICE)), scanner))
        yield
      }
    }
    scanner.write(decode(() => decoder.end(), scanner))
    scanner.end()
    yield
  } catch (error) {
    // Stream failures: truncated or corrupt zip data, size mismatch, I/O errors.
    const failure =
      error instanceof BagExtractError ? error : scanner.errorHere(`cannot read (${describe(error)})`, error)
    throw failure.line === null && failure.offset !== null ? await withLine(part, failure) : failure
  }
}

/**
 * The lean scanner reports a character offset (counting lines on the happy path would cost ~9 %), so on failure
 * the file is read again up to that offset to name the line and column.
 */
async function withLine(part: ExtractPart, error: BagExtractError): Promise<BagExtractError> {
  const offset = error.offset as number
  let line = 1
  let lineStart = 0
  let seen = 0
  try {
    // Lenient on purpose: the failure may be bad UTF-8, and only the newlines before it matter here.
    const decoder = new TextDecoder('utf-8')
    for await (const chunk of part.read()) {
      const text = decoder.decode(chunk, { stream: true })
      const end = Math.min(text.length, offset - seen)
      for (let i = text.indexOf('\n'); i !== -1 && i < end; i = text.indexOf('\n', i + 1)) {
        line++
        lineStart = seen + i + 1
      }
      seen += text.length
      if (seen >= offset) break
    }
  } catch {
    // The bytes before the failure could not be read again either: report the offset only.
    return error
  }
  const where = { file: error.file, line, column: offset - lineStart + 1 }
  return new BagExtractError(error.reason, where, { cause: error.cause ?? error })
}

function decode(step: () => string, scanner: Scanner): string {
  try {
    return step()
  } catch (error) {
    throw scanner.errorHere('invalid UTF-8', error)
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
