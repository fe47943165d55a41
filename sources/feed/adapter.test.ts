import { spawnSync } from 'node:child_process'
import { createWriteStream, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { PROJECT_ROOT } from '../../src/config.js'
import { readFileSource } from '../../src/crawl/read-file-source.js'
import type { Listing } from '../../src/kit/index.js'
import { useTempDir } from '../../test/helpers/temp-dir.js'
import feed from './adapter.js'

const dir = useTempDir('propdata-feed-')

const HEADER =
  'source_listing_id,url,type,price,surface_area,street,house_number,postcode,city,energy_label,year_built,rooms,listed_at'
const row = (i: number) =>
  `P-${i},https://partner.example/aanbod/p-${i},buy,${300_000 + i},${40 + (i % 90)},Blasiusstraat,${1 + (i % 200)}-${1 + (i % 4)},1091 CR,Amsterdam,C,1905,3,2026-11-02`

const LONG_PATH = `/aanbod/${'amsterdam-oud-west-kinkerbuurt-'.repeat(9)}`

async function read(name: string, content: string | Buffer) {
  const path = join(dir, name)
  writeFileSync(path, content)
  const listings: Listing[] = []
  const rejects: string[] = []
  const outcome = await readFileSource(feed, path, {
    onListing: (l) => listings.push(l),
    onReject: (r) => rejects.push(r.reason),
  })
  return { outcome, listings, rejects }
}

describe('feed: a file as a whole', () => {
  it('fails the source on an empty file, so its previous listings are kept', async () => {
    for (const content of ['', '   \n\n']) {
      const { outcome } = await read('empty.csv', content)
      expect(outcome).toMatchObject({
        status: 'failed',
        message: expect.stringMatching(/empty/),
        complete: false,
      })
    }
  })
  it('fails on a header without required columns, naming them', async () => {
    const { outcome, listings } = await read(
      'cols.csv',
      'source_listing_id,url,type,price\nA,https://x.example/a,buy,1\n',
    )
    expect(outcome.status).toBe('failed')
    expect(outcome.message).toMatch(/Missing columns: surface_area, street, house_number, postcode, city/)
    expect(listings).toEqual([])
  })
  it('fails on a header with no rows, and on a file whose every row is rejected', async () => {
    expect((await read('header.csv', `${HEADER}\n`)).outcome).toMatchObject({ status: 'failed' })
    const bad = await read('bad.csv', `${HEADER}\nX,nope,sell,abc,,,,,,,,,\n`)
    expect(bad.outcome).toMatchObject({ status: 'failed', rejected: 1 })
    expect(bad.outcome.message).toMatch(/Every record \(1\) was rejected/)
  })
  it('fails on a missing file and when no file is given', async () => {
    const missing = await readFileSource(feed, join(dir, 'nope.csv'), {
      onListing: () => {},
      onReject: () => {},
    })
    expect(missing).toMatchObject({ status: 'failed', message: expect.stringMatching(/Cannot read/) })
    const none = await readFileSource(feed, undefined, { onListing: () => {}, onReject: () => {} })
    expect(none.message).toMatch(/pass --feed FILE/)
  })
})

describe('feed: hostile rows', () => {
  it('rejects a bad row with its line and reasons, and keeps the good ones', async () => {
    const { outcome, listings, rejects } = await read(
      'mixed.csv',
      [
        HEADER,
        row(1),
        'P-2,https://p.example/2,buy,1e6,70,X,1,1091 CR,Amsterdam,,,,',
        row(3),
        'P-4,https://p.example/4',
      ].join('\n'),
    )
    expect(outcome).toMatchObject({ status: 'ok', listings: 2, rejected: 2, message: '2 records rejected' })
    expect(listings.map((l) => l.sourceListingId)).toEqual(['P-1', 'P-3'])
    expect(rejects).toEqual(['line 3: price: "1e6" is not a number', 'line 5: type: missing; city: missing'])
  })
  it('rejects a postcode, house number or date that is there but malformed, and keeps one left empty', async () => {
    const { listings, rejects } = await read(
      'malformed.csv',
      [
        HEADER,
        row(1).replace('1091 CR', 'NOPE'),
        row(2).replace(/,\d+-\d,/, ',bis,'),
        row(3).replace('2026-11-02', 'gisteren'),
        row(4).replace('1091 CR', '').replace('2026-11-02', ''),
      ].join('\n'),
    )
    expect(rejects).toEqual([
      'line 2: postcode: "NOPE" is not a Dutch postcode',
      'line 3: houseNumber: "bis" is not a house number',
      'line 4: listedAt: "gisteren" is not a date',
    ])
    expect(listings).toMatchObject([{ sourceListingId: 'P-4', postcode: null, listedAt: null }])
  })
  it('rejects text that is not UTF-8 (a Latin-1 export) row by row', async () => {
    const latin1 = Buffer.concat([
      Buffer.from(`${HEADER}\n${row(1)}\n`),
      Buffer.from('P-2,https://p.example/2,buy,350000,70,Stra\xdfe,1,1091 CR,M\xfcnster,,,,\n', 'latin1'),
    ])
    const { listings, rejects } = await read('latin1.csv', latin1)
    expect(listings).toHaveLength(1)
    expect(rejects).toEqual([expect.stringMatching(/^line 3: street: not valid UTF-8/)])
  })
  it('rejects JSON Lines that are not JSON objects, and reads the rest', async () => {
    const good = JSON.stringify(
      Object.fromEntries(HEADER.split(',').map((c, i) => [c, row(7).split(',')[i]])),
    )
    const { listings, rejects } = await read('mixed.jsonl', `${good}\n{oops\n[1,2]\n\n"text"\n${good}\n`)
    expect(listings).toHaveLength(2)
    expect(rejects).toEqual([
      expect.stringMatching(/^line 2: not valid JSON/),
      'line 3: not a JSON object',
      'line 5: not a JSON object',
    ])
  })
  it('stores at most the configured number of rejects and counts the rest', async () => {
    const path = join(dir, 'many-bad.csv')
    writeFileSync(path, [HEADER, row(1), ...Array.from({ length: 50 }, (_, i) => `B-${i},x,buy`)].join('\n'))
    const rejects: string[] = []
    const outcome = await readFileSource(feed, path, {
      onListing: () => {},
      onReject: (r) => rejects.push(r.reason),
      maxReportedRejects: 10,
    })
    expect(rejects).toHaveLength(10)
    expect(outcome).toMatchObject({
      status: 'ok',
      rejected: 50,
      message: '50 records rejected (the first 10 are listed)',
    })
  })
})

describe('feed: a 50 MB file', () => {
  it('is streamed record by record: it reads in a process whose heap is smaller than the file', async () => {
    const path = join(dir, 'big.csv')
    const out = createWriteStream(path)
    out.write(`${HEADER}\n`)
    let bytes = 0
    let rows = 0
    while (bytes < 50 * 1024 * 1024) {
      // Long URLs make long rows: 50 MB in about 120,000 records, so the test stays quick.
      const chunk = `${Array.from({ length: 1000 }, (_, k) => row(rows + k).replace('/aanbod/', LONG_PATH)).join('\n')}\n`
      rows += 1000
      bytes += chunk.length
      if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()))
    }
    await new Promise<void>((r) => out.end(() => r()))
    // Reading it whole would need the 50 MB as text and then every record as objects: several times the limit.
    const script = join(dir, 'read-big.mts')
    writeFileSync(
      script,
      [
        `import { readFileSource } from ${JSON.stringify(pathToFileURL(join(PROJECT_ROOT, 'src/crawl/read-file-source.ts')).href)}`,
        `import feed from ${JSON.stringify(pathToFileURL(join(PROJECT_ROOT, 'sources/feed/adapter.ts')).href)}`,
        `const o = await readFileSource(feed, ${JSON.stringify(path)}, { onListing: () => {}, onReject: () => {} })`,
        'console.log(JSON.stringify({ status: o.status, listings: o.listings, rejected: o.rejected }))',
      ].join('\n'),
    )
    const child = spawnSync(process.execPath, ['--max-old-space-size=64', '--import', 'tsx', script], {
      cwd: PROJECT_ROOT,
      encoding: 'utf8',
    })
    expect(child.status, child.stderr).toBe(0)
    expect(JSON.parse(child.stdout)).toEqual({ status: 'ok', listings: rows, rejected: 0 })
  }, 120_000)
})
