import { readdirSync, readFileSync } from 'node:fs'
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { zipOf } from '../../../test/helpers/zip-of.js'
import { BagExtractError } from './bag-extract-error.js'
import type { BagKind, BagRecord, BagRecordOf } from './bag-record.js'
import { readBagExtract, readExtractInfo } from './extract-reader.js'

const FIXTURE = join(import.meta.dirname, 'fixtures', '0221')

async function collect(path: string, options?: Parameters<typeof readBagExtract>[1]): Promise<BagRecord[]> {
  const records: BagRecord[] = []
  for await (const record of readBagExtract(path, options)) records.push(record)
  return records
}

function find<K extends BagKind>(records: BagRecord[], kind: K, id: string): BagRecordOf<K>[] {
  return records.filter((r): r is BagRecordOf<K> => r.kind === kind && r.id === id)
}

function countByKind(records: BagRecord[]): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const r of records) counts[r.kind] = (counts[r.kind] ?? 0) + 1
  return counts
}

let work: string
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'bag-reader-test-'))
})
afterAll(async () => {
  await rm(work, { recursive: true, force: true })
})

describe('readBagExtract on the real Doesburg sample (0221, 2020-09-15)', () => {
  it('holds the expected voorkomens per file', () => {
    const voorkomens = (type: string) => {
      const file = readdirSync(FIXTURE).find((f) => f.includes(type)) as string
      return readFileSync(join(FIXTURE, file), 'utf8').match(/<Historie:voorkomenidentificatie>/g)?.length
    }
    expect(['VBO', 'PND', 'NUM', 'OPR', 'WPL', 'LIG', 'STA'].map(voorkomens)).toEqual([
      5, 6, 15, 201, 1, 2, 2,
    ])
  })

  it('yields only current versions: the right count per kind, in dependency order', async () => {
    const records = await collect(FIXTURE)
    expect(countByKind(records)).toEqual({
      woonplaats: 1,
      openbareRuimte: 198,
      nummeraanduiding: 11,
      pand: 2,
      verblijfsobject: 2,
      ligplaats: 2,
      standplaats: 2,
    })
    const order = records.map((r) => r.kind).filter((k, i, all) => k !== all[i - 1])
    expect(order).toEqual([
      'woonplaats',
      'openbareRuimte',
      'nummeraanduiding',
      'pand',
      'verblijfsobject',
      'ligplaats',
      'standplaats',
    ])
  })

  it('reads every field of one object of each kind exactly', async () => {
    const records = await collect(FIXTURE)
    expect(find(records, 'woonplaats', '2142')).toEqual([
      { kind: 'woonplaats', id: '2142', naam: 'Doesburg', status: 'Woonplaats aangewezen', voorkomen: 1 },
    ])
    expect(find(records, 'openbareRuimte', '0221300000311195')).toEqual([
      {
        kind: 'openbareRuimte',
        id: '0221300000311195',
        naam: 'Schout bij Nacht Doormansingel',
        verkorteNaam: 'Sbn Doormansingel',
        type: 'Weg',
        status: 'Naamgeving uitgegeven',
        woonplaatsId: '2142',
        voorkomen: 1,
      },
    ])
    expect(find(records, 'nummeraanduiding', '0221200000330229')).toEqual([
      {
        kind: 'nummeraanduiding',
        id: '0221200000330229',
        huisnummer: 9,
        huisletter: 'l',
        toevoeging: null,
        postcode: null,
        typeAdresseerbaarObject: 'Verblijfsobject',
        status: 'Naamgeving uitgegeven',
        openbareRuimteId: '0221300000311195',
        woonplaatsId: null,
        voorkomen: 3,
      },
    ])
    expect(find(records, 'nummeraanduiding', '0362200001221879')[0]?.woonplaatsId).toBe('1050')
    expect(find(records, 'pand', '0221100000312938')).toEqual([
      { kind: 'pand', id: '0221100000312938', bouwjaar: 1585, status: 'Pand in gebruik', voorkomen: 4 },
    ])
    expect(find(records, 'verblijfsobject', '0221010000330999')).toEqual([
      {
        kind: 'verblijfsobject',
        id: '0221010000330999',
        hoofdadresId: '0221200000330229',
        nevenadresIds: ['0221200000330998', '0221200000330999'],
        pandIds: ['0221100000311191'],
        gebruiksdoelen: ['overige gebruiksfunctie'],
        oppervlakte: 18,
        status: 'Verblijfsobject in gebruik',
        x: 206289.487,
        y: 447359.374,
        voorkomen: 1,
      },
    ])
    expect(find(records, 'ligplaats', '0221020000330152')).toEqual([
      {
        kind: 'ligplaats',
        id: '0221020000330152',
        hoofdadresId: '0221200000330151',
        nevenadresIds: [],
        status: 'Plaats aangewezen',
        voorkomen: 1,
      },
    ])
    expect(find(records, 'standplaats', '0221030000330174')[0]?.nevenadresIds).toEqual([
      '0221200000330998',
      '0221200000330999',
    ])
  })

  it('drops ended voorkomens and keeps the current one', async () => {
    const records = await collect(FIXTURE)
    // Four voorkomens of this verblijfsobject: 1–3 ended, 4 current (status "Verbouwing verblijfsobject").
    const vbo = find(records, 'verblijfsobject', '0221010000330226')
    expect(vbo.map((r) => [r.voorkomen, r.status, r.oppervlakte])).toEqual([
      [4, 'Verbouwing verblijfsobject', 223],
    ])
    // Pand 1585 has four voorkomens; the first said bouwjaar 9999 (unknown).
    expect(find(records, 'pand', '0221100000312938').map((r) => r.voorkomen)).toEqual([4])
    expect(find(records, 'pand', '0221100000311191')[0]?.bouwjaar).toBe(1992)
    expect(find(records, 'openbareRuimte', '0221300000333398').map((r) => r.voorkomen)).toEqual([3])
  })

  it('passes on ids that are current twice (a quirk of the edited sample) so the consumer keeps the highest', async () => {
    const twice = find(await collect(FIXTURE), 'nummeraanduiding', '0221200000330998')
    expect(twice.map((r) => [r.voorkomen, r.huisnummer, r.typeAdresseerbaarObject])).toEqual([
      [1, 4, 'Standplaats'],
      [3, 9, 'Verblijfsobject'],
    ])
  })

  it('keeps ids as strings with their leading zeros', async () => {
    const records = await collect(FIXTURE)
    for (const r of records) {
      expect(typeof r.id).toBe('string')
      expect(r.id).toMatch(r.kind === 'woonplaats' ? /^\d{4}$/ : /^\d{16}$/)
    }
    expect(records.filter((r) => r.id.startsWith('0221')).length).toBeGreaterThan(200)
  })

  it('honours kinds by skipping whole files of other types', async () => {
    const files: string[] = []
    const records = await collect(FIXTURE, {
      kinds: ['nummeraanduiding', 'verblijfsobject'],
      onFile: (name) => files.push(name),
    })
    expect(files).toEqual(['0221NUM15092020-000001.xml', '0221VBO15092020-000001.xml'])
    expect(countByKind(records)).toEqual({ nummeraanduiding: 11, verblijfsobject: 2 })
  })

  it('reads a single XML file, and the same records with the saxes reference parser', async () => {
    const file = join(FIXTURE, '0221VBO15092020-000001.xml')
    const lean = await collect(file)
    expect(lean.map((r) => r.id)).toEqual(['0221010000330226', '0221010000330999'])
    expect(await collect(FIXTURE, { parser: 'saxes' })).toEqual(await collect(FIXTURE))
  })

  it('reads a single per-type zip, and a folder holding zips', async () => {
    const dir = join(work, 'zips')
    await mkdir(dir, { recursive: true })
    const xml = readFileSync(join(FIXTURE, '0221VBO15092020-000001.xml'))
    await zipOf(join(dir, '0221VBO15092020.zip'), [['0221VBO15092020-000001.xml', xml]])
    expect((await collect(join(dir, '0221VBO15092020.zip'))).map((r) => r.id)).toEqual([
      '0221010000330226',
      '0221010000330999',
    ])
    const files: string[] = []
    await collect(dir, { onFile: (f) => files.push(f) })
    expect(files).toEqual(['0221VBO15092020.zip/0221VBO15092020-000001.xml'])
  })

  it('removes the temp copy of a deflated nested zip when the caller stops early', async () => {
    const xml = readFileSync(join(FIXTURE, '0221OPR15092020-000001.xml'))
    const inner = await zipOf(null, [['0221OPR15092020-000001.xml', xml]])
    const outer = join(work, 'deflated.zip')
    await zipOf(outer, [['0221OPR15092020.zip', inner, { compress: true }]])
    const temps = async () => (await readdir(tmpdir())).filter((f) => f.startsWith('bag-extract-')).length
    const before = await temps()
    for await (const record of readBagExtract(outer)) {
      expect(record.kind).toBe('openbareRuimte')
      expect(await temps()).toBe(before + 1)
      break
    }
    expect(await temps()).toBe(before)
    expect((await collect(outer)).length).toBe(198)
  })

  it('reads StandTechnischeDatum from the delivery document or a part header', async () => {
    expect(await readExtractInfo(FIXTURE)).toEqual({ standTechnischeDatum: '2020-09-15' })
    expect(await readExtractInfo(join(FIXTURE, '0221PND15092020-000001.xml'))).toEqual({
      standTechnischeDatum: '2020-09-15',
    })
    const zip = join(work, 'info.zip')
    await zipOf(zip, [
      [
        '0221WPL15092020.zip',
        await zipOf(null, [
          ['0221WPL15092020-000001.xml', readFileSync(join(FIXTURE, '0221WPL15092020-000001.xml'))],
        ]),
      ],
    ])
    expect(await readExtractInfo(zip)).toEqual({ standTechnischeDatum: '2020-09-15' })
  })
})

describe('readBagExtract current-version rules', () => {
  const part = (voorkomens: string) =>
    `<?xml version="1.0"?><x:bagStand xmlns:x="a"><x:bagInfo><x:StandTechnischeDatum>2020-09-15</x:StandTechnischeDatum></x:bagInfo><x:standBestand>${voorkomens}</x:standBestand></x:bagStand>`
  const pand = (vk: number, dates: string) =>
    `<x:stand><x:bagObject><O:Pand xmlns:O="b"><O:identificatie>0001100000000001</O:identificatie><O:oorspronkelijkBouwjaar>1990</O:oorspronkelijkBouwjaar><O:status>Pand in gebruik</O:status><O:voorkomen><H:Voorkomen xmlns:H="c"><H:voorkomenidentificatie>${vk}</H:voorkomenidentificatie>${dates}</H:Voorkomen></O:voorkomen></O:Pand></x:bagObject></x:stand>`

  it('treats an end after the stand date as current, and a start after it as not yet current', async () => {
    const file = join(work, '0001PND15092020-000001.xml')
    await writeFile(
      file,
      part(
        pand(
          1,
          '<H:beginGeldigheid>2010-01-01</H:beginGeldigheid><H:eindGeldigheid>2015-01-01</H:eindGeldigheid><H:eindRegistratie>2015-01-01T00:00:00</H:eindRegistratie>',
        ) +
          pand(
            2,
            '<H:beginGeldigheid>2015-01-01</H:beginGeldigheid><H:eindGeldigheid>2021-01-01</H:eindGeldigheid>',
          ) +
          pand(3, '<H:beginGeldigheid>2021-01-01</H:beginGeldigheid>') +
          pand(
            4,
            '<H:beginGeldigheid>2015-01-01</H:beginGeldigheid><H:eindGeldigheid>2020-09-15</H:eindGeldigheid>',
          ),
      ),
    )
    expect((await collect(file)).map((r) => r.voorkomen)).toEqual([2])
  })
})

describe('readBagExtract on malformed input', () => {
  it('names the file, line and column of broken XML', async () => {
    const text = readFileSync(join(FIXTURE, '0221VBO15092020-000001.xml'), 'utf8').replace(
      '<Objecten:oppervlakte>223</Objecten:oppervlakte>',
      '<Objecten:oppervlakte>223</Objecten:oppervlak>',
    )
    await writeFile(join(work, 'broken-0221VBO15092020-000001.xml'), text)
    const error = await collect(join(work, 'broken-0221VBO15092020-000001.xml')).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(BagExtractError)
    expect((error as BagExtractError).message).toBe(
      'broken-0221VBO15092020-000001.xml:139:46: expected </Objecten:oppervlakte> but found </Objecten:oppervlak>',
    )
  })

  it('fails on a truncated file inside nested zips, naming the path through the zips', async () => {
    const text = readFileSync(join(FIXTURE, '0221PND15092020-000001.xml'), 'utf8')
    const inner = await zipOf(null, [['0221PND15092020-000001.xml', Buffer.from(text.slice(0, 5000))]])
    const outer = join(work, 'truncated.zip')
    await zipOf(outer, [['0221PND15092020.zip', inner, { compress: true }]])
    const before = (await readdir(tmpdir())).filter((f) => f.startsWith('bag-extract-')).length
    const error = await collect(outer).catch((e: unknown) => e)
    expect((error as Error).message).toMatch(
      /^truncated\.zip\/0221PND15092020\.zip\/0221PND15092020-000001\.xml:\d+:\d+: unexpected end of file/,
    )
    // The deflated inner zip was copied to a temp file; it must be gone after the failure.
    expect((await readdir(tmpdir())).filter((f) => f.startsWith('bag-extract-')).length).toBe(before)
  })

  it('rejects invalid UTF-8 and a file that is not a zip', async () => {
    const bad = join(work, '0221WPL15092020-000001.xml')
    await writeFile(
      bad,
      Buffer.concat([Buffer.from('<a>caf'), Buffer.from([0xc3, 0x28]), Buffer.from('</a>')]),
    )
    await expect(collect(bad)).rejects.toThrow(/0221WPL15092020-000001\.xml:1:\d+: invalid UTF-8/)
    const notZip = join(work, 'not.zip')
    await writeFile(notZip, 'hello')
    await expect(collect(notZip)).rejects.toThrow(/^not\.zip: not a readable zip/)
  })
})
