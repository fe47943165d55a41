import { createReadStream, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import {
  chooseLabel,
  type EnergyLabelRecord,
  type LabelFileEvent,
  parseLabelResponse,
  parseRegisterDate,
  readLabelFile,
} from './index.js'

const fixture = (name: string) => join(import.meta.dirname, 'fixtures', name)

async function readAll(input: Readable): Promise<LabelFileEvent[]> {
  const events: LabelFileEvent[] = []
  for await (const event of readLabelFile(input)) events.push(event)
  return events
}
const labels = (events: LabelFileEvent[]) => events.flatMap((e) => (e.kind === 'label' ? [e.record] : []))
const skipped = (events: LabelFileEvent[]) => events.flatMap((e) => (e.kind === 'skipped' ? [e.reason] : []))

describe('the v5 bulk file (mutatiebestand)', () => {
  it('reads the preamble, maps the v5 columns and normalises every label', async () => {
    const events = await readAll(createReadStream(fixture('mutatiebestand-v5.csv')))
    expect(events[0]).toMatchObject({
      kind: 'header',
      publicationDate: '2026-11-01',
      lastMutation: 48_213_377,
    })
    const read = labels(events)
    expect(read.map((r) => [r.objectId, r.label])).toEqual([
      ['0503010000003325', 'F'],
      ['0503010000003325', 'C'],
      ['0503020000000101', 'A++'],
      [null, 'B'],
      ['0503010000099001', 'A+++++'],
      ['0503010000003400', 'G'],
    ])
    expect(read[1]).toEqual({
      objectId: '0503010000003325',
      address: { postcode: '2611CC', huisnummer: 12, huisletter: 'A', toevoeging: null },
      label: 'C',
      registeredAt: '2024-05-02',
      validUntil: '2034-05-02',
      recordedAt: '2024-04-25',
      buildingClass: 'W',
      yearBuilt: 1884,
      simplified: false,
    })
    expect(read[0]!.simplified).toBe(true)
    expect(read[3]!.address).toEqual({
      postcode: '2611CC',
      huisnummer: 14,
      huisletter: null,
      toevoeging: '2',
    })
  })

  it('skips a cut-off row as malformed and an unknown class as no-label, and reads on', async () => {
    const events = await readAll(createReadStream(fixture('mutatiebestand-v5.csv')))
    expect(skipped(events)).toEqual(['malformed', 'no-label'])
    expect(events.at(-1)).toMatchObject({ kind: 'skipped', reason: 'no-label' })
  })
})

describe('the older pand_* vintages', () => {
  it('reads the 2023 file (no preamble, compact dates, meting_geldig_tot)', async () => {
    const events = await readAll(createReadStream(fixture('labels-v2-2023.csv')))
    expect(events[0]).toMatchObject({ kind: 'header', publicationDate: null, lastMutation: null })
    expect(labels(events).map((r) => [r.objectId, r.label, r.registeredAt, r.validUntil])).toEqual([
      ['0503010000003325', 'F', '2016-03-14', '2026-03-14'],
      [null, 'B', '2021-06-30', '2031-06-30'],
      ['0503020000000101', 'A++', '2022-09-01', '2032-09-01'],
    ])
  })

  it('reads pand_huisnummer_toev, any letter case, and a missing validity as registration + 10 years', async () => {
    const csv = [
      'PAND_BAGVERBLIJFSOBJECTID;Pand_Postcode;pand_huisnummer;pand_huisnummer_toev;PAND_ENERGIEKLASSE;pand_registratiedatum',
      ';1012AB;5;iii;a+;15-03-2012',
      '503010000003325;2611CC;12;;b;2013-01-01',
    ].join('\n')
    const read = labels(await readAll(Readable.from([csv])))
    expect(read).toMatchObject([
      { objectId: null, address: { toevoeging: 'III' }, label: 'A+', validUntil: '2022-03-15' },
      // An id that lost its leading zero (a spreadsheet round trip) is padded back.
      { objectId: '0503010000003325', label: 'B', registeredAt: '2013-01-01' },
    ])
  })

  it('refuses a file without the label columns, naming them', async () => {
    await expect(readAll(Readable.from(['Postcode;Huisnummer\n1234AB;1\n']))).rejects.toThrow(
      /Energieklasse, Registratiedatum/,
    )
  })
})

describe('parseRegisterDate', () => {
  it.each([
    ['2024-05-02', '2024-05-02'],
    ['2024-05-02T00:00:00', '2024-05-02'],
    ['20240502', '2024-05-02'],
    ['02-05-2024', '2024-05-02'],
    ['2-5-2024', '2024-05-02'],
    ['31-02-2024', null],
    ['', null],
    ['gisteren', null],
  ])('%s → %s', (text, iso) => expect(parseRegisterDate(text)).toBe(iso))
})

describe('which label counts', () => {
  const base: EnergyLabelRecord = {
    objectId: '0503010000003325',
    address: null,
    label: 'C',
    registeredAt: '2024-05-02',
    validUntil: '2034-05-02',
    recordedAt: null,
    buildingClass: 'W',
    yearBuilt: null,
    simplified: false,
  }
  it('discards expired labels and prefers the newest registration', () => {
    const old = { ...base, label: 'F' as const, registeredAt: '2016-03-14', validUntil: '2026-03-14' }
    const newer = { ...base, label: 'B' as const, registeredAt: '2025-01-01', validUntil: '2035-01-01' }
    expect(chooseLabel([old, base, newer], '2026-11-22')?.label).toBe('B')
    expect(chooseLabel([newer, base, old], '2026-11-22')?.label).toBe('B')
    expect(chooseLabel([old], '2026-11-22')).toBeNull()
    expect(chooseLabel([old], '2026-03-14')?.label).toBe('F')
  })
})

describe('the v5 API (PandEnergielabel/AdresseerbaarObject)', () => {
  it('parses the array answer with its API field names (Geldig_tot)', () => {
    const json = JSON.parse(
      readFileSync(fixture('api-adresseerbaarobject-0503010000003325.SYNTHETIC.json'), 'utf8'),
    )
    const { labels: read, skipped: none } = parseLabelResponse(json)
    expect(none).toEqual({})
    expect(read.map((r) => [r.label, r.registeredAt, r.validUntil, r.simplified])).toEqual([
      ['F', '2016-03-14', '2026-03-14', true],
      ['C', '2024-05-02', '2034-05-02', false],
    ])
    expect(chooseLabel(read, '2026-11-22')?.label).toBe('C')
  })
  it('reads anything but an array as no labels', () => {
    expect(parseLabelResponse({ message: 'Not found' }).labels).toEqual([])
    expect(parseLabelResponse([null, { Energieklasse: 'Q' }]).skipped).toEqual({
      malformed: 1,
      'no-label': 1,
    })
  })
})
