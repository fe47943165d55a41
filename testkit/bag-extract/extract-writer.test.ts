import { readFileSync } from 'node:fs'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import yauzl from 'yauzl'
import type { BagRecord } from '../../src/registers/bag/bag-record.js'
import { readBagExtract, readExtractInfo } from '../../src/registers/bag/extract-reader.js'
import { zipOf } from '../../test/helpers/zip-of.js'
import { type BagWriteOptions, createBagExtractWriter } from './extract-writer.js'

const wpl: BagRecord = {
  kind: 'woonplaats',
  id: '0042',
  naam: "'s-Gravenhage",
  status: 'Woonplaats aangewezen',
  voorkomen: 2,
}
const opr: BagRecord = {
  kind: 'openbareRuimte',
  id: '0003300000000001',
  naam: 'Burgemeester Tom & Jerry <van der Laan>straat',
  verkorteNaam: 'Burg T&J vd Laanstr',
  type: 'Weg',
  status: 'Naamgeving uitgegeven',
  woonplaatsId: '0042',
  voorkomen: 1,
}
const oprWater: BagRecord = {
  ...opr,
  id: '0003300000000002',
  naam: 'Café Ëlandgracht',
  verkorteNaam: null,
  type: 'Water',
  woonplaatsId: null,
}
const num: BagRecord = {
  kind: 'nummeraanduiding',
  id: '0003200000000001',
  huisnummer: 12,
  huisletter: 'A',
  toevoeging: 'II',
  postcode: '1011AB',
  typeAdresseerbaarObject: 'Verblijfsobject',
  status: 'Naamgeving uitgegeven',
  openbareRuimteId: '0003300000000001',
  woonplaatsId: '0042',
  voorkomen: 3,
}
const numPlain: BagRecord = {
  ...num,
  id: '0003200000000002',
  huisletter: null,
  toevoeging: null,
  postcode: null,
  woonplaatsId: null,
  voorkomen: 1,
}
const pnd: BagRecord = {
  kind: 'pand',
  id: '0003100000000001',
  bouwjaar: 1931,
  status: 'Pand in gebruik',
  voorkomen: 2,
}
const pndUnknown: BagRecord = { ...pnd, id: '0003100000000002', bouwjaar: null, voorkomen: 1 }
const vbo: BagRecord = {
  kind: 'verblijfsobject',
  id: '0003010000000001',
  hoofdadresId: '0003200000000001',
  nevenadresIds: ['0003200000000002', '0003200000000003'],
  pandIds: ['0003100000000001', '0003100000000002'],
  gebruiksdoelen: ['woonfunctie', 'winkelfunctie'],
  oppervlakte: 87,
  status: 'Verblijfsobject in gebruik',
  x: 121234.567,
  y: 487654.321,
  voorkomen: 2,
}
const vboBare: BagRecord = {
  ...vbo,
  id: '0003010000000002',
  nevenadresIds: [],
  pandIds: ['0003100000000002'],
  oppervlakte: null,
  x: null,
  y: null,
  voorkomen: 1,
}
const lig: BagRecord = {
  kind: 'ligplaats',
  id: '0003020000000001',
  hoofdadresId: '0003200000000002',
  nevenadresIds: ['0003200000000003'],
  status: 'Plaats aangewezen',
  voorkomen: 1,
}
const sta: BagRecord = {
  kind: 'standplaats',
  id: '0003030000000001',
  hoofdadresId: '0003200000000002',
  nevenadresIds: [],
  status: 'Plaats ingetrokken',
  voorkomen: 2,
}

/** Current records with what to write alongside them; expected back in dependency order. */
const WRITES: [BagRecord, BagWriteOptions][] = [
  [
    vbo,
    {
      history: [
        { ...vbo, voorkomen: 1, status: 'Verblijfsobject gevormd', oppervlakte: 80, nevenadresIds: [] },
      ],
    },
  ],
  [vboBare, {}],
  [
    num,
    {
      history: [
        { ...num, voorkomen: 1, postcode: '1011AA' },
        { ...num, voorkomen: 2, huisletter: null },
      ],
    },
  ],
  [numPlain, {}],
  [pnd, { history: [{ ...pnd, voorkomen: 1, status: 'Bouw gestart', bouwjaar: null }] }],
  [pndUnknown, {}],
  [opr, {}],
  [oprWater, {}],
  [wpl, { history: [{ ...wpl, voorkomen: 1, naam: 'Den Haag' }] }],
  [lig, {}],
  [sta, { history: [{ ...sta, voorkomen: 1, status: 'Plaats aangewezen' }] }],
]
const ENDED: BagRecord = { ...numPlain, id: '0003200000000099', huisnummer: 99 }
const EXPECTED = [wpl, opr, oprWater, num, numPlain, pnd, pndUnknown, vbo, vboBare, lig, sta]

let work: string
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'bag-writer-test-'))
})
afterAll(async () => {
  await rm(work, { recursive: true, force: true })
})

async function writeAll(options: Parameters<typeof createBagExtractWriter>[0]) {
  const writer = await createBagExtractWriter(options)
  for (const [record, writeOptions] of WRITES) await writer.write(record, writeOptions)
  await writer.write(ENDED, { ended: '2019-06-01' })
  return writer.close()
}

async function collect(path: string, options?: Parameters<typeof readBagExtract>[1]): Promise<BagRecord[]> {
  const out: BagRecord[] = []
  for await (const record of readBagExtract(path, options)) out.push(record)
  return out
}

function entryNames(zip: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) =>
    yauzl.fromBuffer(zip, { lazyEntries: false }, (err, file) => {
      if (err) return reject(err)
      const names: string[] = []
      file.on('entry', (entry: yauzl.Entry) => names.push(entry.fileName))
      file.on('end', () => resolve(names))
    }),
  )
}

describe('createBagExtractWriter', () => {
  it('round-trips every kind through a zip of zips, history and ended objects included', async () => {
    const zipPath = join(work, 'lvbag-extract-nl.zip')
    const summary = await writeAll({
      layout: 'zip-of-zips',
      zipPath,
      gemeente: '0003',
      stand: '2020-09-15',
      objectsPerPart: 2,
    })
    expect(summary.voorkomens).toEqual({ WPL: 2, OPR: 2, NUM: 5, PND: 3, VBO: 3, LIG: 1, STA: 2 })
    expect(await collect(zipPath)).toEqual(EXPECTED)
    expect(await collect(zipPath, { parser: 'saxes' })).toEqual(EXPECTED)
    expect(await readExtractInfo(zipPath)).toEqual({ standTechnischeDatum: '2020-09-15' })

    const outer = readFileSync(zipPath)
    expect(await entryNames(outer)).toEqual([
      'Leveringsdocument-BAG-Extract.xml',
      '0003WPL15092020.zip',
      '0003OPR15092020.zip',
      '0003NUM15092020.zip',
      '0003PND15092020.zip',
      '0003VBO15092020.zip',
      '0003LIG15092020.zip',
      '0003STA15092020.zip',
    ])
  })

  it('round-trips through a folder of XML files named like Kadaster parts', async () => {
    const dir = join(work, 'folder')
    await writeAll({ layout: 'folder', dir, gemeente: '0003', stand: '2020-09-15', objectsPerPart: 2 })
    expect(await collect(dir)).toEqual(EXPECTED)
    const files = (await readdir(dir)).sort()
    expect(files).toContain('Leveringsdocument-BAG-Extract.xml')
    expect(files.filter((f) => f.startsWith('0003NUM'))).toEqual([
      '0003NUM15092020-000001.xml',
      '0003NUM15092020-000002.xml',
      '0003NUM15092020-000003.xml',
    ])
    // The same element order and namespaces as Kadaster's files.
    const vboXml = readFileSync(join(dir, '0003VBO15092020-000001.xml'), 'utf8')
    expect(vboXml).toContain(
      '<sl-bag-extract:bagStand xmlns:DatatypenNEN3610="www.kadaster.nl/schemas/lvbag/imbag/datatypennen3610/v20200601"',
    )
    const order = [...vboXml.matchAll(/<Objecten:(\w+)[ >]/g)].map((m) => m[1]).slice(0, 12)
    expect(order).toEqual([
      'Verblijfsobject',
      'heeftAlsHoofdadres',
      'voorkomen',
      'identificatie',
      'geometrie',
      'punt',
      'gebruiksdoel',
      'gebruiksdoel',
      'oppervlakte',
      'status',
      'geconstateerd',
      'documentdatum',
    ])
  })

  it('lets the kinds filter skip whole per-type zips, and skips GEM-WPL-RELATIE and other collections', async () => {
    const source = join(work, 'lvbag-extract-nl.zip')
    const extra = join(work, 'with-extras.zip')
    const inner = (name: string) => zipOf(null, [[name, Buffer.from('<not-bag/>')]])
    await zipOf(extra, [
      ['lvbag-extract-nl.zip', readFileSync(source)],
      ['GEM-WPL-RELATIE-15092020.zip', await inner('GEM-WPL-RELATIE-15092020.xml')],
      ['9999Inactief15092020.zip', await inner('9999Inactief15092020-000001.xml')],
    ])
    const files: string[] = []
    const records = await collect(extra, {
      kinds: ['verblijfsobject', 'nummeraanduiding'],
      onFile: (f) => files.push(f),
    })
    expect(records).toEqual([num, numPlain, vbo, vboBare])
    expect(files).toEqual([
      'with-extras.zip/lvbag-extract-nl.zip/0003NUM15092020.zip/0003NUM15092020-000001.xml',
      'with-extras.zip/lvbag-extract-nl.zip/0003NUM15092020.zip/0003NUM15092020-000002.xml',
      'with-extras.zip/lvbag-extract-nl.zip/0003NUM15092020.zip/0003NUM15092020-000003.xml',
      'with-extras.zip/lvbag-extract-nl.zip/0003VBO15092020.zip/0003VBO15092020-000001.xml',
      'with-extras.zip/lvbag-extract-nl.zip/0003VBO15092020.zip/0003VBO15092020-000002.xml',
    ])
  })

  it('rejects history that belongs to another object, and writes after close', async () => {
    const writer = await createBagExtractWriter({
      layout: 'folder',
      dir: join(work, 'bad'),
      stand: '2020-09-15',
    })
    await expect(writer.write(pnd, { history: [pndUnknown] })).rejects.toThrow(
      /history of pand 0003100000000001/,
    )
    await writer.close()
    await expect(writer.write(pnd)).rejects.toThrow(/closed/)
  })
})
