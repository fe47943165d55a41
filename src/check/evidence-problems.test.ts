import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { useTempDir } from '../../test/helpers/temp-dir.js'
import type { FileSource, ListingSource, Source } from '../kit/adapter.js'
import type { Evidence } from '../kit/evidence.js'
import { evidenceProblems } from './evidence-problems.js'

const sourcesDir = useTempDir('propdata-evidence-')

/** Writes `sources/<id>/fixtures/<file>`. */
function fixture(id: string, file: string, body: unknown): void {
  mkdirSync(join(sourcesDir, id, 'fixtures'), { recursive: true })
  writeFileSync(
    join(sourcesDir, id, 'fixtures', file),
    typeof body === 'string' ? body : JSON.stringify(body),
  )
}

const site = (id: string, evidence: unknown, preset?: string): ListingSource => ({
  kind: 'crawl',
  id,
  name: id,
  homepage: `https://www.${id}.nl/`,
  render: 'http',
  politeness: { concurrency: 1, intervalCap: 1, interval: 2_000 },
  offers: ['rent'],
  terms: 'unknown',
  evidence: evidence as Evidence,
  preset,
  startRequests: () => [],
  parseListPage: () => ({ noResults: true }),
})

const RECORDED = {
  kind: 'recorded',
  fixture: 'list-all.json',
  repository: 'someone/recordings',
  path: 'fixtures/portal/all.json',
  commit: 'c03c3bb77709ca194b04e60469b26eb56bd6d2f8',
  recorded: '2026-09',
  licence: 'MIT (repository); the content is the portal’s',
} as const

fixture('portal', 'list-all.json', [{ id: 1, address: { street: 'Breestraat', number: 1 } }])
fixture('portal', 'detail-1.html', '<h1>Breestraat 1</h1>')
fixture('twin', 'list-all.json', [{ id: 2, address: { street: 'Haarlemmerstraat', number: 5 } }])
fixture('inventive', 'list-all.json', [{ id: 3, address: { street: 'Steenstraat' }, garden: true }])
const portal = site('portal', RECORDED, 'zig')
const problemsOf = (source: Source, registry: readonly Source[] = [portal, source]) =>
  evidenceProblems(source, registry, sourcesDir)

describe('a source’s evidence', () => {
  it('holds when recorded says where, when and under which licence, of a list page it has', () => {
    expect(problemsOf(portal)).toEqual([])
    const url = { kind: 'recorded', fixture: 'list-all.json', url: 'https://www.portal.nl/all.json' }
    expect(
      problemsOf(site('portal', { ...url, recorded: '2026-09-24', licence: 'the site’s content' })),
    ).toEqual([])
  })

  it('is missing, or of no known kind', () => {
    expect(problemsOf(site('portal', undefined))).toEqual(['evidence: missing'])
    expect(problemsOf(site('portal', { kind: 'seen' }))).toEqual([
      'evidence.kind: "seen" is not one of recorded, platform-format, none',
    ])
  })

  it('recorded needs where, when and a licence', () => {
    const { repository: _r, path: _p, commit: _c, ...nowhere } = RECORDED
    expect(problemsOf(site('portal', nowhere))).toEqual([
      'evidence: must say where it was recorded: url, or repository, path and commit',
    ])
    expect(problemsOf(site('portal', { ...RECORDED, commit: 'c03c3bb' }))).toEqual([
      'evidence.commit: must be a full commit hash (40 hexadecimal digits)',
    ])
    const { recorded: _w, licence: _l, ...unsaid } = RECORDED
    expect(problemsOf(site('portal', unsaid))).toEqual([
      'evidence.recorded: missing',
      'evidence.licence: missing',
    ])
  })

  it('recorded is a real past day, month or year', () => {
    for (const when of ['2026-09-24', '2026-09', '2026'])
      expect(problemsOf(site('portal', { ...RECORDED, recorded: when }))).toEqual([])
    for (const when of ['24-09-2026', '2026-02-30', '2026-13', 'YYYY-MM-DD', '2999-01-01'])
      expect(problemsOf(site('portal', { ...RECORDED, recorded: when })), when).toEqual([
        'evidence.recorded: must be a past date as yyyy-mm-dd, or yyyy-mm or yyyy when no more is known',
      ])
  })

  it('names a list page the source has in its fixtures', () => {
    expect(problemsOf(site('portal', { ...RECORDED, fixture: 'list-TODO.html' }))).toEqual([
      'evidence: fixture list-TODO.html is not in sources/portal/fixtures/',
    ])
    expect(problemsOf(site('portal', { ...RECORDED, fixture: 'detail-1.html' }))).toEqual([
      'evidence: fixture detail-1.html is not a list page (list-*.html or .json)',
    ])
  })

  it('platform-format follows a registered recording on the same preset', () => {
    const twin = (follows: string, preset = 'zig') =>
      site('twin', { kind: 'platform-format', fixture: 'list-all.json', follows }, preset)
    expect(problemsOf(twin('portal'))).toEqual([])
    expect(problemsOf(twin('twin'))).toEqual([
      'evidence: follows names the source itself: a recorded source says recorded',
    ])
    expect(problemsOf(twin('elsewhere'))).toEqual([
      'evidence: follows elsewhere, which is not a registered source',
    ])
    expect(problemsOf(twin('portal', 'ogonline'))).toEqual(['evidence: follows portal, on zig, not ogonline'])
    const unrecorded = site('unrecorded', { kind: 'none', why: 'Synthetic.' }, 'zig')
    expect(problemsOf(twin('unrecorded'), [unrecorded, twin('unrecorded')])).toEqual([
      'evidence: follows unrecorded, whose evidence is none, not recorded',
    ])
  })

  it('platform-format uses no JSON key the recording it follows never shows', () => {
    const inventive = site(
      'inventive',
      { kind: 'platform-format', fixture: 'list-all.json', follows: 'portal' },
      'zig',
    )
    expect(problemsOf(inventive)).toEqual([
      "evidence: fixture list-all.json has keys portal's recording never shows: [].garden",
    ])
  })

  it('none says why', () => {
    expect(
      problemsOf(site('portal', { kind: 'none', why: 'A synthetic page: the site was never recorded.' })),
    ).toEqual([])
    expect(problemsOf(site('portal', { kind: 'none', why: ' ' }))).toEqual(['evidence.why: missing'])
    expect(problemsOf(site('portal', { kind: 'none' }))).toEqual(['evidence.why: missing'])
  })

  it('of a file source names an input file', () => {
    fixture('partner', 'partner.csv', 'source_listing_id\n1\n')
    const file: FileSource = {
      kind: 'file',
      id: 'partner',
      name: 'Partner',
      description: 'a partner file',
      offers: ['rent'],
      terms: 'allows',
      evidence: { ...RECORDED, fixture: 'partner.csv' },
      formats: ['csv'],
      requiredColumns: [],
      parseRecord: () => {
        throw new Error('not read here')
      },
    }
    expect(problemsOf(file)).toEqual([])
    expect(problemsOf({ ...file, evidence: { ...RECORDED, fixture: 'list-all.json' } })).toEqual([
      'evidence: fixture list-all.json is not in sources/partner/fixtures/',
    ])
  })
})
