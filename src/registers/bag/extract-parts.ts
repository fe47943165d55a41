import { createReadStream, createWriteStream } from 'node:fs'
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, join, relative } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type yauzl from 'yauzl'
import { BagExtractError } from './bag-extract-error.js'
import { BAG_KINDS, type BagTypeCode, TYPE_CODE_OF_KIND } from './bag-record.js'
import { ZipArchive, type ZipLocation } from './zip-archive.js'

/** One XML file of an extract, wherever it lives (folder, zip, zip in a zip). */
export interface ExtractPart {
  /** Display path, e.g. `lvbag-extract-nl.zip/9999VBO08112024.zip/9999VBO08112024-000001.xml`. */
  name: string
  /** The object type from the file name, or null when the name does not say. */
  typeCode: BagTypeCode | null
  /** True for `Leveringsdocument-BAG-Extract.xml`, which holds delivery facts but no objects. */
  isInfo: boolean
  /** The file's bytes; breaking out of the loop closes what was opened. */
  read(): AsyncIterable<Buffer>
}

/** What a file name says about its content. */
export type NameRole = { role: 'info' } | { role: 'skip' } | { role: 'data'; code: BagTypeCode | null }

const TYPED_NAME = /^\d{4}(VBO|PND|NUM|OPR|WPL|LIG|STA)\d{8}(?:-\d+)?\.(?:xml|zip)$/i
// Same pattern with another word (Inactief, InOnderzoek, NietBag, mutations): not current objects, so skipped.
const OTHER_COLLECTION = /^\d{4}[A-Za-z]+\d{8}(?:-\d+)?\.(?:xml|zip)$/i
const CODE_RANK = new Map<string, number>(BAG_KINDS.map((kind, index) => [TYPE_CODE_OF_KIND[kind], index]))

/** Classifies a file by its base name, following Kadaster's naming (`{GGGG}{TYPE}{ddmmyyyy}[-nnnnnn].xml|zip`). */
function classifyName(name: string): NameRole {
  const base = basename(name)
  if (/^Leveringsdocument.*\.xml$/i.test(base)) return { role: 'info' }
  if (/^GEM-WPL-RELATIE/i.test(base)) return { role: 'skip' }
  const typed = TYPED_NAME.exec(base)
  if (typed) return { role: 'data', code: (typed[1] as string).toUpperCase() as BagTypeCode }
  if (OTHER_COLLECTION.test(base)) return { role: 'skip' }
  return { role: 'data', code: null }
}

interface Candidate {
  name: string
  rank: number
  isZip: boolean
  role: NameRole
}

/** Orders files so the delivery document comes first and object types follow in dependency order. */
function candidate(
  name: string,
  wanted: ReadonlySet<BagTypeCode> | null,
  includeInfo: boolean,
): Candidate | null {
  const lower = name.toLowerCase()
  const isZip = lower.endsWith('.zip')
  if (!isZip && !lower.endsWith('.xml')) return null
  const role = classifyName(name)
  if (role.role === 'skip') return null
  if (role.role === 'info') return includeInfo && !isZip ? { name, rank: -1, isZip, role } : null
  if (role.code !== null && wanted !== null && !wanted.has(role.code)) return null
  const rank = role.code === null ? BAG_KINDS.length : (CODE_RANK.get(role.code) as number)
  return { name, rank, isZip, role }
}

function byRankThenName(a: Candidate, b: Candidate): number {
  return a.rank - b.rank || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)
}

/** Options for {@link listExtractParts}. */
export interface ListPartsOptions {
  /** Only files of these types (files whose name carries no type are always listed). */
  wanted?: ReadonlySet<BagTypeCode> | null
  /** Also list Leveringsdocument files. */
  includeInfo?: boolean
}

/**
 * Lists the XML files of an extract: a national zip of zips, a per-type zip, a folder (recursively) of XML files
 * and zips, or one XML file. A nested zip stored uncompressed is read in place; a deflated one is extracted to a
 * temp file first (yauzl needs random access), which is removed when iteration ends, also on error or early exit.
 */
export async function* listExtractParts(
  path: string,
  options: ListPartsOptions = {},
): AsyncGenerator<ExtractPart> {
  const wanted = options.wanted ?? null
  const includeInfo = options.includeInfo ?? false
  const info = await stat(path).catch((error: unknown) => {
    throw new BagExtractError('cannot open the extract', { file: path }, { cause: error })
  })
  const temp = new TempFiles()
  try {
    if (info.isDirectory()) {
      const files = (await walk(path))
        .map((file) => candidate(file, wanted, includeInfo))
        .filter((c): c is Candidate => c !== null)
        .sort(byRankThenName)
      for (const file of files) {
        const display = relative(path, file.name) || basename(file.name)
        if (file.isZip)
          yield* zipParts({ file: file.name, offset: 0, size: (await stat(file.name)).size }, display)
        else yield filePart(file.name, display, file.role)
      }
    } else if (path.toLowerCase().endsWith('.zip')) {
      yield* zipParts({ file: path, offset: 0, size: info.size }, basename(path))
    } else {
      yield filePart(path, basename(path), classifyName(path))
    }
  } finally {
    await temp.removeAll()
  }

  async function* zipParts(location: ZipLocation, display: string): AsyncGenerator<ExtractPart> {
    const archive = await ZipArchive.open(location).catch((error: unknown) => {
      throw new BagExtractError(
        `not a readable zip (${describe(error)})`,
        { file: display },
        { cause: error },
      )
    })
    try {
      const byName = new Map<string, yauzl.Entry>()
      const list: Candidate[] = []
      for (const entry of archive.entries) {
        if (entry.fileName.endsWith('/')) continue
        const c = candidate(entry.fileName, wanted, includeInfo)
        if (c === null) continue
        byName.set(entry.fileName, entry)
        list.push(c)
      }
      for (const c of list.sort(byRankThenName)) {
        const entry = byName.get(c.name) as yauzl.Entry
        const name = `${display}/${c.name}`
        if (!c.isZip) {
          yield entryPart(archive, entry, name, c.role)
          continue
        }
        const inPlace = await archive.storedLocation(entry).catch((error: unknown) => {
          throw new BagExtractError(
            `cannot open the nested zip (${describe(error)})`,
            { file: name },
            { cause: error },
          )
        })
        if (inPlace) {
          yield* zipParts(inPlace, name)
          continue
        }
        const copy = await temp.extract(archive, entry, name)
        try {
          yield* zipParts(copy, name)
        } finally {
          await temp.remove(copy.file)
        }
      }
    } finally {
      archive.close()
    }
  }
}

function filePart(file: string, name: string, role: NameRole): ExtractPart {
  return {
    name,
    typeCode: role.role === 'data' ? role.code : null,
    isInfo: role.role === 'info',
    read: () => createReadStream(file, { highWaterMark: 1 << 18 }),
  }
}

function entryPart(archive: ZipArchive, entry: yauzl.Entry, name: string, role: NameRole): ExtractPart {
  return {
    name,
    typeCode: role.role === 'data' ? role.code : null,
    isInfo: role.role === 'info',
    read: () => archive.readEntry(entry),
  }
}

async function walk(dir: string): Promise<string[]> {
  const out: string[] = []
  for (const dirent of await readdir(dir, { withFileTypes: true })) {
    const full = join(dir, dirent.name)
    if (dirent.isDirectory()) out.push(...(await walk(full)))
    else if (dirent.isFile()) out.push(full)
  }
  return out
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/** Temp copies of deflated nested zips, in one private directory under os.tmpdir(). */
class TempFiles {
  private dir: string | null = null
  private count = 0

  async extract(archive: ZipArchive, entry: yauzl.Entry, name: string): Promise<ZipLocation> {
    this.dir ??= await mkdtemp(join(tmpdir(), 'bag-extract-'))
    const file = join(this.dir, `${++this.count}.zip`)
    try {
      await pipeline(Readable.from(archive.readEntry(entry), { objectMode: false }), createWriteStream(file))
    } catch (error) {
      await rm(file, { force: true })
      throw new BagExtractError(
        `cannot extract the nested zip (${describe(error)})`,
        { file: name },
        { cause: error },
      )
    }
    return { file, offset: 0, size: (await stat(file)).size }
  }

  async remove(file: string): Promise<void> {
    await rm(file, { force: true })
  }

  async removeAll(): Promise<void> {
    if (this.dir !== null) await rm(this.dir, { recursive: true, force: true })
    this.dir = null
  }
}
