import { spawn } from 'node:child_process'
import { closeSync, openSync, writeFileSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { PROJECT_ROOT } from '../../src/config.js'
import { useTempDir } from '../helpers/temp-dir.js'

/** The child's heap: below the size of the big files, so a reader that buffers a whole file or line dies. */
const HEAP_MB = 64
const dir = useTempDir('propdata-feed-')
const HEADER = 'source_listing_id,url,type,price,surface_area,street,house_number,postcode,city\n'
const csvRow = (id: string, street = 'Blasiusstraat') =>
  `${id},https://partner.example/aanbod/${id},rent,1250,64,${street},8-2,1091 CR,Amsterdam\n`
const jsonRow = (id: string, street = 'Blasiusstraat') =>
  `${JSON.stringify({ source_listing_id: id, url: `https://partner.example/aanbod/${id}`, type: 'rent', price: 1250, surface_area: 64, street, house_number: '8-2', postcode: '1091 CR', city: 'Amsterdam' })}\n`

/** Bytes that look like nothing: every value but the line breaks, in a fixed pseudo-random order. */
const GARBAGE = Buffer.from(
  Array.from({ length: 1 << 20 }, (_, i) => ((i * 7919 + 13) % 256 === 10 ? 0 : (i * 7919 + 13) % 256)),
)
const NO_BREAKS = Buffer.from(GARBAGE.map((b) => (b === 13 ? 32 : b)))

/** Writes a small file of the given lines. */
function writeLines(name: string, ...lines: string[]): string {
  const path = join(dir, name)
  writeFileSync(path, lines.join(''))
  return path
}
const rows = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => csvRow(`A${from + i}`))
const ids = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `A${from + i}`)

/** Writes `head`, then `repeat` copies of `middle`, then `tail`, without building the file in memory. */
function writeBig(name: string, head: string, middle: Buffer | string, repeat: number, tail: string): string {
  const path = join(dir, name)
  const fd = openSync(path, 'w')
  writeSync(fd, head)
  for (let i = 0; i < repeat; i++) writeSync(fd, middle as Buffer)
  writeSync(fd, tail)
  closeSync(fd)
  return path
}

interface ReadResult {
  status: string
  message: string | null
  rejected: number
  listings: string[]
  rejects: string[]
  peakHeapMb: number
}
const results = new Map<string, ReadResult>()

const FILES: Record<string, () => string> = {
  // 48 MB of rows just under the 1 MB record limit, each rejected (its price is words): streamed, not loaded.
  'huge.csv': () =>
    writeBig(
      'huge.csv',
      HEADER + csvRow('A1'),
      `B,u,rent,${'lots '.repeat(180_000)},1,S,1,1091 CR,Amsterdam\n`,
      53,
      csvRow('A2'),
    ),
  'huge.jsonl': () =>
    writeBig(
      'huge.jsonl',
      jsonRow('A1'),
      `{"source_listing_id":"B","price":"${'lots '.repeat(180_000)}"}\n`,
      53,
      jsonRow('A2'),
    ),
  'line of 10 MB.csv': () =>
    writeBig('line10.csv', HEADER + csvRow('A1'), 'x'.repeat(1_000_000), 10, `\n${csvRow('A2')}`),
  'line of 10 MB.jsonl': () =>
    writeBig('line10.jsonl', jsonRow('A1'), 'x'.repeat(1_000_000), 10, `\n${jsonRow('A2')}`),
  '80 MB without a line break.jsonl': () =>
    writeBig('no-breaks.jsonl', jsonRow('A1'), NO_BREAKS, 80, `\n${jsonRow('A2')}`),
  '48 MB of binary garbage.csv': () =>
    writeBig('garbage.csv', HEADER + csvRow('A1'), GARBAGE, 48, `\n${csvRow('A2')}`),
  'Latin-1.csv': () => {
    const path = join(dir, 'latin1.csv')
    writeFileSync(
      path,
      Buffer.from(HEADER + csvRow('A1') + csvRow('A2', 'Rue de la Paix é') + csvRow('A3'), 'latin1'),
    )
    return path
  },
  'UTF-16.csv': () => {
    const path = join(dir, 'utf16.csv')
    writeFileSync(
      path,
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(HEADER + csvRow('A1'), 'utf16le')]),
    )
    return path
  },
  'binary.csv': () => writeBig('binary.csv', '', GARBAGE, 5, ''),
  // A quote opened on line 8 runs until the quoted street of the valid row on line 12 closes it, mid-value.
  'a quote closed by a later row.csv': () =>
    writeLines(
      'quote-closed.csv',
      HEADER,
      ...rows(1, 6),
      csvRow('A7', '"Blasiusstraat'),
      ...rows(8, 10),
      csvRow('A11', '"Blasiusstraat"'),
      csvRow('A12'),
    ),
  'a quote never closed.csv': () =>
    writeLines('quote-open.csv', HEADER, csvRow('A1'), csvRow('A2', '"Blasiusstraat'), ...rows(3, 5)),
  // Past the limit of lines before the stray quote on line 154 would have closed it at the end of its line.
  'a quote open over 150 lines.csv': () =>
    writeLines(
      'quote-long.csv',
      HEADER,
      csvRow('A1'),
      csvRow('A2', '"Blasiusstraat'),
      ...rows(3, 152),
      csvRow('A153').replace('\n', '"\n'),
    ),
  // A partner's own note column: a note may run over lines, but not over rows that are valid on their own.
  'a quoted note over rows.csv': () =>
    writeLines(
      'quote-note.csv',
      HEADER.replace('\n', ',note\n'),
      csvRow('A1').replace('\n', ',"Mooi huis,\nmet ""tuin"""\n'),
      csvRow('A2').replace('\n', ',"begins\n'),
      ...rows(3, 4),
      csvRow('A5').replace('\n', ',ends"\n'),
    ),
  'BOM and CRLF.csv': () => {
    const path = join(dir, 'bom-crlf.csv')
    writeFileSync(path, `\uFEFF${(HEADER + csvRow('A1') + csvRow('A2')).replaceAll('\n', '\r\n')}`)
    return path
  },
}

beforeAll(async () => {
  const paths = Object.fromEntries(Object.entries(FILES).map(([name, make]) => [make(), name]))
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        `--max-old-space-size=${HEAP_MB}`,
        '--import',
        'tsx',
        join(import.meta.dirname, 'read-feed-child.ts'),
        ...Object.keys(paths),
      ],
      { cwd: PROJECT_ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    )
    let out = ''
    let err = ''
    child.stdout.on('data', (d: Buffer) => {
      out += d
    })
    child.stderr.on('data', (d: Buffer) => {
      err += d
    })
    child.on('close', (code) =>
      code === 0
        ? resolve(out)
        : reject(new Error(`reader child exited ${code}:\n${out}\n${err.slice(-3000)}`)),
    )
  })
  for (const line of output.trim().split('\n')) {
    const result = JSON.parse(line) as ReadResult & { path: string }
    results.set(paths[result.path]!, result)
  }
}, 120_000)

describe(`the feed reader on hostile files (in a child with a ${HEAP_MB} MB heap)`, () => {
  it('streams files larger than its heap: every bad row a reject, the good rows on either side arrive', () => {
    for (const name of ['huge.csv', 'huge.jsonl']) {
      expect(results.get(name), name).toMatchObject({ status: 'ok', listings: ['A1', 'A2'], rejected: 53 })
      // The reason quotes the bad value, clipped: 53 rejects of 900 KB each would not fit the heap.
      expect(results.get(name)!.rejects[0]).toMatch(
        /^line [23]: price: "lots lots .{400,}… \(\d{6} characters\)$/,
      )
    }
  })

  it('skips a line of 10 MB, or of 80 MB without any line break, with its line number; the next row arrives', () => {
    for (const name of ['line of 10 MB.csv', 'line of 10 MB.jsonl', '80 MB without a line break.jsonl']) {
      const result = results.get(name)!
      expect(result, name).toMatchObject({ status: 'ok', listings: ['A1', 'A2'], rejected: 1 })
      expect(result.rejects[0], name).toMatch(/^line \d: longer than 1000000 bytes$/)
    }
  })

  it('rejects binary garbage in the middle of a file without losing the rows after it', () => {
    expect(results.get('48 MB of binary garbage.csv')).toMatchObject({ status: 'ok', listings: ['A1', 'A2'] })
  })

  it('rejects only the rows a Latin-1 file mangles, saying why', () => {
    const result = results.get('Latin-1.csv')!
    expect(result).toMatchObject({ status: 'ok', listings: ['A1', 'A3'], rejected: 1 })
    expect(result.rejects[0]).toMatch(/^line 3: street: not valid UTF-8 text \(the file may be Latin-1/)
  })

  it('rejects a quote that runs over rows at the line it opened, and reads the rows after it', () => {
    expect(results.get('a quote closed by a later row.csv')).toMatchObject({
      status: 'ok',
      listings: [...ids(1, 6), ...ids(8, 12)],
      rejects: [
        'line 8: a quote opened on this line is closed on line 12 by a broken row (text after a closing quote); lines 9–12 are read again as rows',
      ],
    })
    expect(results.get('a quote never closed.csv')).toMatchObject({
      status: 'ok',
      listings: ['A1', 'A3', 'A4', 'A5'],
      rejects: ['line 3: a quote opened on this line is never closed; lines 4–6 are read again as rows'],
    })
    expect(results.get('a quote open over 150 lines.csv')).toMatchObject({
      status: 'ok',
      listings: ['A1', ...ids(3, 152)],
      rejects: [
        'line 3: a quote opened on this line is still open after 100 lines; lines 4–102 are read again as rows',
        'line 154: not a CSV row: a quote inside an unquoted value',
      ],
    })
  })

  it('keeps a quoted value over lines, unless a row valid on its own is inside it', () => {
    expect(results.get('a quoted note over rows.csv')).toMatchObject({
      status: 'ok',
      listings: ['A1', 'A3', 'A4'],
      rejects: [
        'line 4: a quoted value opened on this line runs over line 5, a row of its own (lines 5–7 are read again as rows)',
        'line 7: not a CSV row: a quote inside an unquoted value',
      ],
    })
  })

  it('fails a file it cannot read at all with a clear message, and reads a BOM with CRLF line ends', () => {
    expect(results.get('UTF-16.csv')).toMatchObject({
      status: 'failed',
      message: expect.stringMatching(/^Missing columns: /),
    })
    expect(results.get('binary.csv')).toMatchObject({
      status: 'failed',
      message: expect.stringMatching(/^(Missing columns|No records|Every record)/),
    })
    expect(results.get('BOM and CRLF.csv')).toMatchObject({
      status: 'ok',
      listings: ['A1', 'A2'],
      rejected: 0,
    })
  })

  it('keeps the heap flat whatever the file', () => {
    for (const [name, result] of results) expect(result.peakHeapMb, name).toBeLessThan(HEAP_MB)
  })
})
