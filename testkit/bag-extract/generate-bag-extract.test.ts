import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BagRecord, BagRecordOf } from '../../src/registers/bag/bag-record.js'
import { readBagExtract } from '../../src/registers/bag/extract-reader.js'
import { generateBagExtract } from './generate-bag-extract.js'
import { POSTCODE_LETTER_PAIRS } from './postcode-cursor.js'

let work: string
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'bag-generate-test-'))
})
afterAll(async () => {
  await rm(work, { recursive: true, force: true })
})

async function collect(path: string): Promise<BagRecord[]> {
  const out: BagRecord[] = []
  for await (const record of readBagExtract(path)) out.push(record)
  return out
}

async function folderHash(dir: string): Promise<string> {
  const hash = createHash('sha256')
  for (const file of (await readdir(dir)).sort()) hash.update(file).update(readFileSync(join(dir, file)))
  return hash.digest('hex')
}

function ofKind<K extends BagRecord['kind']>(records: BagRecord[], kind: K): BagRecordOf<K>[] {
  return records.filter((r): r is BagRecordOf<K> => r.kind === kind)
}

describe('generateBagExtract', () => {
  it('writes exactly the requested verblijfsobjecten, and the reader yields what it reports as current', async () => {
    const out = join(work, 'nl.zip')
    const result = await generateBagExtract({ vbo: 3000, out, seed: 7, objectsPerPart: 500 })
    expect(result.current.verblijfsobject).toBe(3000)
    const records = await collect(out)
    const counts: Record<string, number> = {}
    for (const r of records) counts[r.kind] = (counts[r.kind] ?? 0) + 1
    expect(counts).toEqual(Object.fromEntries(Object.entries(result.current).filter(([, n]) => n > 0)))
    // The lean scanner and the conformant saxes parser agree on every record.
    const viaSaxes: BagRecord[] = []
    for await (const record of readBagExtract(out, { parser: 'saxes' })) viaSaxes.push(record)
    expect(viaSaxes).toEqual(records)
    // ~5 % extra historical voorkomens, which the reader dropped.
    expect(result.voorkomens.VBO / 3000).toBeGreaterThan(1.02)
    expect(result.voorkomens.VBO / 3000).toBeLessThan(1.1)
  })

  it('is deterministic for a seed', async () => {
    const a = join(work, 'a')
    const b = join(work, 'b')
    const c = join(work, 'c')
    await generateBagExtract({ vbo: 1500, out: a, layout: 'folder', seed: 3 })
    await generateBagExtract({ vbo: 1500, out: b, layout: 'folder', seed: 3 })
    await generateBagExtract({ vbo: 1500, out: c, layout: 'folder', seed: 4 })
    expect(await folderHash(a)).toBe(await folderHash(b))
    expect(await folderHash(a)).not.toBe(await folderHash(c))
  })

  it('produces a consistent, realistic extract', async () => {
    const out = join(work, 'realistic')
    await generateBagExtract({ vbo: 5000, out, layout: 'folder', seed: 11 })
    const records = await collect(out)
    const wpl = ofKind(records, 'woonplaats')
    const opr = ofKind(records, 'openbareRuimte')
    const num = ofKind(records, 'nummeraanduiding')
    const pnd = ofKind(records, 'pand')
    const vbo = ofKind(records, 'verblijfsobject')

    // Every reference resolves.
    const ids = (list: { id: string }[]) => new Set(list.map((r) => r.id))
    const [wplIds, oprIds, numIds, pndIds] = [ids(wpl), ids(opr), ids(num), ids(pnd)]
    expect(opr.every((r) => r.woonplaatsId !== null && wplIds.has(r.woonplaatsId))).toBe(true)
    expect(num.every((r) => oprIds.has(r.openbareRuimteId))).toBe(true)
    expect(vbo.every((r) => numIds.has(r.hoofdadresId) && r.nevenadresIds.every((n) => numIds.has(n)))).toBe(
      true,
    )
    expect(vbo.every((r) => r.pandIds.length > 0 && r.pandIds.every((p) => pndIds.has(p)))).toBe(true)

    // Ids: 16 digits with gemeente, type and number; woonplaatsen 4 digits.
    expect(wpl.every((r) => /^\d{4}$/.test(r.id))).toBe(true)
    expect(vbo.every((r) => /^\d{4}01\d{10}$/.test(r.id))).toBe(true)
    expect(num.every((r) => /^\d{4}20\d{10}$/.test(r.id))).toBe(true)

    // Valid postcodes, shared by several addresses.
    const pairs = new Set(POSTCODE_LETTER_PAIRS)
    expect(
      num.every(
        (r) =>
          r.postcode !== null && /^[1-9]\d{3}[A-Z]{2}$/.test(r.postcode) && pairs.has(r.postcode.slice(4)),
      ),
    ).toBe(true)
    expect(num.length / new Set(num.map((r) => r.postcode)).size).toBeGreaterThan(5)

    // The market's skew: Amsterdam is the largest place, with Amsterdam-style additions.
    const oprPlace = new Map(opr.map((r) => [r.id, r.woonplaatsId]))
    const perPlace = new Map<string, number>()
    for (const r of num) {
      const place = oprPlace.get(r.openbareRuimteId) as string
      perPlace.set(place, (perPlace.get(place) ?? 0) + 1)
    }
    const largest = [...perPlace].sort((x, y) => y[1] - x[1])[0]?.[0]
    expect(wpl.find((r) => r.id === largest)?.naam).toBe('Amsterdam')
    const additions = new Set(num.map((r) => r.toevoeging))
    for (const t of ['H', '1', '2', 'II']) expect(additions).toContain(t)
    expect(num.some((r) => r.huisletter !== null)).toBe(true)

    // Mostly homes with a floor area, some withdrawn, panden with a plausible bouwjaar.
    const homes = vbo.filter((r) => r.gebruiksdoelen.includes('woonfunctie'))
    expect(homes.length / vbo.length).toBeGreaterThan(0.75)
    expect(homes.every((r) => r.oppervlakte !== null && r.oppervlakte >= 6)).toBe(true)
    expect(vbo.some((r) => r.status === 'Verblijfsobject ingetrokken')).toBe(true)
    expect(pnd.every((r) => r.bouwjaar === null || (r.bouwjaar >= 1600 && r.bouwjaar <= 2025))).toBe(true)
    expect(vbo.filter((r) => r.pandIds.length === 1).length).toBe(vbo.length)
    expect(pnd.length / vbo.length).toBeGreaterThan(0.8)
  })
})
