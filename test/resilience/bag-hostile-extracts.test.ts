import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { Readable } from 'node:stream'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import yazl from 'yazl'
import { ensureSampleBag } from '../../src/cli/commands/ingest.js'
import { PROJECT_ROOT } from '../../src/config.js'
import { listExtractParts } from '../../src/registers/bag/extract-parts.js'
import { BagExtractError, readBagExtract } from '../../src/registers/bag/index.js'
import { importBag } from '../../src/registers/import-bag.js'
import { openStore } from '../../src/store/database.js'
import { defaultSourcePriority } from '../helpers/registry.js'
import { SILENT_LOGGER } from '../helpers/silent-logger.js'
import { useTempDir } from '../helpers/temp-dir.js'
import { RESILIENCE_SEED } from './resilience-seed.js'

const SAMPLE = join(PROJECT_ROOT, 'data', 'sample', 'bag', 'lvbag-extract-sample.zip')
const dir = useTempDir('propdata-bag-')
const options = { seed: RESILIENCE_SEED, endOnFailure: true }
/** The sample's XML files, unpacked into a folder (the reader takes a folder of XML as well). */
const unpacked = join(dir, 'unpacked')
const xmlFiles: { name: string; bytes: Buffer }[] = []

beforeAll(async () => {
  mkdirSync(unpacked)
  for await (const part of listExtractParts(SAMPLE, { includeInfo: true })) {
    const chunks: Buffer[] = []
    for await (const chunk of part.read()) chunks.push(chunk)
    xmlFiles.push({ name: basename(part.name), bytes: Buffer.concat(chunks) })
  }
})

/** Reads a whole extract; what it yielded, or the error it ended with, and the heap it grew by. */
async function readAll(
  path: string,
): Promise<{ records: number; error: unknown; heapMb: number; ms: number }> {
  const before = process.memoryUsage().heapUsed
  const started = performance.now()
  let records = 0
  let peak = before
  try {
    for await (const _ of readBagExtract(path)) {
      if (++records % 500 === 0) peak = Math.max(peak, process.memoryUsage().heapUsed)
    }
    return { records, error: null, heapMb: (peak - before) / 1e6, ms: performance.now() - started }
  } catch (error) {
    peak = Math.max(peak, process.memoryUsage().heapUsed)
    return { records, error, heapMb: (peak - before) / 1e6, ms: performance.now() - started }
  }
}

/** A folder holding the sample's XML files with one of them replaced by `bytes`. */
function folderWith(name: string, index: number, bytes: Buffer): string {
  const folder = join(dir, name)
  mkdirSync(folder, { recursive: true })
  for (const [i, file] of xmlFiles.entries())
    writeFileSync(join(folder, file.name), i === index ? bytes : file.bytes)
  return folder
}

function expectClearError(error: unknown, what: string): void {
  expect(error, what).toBeInstanceOf(BagExtractError)
  // `file:line:column: reason` or `file (character n): reason`: an operator can open the spot.
  expect((error as Error).message, what).toMatch(/^\S+(:\d+:\d+| \(character \d+\)|): .{10,}/)
}

describe(`the BAG reader on truncated and garbled extracts (seed ${RESILIENCE_SEED})`, () => {
  it('an XML file cut off anywhere: a BagExtractError naming the file and the spot', async () => {
    let run = 0
    await fc.assert(
      fc.asyncProperty(
        fc.nat(xmlFiles.length - 1),
        fc.double({ min: 0, max: 0.999, noNaN: true }),
        async (i, at) => {
          const file = xmlFiles[i]!
          const cut = Math.floor(file.bytes.length * at)
          const result = await readAll(folderWith(`cut-${run++}`, i, file.bytes.subarray(0, cut)))
          expectClearError(result.error, `${file.name} cut at ${cut}`)
        },
      ),
      { ...options, numRuns: 20 },
    )
  }, 60_000)

  it('garbage written over part of an XML file or of the zip: a clear error, or the records it still holds', async () => {
    const zip = readFileSync(SAMPLE)
    let run = 0
    await fc.assert(
      fc.asyncProperty(
        fc.boolean(),
        fc.nat(1_000_000),
        fc.uint8Array({ minLength: 1, maxLength: 4_096 }),
        async (inZip, position, garbage) => {
          let path: string
          if (inZip) {
            const bytes = Buffer.from(zip)
            bytes.set(garbage.subarray(0, bytes.length - (position % bytes.length)), position % bytes.length)
            path = join(dir, `garbled-${run++}.zip`)
            writeFileSync(path, bytes)
          } else {
            const i = position % xmlFiles.length
            const bytes = Buffer.from(xmlFiles[i]!.bytes)
            const at = position % bytes.length
            bytes.set(garbage.subarray(0, bytes.length - at), at)
            path = folderWith(`garbled-${run++}`, i, bytes)
          }
          const result = await readAll(path)
          if (result.error) expectClearError(result.error, path)
          expect(result.ms).toBeLessThan(20_000)
        },
      ),
      {
        ...options,
        numRuns: 25,
        // A nested zip's local header overwritten: once a raw error, now always tried first.
        examples: [[true, 290_454, Uint8Array.from([244, 54, 193, 152, 250])]],
      },
    )
  }, 120_000)

  it('not a zip, an empty file, an empty zip, a zip of garbage: a clear error', async () => {
    const empty = new yazl.ZipFile()
    const cases: Record<string, () => Promise<Buffer | string>> = {
      'garbage.zip': async () => Buffer.from(Array.from({ length: 100_000 }, (_, i) => (i * 7919) % 256)),
      'empty.zip': async () => Buffer.alloc(0),
      'no-entries.zip': () => zipBytes(empty),
      'garbage-xml.zip': async () => {
        const zip = new yazl.ZipFile()
        zip.addBuffer(
          Buffer.from(Array.from({ length: 50_000 }, (_, i) => (i * 31) % 256)),
          '9999VBO01112026-000001.xml',
        )
        return zipBytes(zip)
      },
    }
    for (const [name, make] of Object.entries(cases)) {
      const path = join(dir, name)
      writeFileSync(path, await make())
      const result = await readAll(path)
      if (name === 'no-entries.zip') expect(result, name).toMatchObject({ records: 0 })
      else expectClearError(result.error, name)
    }
  })
})

/** Zip bombs: a few hundred KB that inflate to 300 MB of XML nobody would write. */
const BOMBS: Record<string, () => Iterable<string>> = {
  'a start tag of 300 MB': function* () {
    yield '<?xml version="1.0"?><a b="'
    for (let i = 0; i < 300; i++) yield 'x'.repeat(1_000_000)
  },
  'nested 3,000,000 deep': function* () {
    yield '<?xml version="1.0"?>'
    for (let i = 0; i < 3; i++) yield '<a>'.repeat(1_000_000)
  },
  '300 MB of text in an object': function* () {
    yield '<?xml version="1.0"?><sl-bag-extract:bagStand><sl:standBestand><sl:stand><sl-bag-extract:bagObject><Objecten:Verblijfsobject><Objecten:identificatie>'
    for (let i = 0; i < 300; i++) yield '1'.repeat(1_000_000)
  },
  '300 MB of whitespace': function* () {
    yield '<?xml version="1.0"?><root>'
    for (let i = 0; i < 300; i++) yield ' '.repeat(1_000_000)
  },
}

describe('the BAG reader on zip bombs', () => {
  for (const [name, content] of Object.entries(BOMBS)) {
    it(`${name}: a clear error, fast, with a flat heap`, async () => {
      const zip = new yazl.ZipFile()
      zip.addReadStream(Readable.from(content()), '9999VBO01112026-000001.xml')
      const path = join(dir, `${name.replace(/\W+/g, '-')}.zip`)
      writeFileSync(path, await zipBytes(zip))
      const result = await readAll(path)
      expectClearError(result.error, name)
      expect(result.heapMb, 'MB of heap').toBeLessThan(200)
      expect(result.ms, 'ms').toBeLessThan(30_000)
    }, 60_000)
  }
})

describe('importing a broken extract over a good one', () => {
  it('fails with the reader’s error and leaves the previous BAG, golden records and generation untouched', async () => {
    const store = await openStore(join(dir, 'import.db'))
    try {
      await ensureSampleBag(store, SAMPLE, SILENT_LOGGER, defaultSourcePriority)
      const snapshot = () =>
        store.sqlite
          .prepare(
            `select (select count(*) from bag_objects) as objects, (select count(*) from bag_addresses) as addresses,
               (select count(*) from golden_records) as golden, (select generation from publication) as generation,
               (select group_concat(name) from sqlite_master where name like '%__next%') as leftovers`,
          )
          .get()
      const before = snapshot()
      const i = xmlFiles.findIndex((f) => f.name.includes('VBO'))
      const broken = folderWith(
        'import-broken',
        i,
        xmlFiles[i]!.bytes.subarray(0, xmlFiles[i]!.bytes.length >> 1),
      )
      await expect(importBag(store, broken, { priority: defaultSourcePriority })).rejects.toThrow(
        BagExtractError,
      )
      expect(snapshot()).toEqual(before)
    } finally {
      await store.close()
    }
  }, 60_000)
})

function zipBytes(zip: yazl.ZipFile): Promise<Buffer> {
  const chunks: Buffer[] = []
  zip.end()
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c))
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)))
    zip.outputStream.on('error', reject)
  })
}
