import { once } from 'node:events'
import { createWriteStream } from 'node:fs'
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { PassThrough, type Writable } from 'node:stream'
import { finished } from 'node:stream/promises'
import yazl from 'yazl'
import {
  BAG_KINDS,
  type BagRecord,
  type BagTypeCode,
  TYPE_CODE_OF_KIND,
} from '../../src/registers/bag/bag-record.js'
import {
  defaultHint,
  type GeometryHint,
  leveringsdocument,
  PART_FOOTER,
  partHeader,
  standXml,
  type VoorkomenDates,
} from './extract-xml.js'

/** Where and how to write; `gemeente` '9999' means a national extract. */
export type BagExtractWriterOptions = {
  /** Four-digit gemeente code used in file names and headers; default '9999' (national). */
  gemeente?: string
  /** StandTechnischeDatum, `yyyy-mm-dd`. */
  stand: string
  /** Voorkomens per XML part before a new part starts; default 10,000. */
  objectsPerPart?: number
  /** Deflate level (0–9) for XML parts in zips; default 6. Per-type zips are stored, as they are compressed. */
  compressionLevel?: number
} & ({ layout: 'folder'; dir: string } | { layout: 'zip-of-zips'; zipPath: string })

/** Per-object options for {@link BagExtractWriter.write}. */
export interface BagWriteOptions {
  /** Earlier versions of the same object, oldest first, written before it with end dates (so not current). */
  history?: readonly BagRecord[]
  /** End the record itself on this date (`yyyy-mm-dd`): the object then has no current version. */
  ended?: string
  /** beginGeldigheid of the record; default one year before the stand. */
  beginGeldigheid?: string
  /** Where to draw synthesised geometry (RD New); default a stable point derived from the id. */
  position?: GeometryHint
}

/** What {@link BagExtractWriter.close} wrote. */
export interface BagExtractSummary {
  /** Voorkomens written per type, history included. */
  voorkomens: Record<BagTypeCode, number>
  /** Number of XML parts written. */
  parts: number
}

/** A streaming writer of the official LV BAG 2.0 extract format; await each `write` before the next. */
export interface BagExtractWriter {
  write(record: BagRecord, options?: BagWriteOptions): Promise<void>
  close(): Promise<BagExtractSummary>
  /** Stops and removes everything written so far. */
  abort(): Promise<void>
}

const FLUSH_AT = 1 << 18

/** The stream of parts of one object type. */
interface TypeChannel {
  code: BagTypeCode
  parts: number
  inPart: number
  pending: string
  out: Writable | null
  zip: yazl.ZipFile | null
  zipFile: string | null
  zipDone: Promise<void> | null
}

/**
 * Opens a writer. Records of all kinds may be written in any order; each type gets its own part files
 * (`{GGGG}{TYPE}{ddmmyyyy}-000001.xml`), in a folder or in per-type zips inside an outer zip, as Kadaster ships.
 */
export async function createBagExtractWriter(options: BagExtractWriterOptions): Promise<BagExtractWriter> {
  const gemeente = options.gemeente ?? '9999'
  const stand = options.stand
  if (!/^\d{4}$/.test(gemeente)) throw new Error(`gemeente must be four digits, got '${gemeente}'`)
  if (!/^\d{4}-\d{2}-\d{2}$/.test(stand)) throw new Error(`stand must be yyyy-mm-dd, got '${stand}'`)
  const perPart = options.objectsPerPart ?? 10_000
  const level = options.compressionLevel ?? 6
  const datePart = `${stand.slice(8, 10)}${stand.slice(5, 7)}${stand.slice(0, 4)}`
  const baseName = (code: BagTypeCode) => `${gemeente}${code}${datePart}`
  const isZip = options.layout === 'zip-of-zips'
  const outDir = options.layout === 'folder' ? options.dir : await mkdtemp(join(tmpdir(), 'bag-writer-'))
  if (options.layout === 'folder') await mkdir(outDir, { recursive: true })
  const channels = new Map<BagTypeCode, TypeChannel>()
  const created: string[] = []
  let busy = false
  let closed = false

  const channelOf = (code: BagTypeCode): TypeChannel => {
    let channel = channels.get(code)
    if (!channel) {
      channel = { code, parts: 0, inPart: 0, pending: '', out: null, zip: null, zipFile: null, zipDone: null }
      channels.set(code, channel)
    }
    return channel
  }

  const openPart = (channel: TypeChannel): void => {
    channel.parts++
    channel.inPart = 0
    const name = `${baseName(channel.code)}-${String(channel.parts).padStart(6, '0')}.xml`
    if (isZip) {
      if (!channel.zip) {
        channel.zip = new yazl.ZipFile()
        channel.zipFile = join(outDir, `${baseName(channel.code)}.zip`)
        const file = createWriteStream(channel.zipFile)
        channel.zip.outputStream.pipe(file)
        channel.zipDone = finished(file)
      }
      const stream = new PassThrough({ highWaterMark: FLUSH_AT })
      channel.zip.addReadStream(stream, name, {
        compressionLevel: level,
        mtime: new Date(`${stand}T00:00:00Z`),
      })
      channel.out = stream
    } else {
      const file = join(outDir, name)
      created.push(file)
      channel.out = createWriteStream(file, { highWaterMark: FLUSH_AT })
    }
    channel.pending = partHeader(channel.code, gemeente, stand)
  }

  const flush = async (channel: TypeChannel): Promise<void> => {
    const out = channel.out as Writable
    const chunk = channel.pending
    channel.pending = ''
    if (!out.write(chunk)) await once(out, 'drain')
  }

  const endPart = async (channel: TypeChannel): Promise<void> => {
    const out = channel.out as Writable
    channel.pending += PART_FOOTER
    await flush(channel)
    out.end()
    // A zip entry finishes when yazl has consumed it, which may be after later entries are queued.
    if (!isZip) await finished(out)
    channel.out = null
  }

  const append = async (record: BagRecord, dates: VoorkomenDates, hint: GeometryHint): Promise<void> => {
    const channel = channelOf(TYPE_CODE_OF_KIND[record.kind])
    if (channel.out === null) openPart(channel)
    channel.pending += standXml(record, dates, hint)
    channel.inPart++
    if (channel.inPart >= perPart) await endPart(channel)
    else if (channel.pending.length >= FLUSH_AT) await flush(channel)
  }

  const write = async (record: BagRecord, writeOptions: BagWriteOptions = {}): Promise<void> => {
    if (closed) throw new Error('the BAG extract writer is closed')
    if (busy) throw new Error('await each write() before the next')
    if (!record.id) throw new Error(`a ${record.kind} record without id`)
    busy = true
    try {
      const history = writeOptions.history ?? []
      for (const old of history) {
        if (old.kind !== record.kind || old.id !== record.id) {
          throw new Error(`history of ${record.kind} ${record.id} holds ${old.kind} ${old.id}`)
        }
      }
      const ended = writeOptions.ended ?? null
      let begin = writeOptions.beginGeldigheid ?? shiftYears(stand, -1)
      if (ended !== null && begin >= ended) begin = shiftYears(ended, -1)
      const hint = writeOptions.position ?? defaultHint(record.id)
      // History versions two years apart, each ending where the next begins.
      for (let i = 0; i < history.length; i++) {
        const back = history.length - i
        const dates = { begin: shiftYears(begin, -2 * back), eind: shiftYears(begin, -2 * (back - 1)) }
        await append(history[i] as BagRecord, dates, hint)
      }
      await append(record, { begin, eind: ended }, hint)
    } finally {
      busy = false
    }
  }

  const close = async (): Promise<BagExtractSummary> => {
    if (closed) throw new Error('the BAG extract writer is already closed')
    closed = true
    const ordered = BAG_KINDS.map((kind) => channels.get(TYPE_CODE_OF_KIND[kind])).filter(
      (c): c is TypeChannel => c !== undefined,
    )
    for (const channel of ordered) if (channel.out !== null) await endPart(channel)
    const document = leveringsdocument(gemeente, stand)
    if (options.layout === 'folder') {
      await writeFile(join(outDir, 'Leveringsdocument-BAG-Extract.xml'), document)
    } else {
      for (const channel of ordered) {
        channel.zip?.end()
        await channel.zipDone
      }
      const outer = new yazl.ZipFile()
      const mtime = new Date(`${stand}T00:00:00Z`)
      outer.addBuffer(Buffer.from(document), 'Leveringsdocument-BAG-Extract.xml', { mtime })
      for (const channel of ordered) {
        outer.addFile(channel.zipFile as string, `${baseName(channel.code)}.zip`, { compress: false, mtime })
      }
      const partial = `${options.zipPath}.partial`
      await mkdir(dirname(options.zipPath), { recursive: true })
      const file = createWriteStream(partial)
      outer.outputStream.pipe(file)
      outer.end()
      await finished(file)
      await rename(partial, options.zipPath)
      await rm(outDir, { recursive: true, force: true })
    }
    const voorkomens = Object.fromEntries(BAG_KINDS.map((k) => [TYPE_CODE_OF_KIND[k], 0])) as Record<
      BagTypeCode,
      number
    >
    let parts = 0
    for (const channel of ordered) {
      parts += channel.parts
      voorkomens[channel.code] = (channel.parts - 1) * perPart + channel.inPart
    }
    return { voorkomens, parts }
  }

  const abort = async (): Promise<void> => {
    closed = true
    for (const channel of channels.values()) channel.out?.destroy()
    if (options.layout === 'zip-of-zips') {
      await rm(outDir, { recursive: true, force: true })
      await rm(`${options.zipPath}.partial`, { force: true })
    } else {
      for (const file of created) await rm(file, { force: true })
    }
  }

  return { write, close, abort }
}

/** `yyyy-mm-dd` moved by whole years (29 February rolls over to 1 March). */
function shiftYears(date: string, years: number): string {
  const shifted = new Date(
    Date.UTC(Number(date.slice(0, 4)) + years, Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))),
  )
  return shifted.toISOString().slice(0, 10)
}
