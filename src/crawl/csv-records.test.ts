import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { useTempDir } from '../../test/helpers/temp-dir.js'
import { readCsvRecords, splitCsvLine } from './csv-records.js'

const dir = useTempDir()

/** Every record and problem of `text` read as a file, records as `line: values`. */
async function read(text: string, delimiter = ',', lineBreak: '\n' | '\r\n' = '\n') {
  const path = join(dir, 'f.csv')
  writeFileSync(path, text)
  const out: string[] = []
  const limits = { maxLines: 3, maxBytes: 1000 }
  for await (const item of readCsvRecords(path, { delimiter, lineBreak, limits, columns: (h) => h })) {
    out.push(
      'problem' in item ? `${item.line}! ${item.problem}` : `${item.line}: ${JSON.stringify(item.record)}`,
    )
  }
  return out
}

describe('splitting a CSV line', () => {
  it.each<[string, string[] | null]>([
    ['a,b,c', ['a', 'b', 'c']],
    [' a , b ,c ', ['a', 'b', 'c']],
    ['"a,b", "say ""hi""" ,c', ['a,b', 'say "hi"', 'c']],
    ['a,,', ['a', '', '']],
    ['"",x', ['', 'x']],
    ['a,"open', null],
    ['a,b"c', null],
    ['"a" b,c', null],
  ])('%j → %j', (line, fields) => {
    expect(splitCsvLine(line, ',')).toEqual(fields)
  })

  it('splits at the delimiter it is given, keeping tabs inside a value when they are the delimiter', () => {
    expect(splitCsvLine('a;"b;c";d', ';')).toEqual(['a', 'b;c', 'd'])
    expect(splitCsvLine('a\t b \t"c"', '\t')).toEqual(['a', 'b', 'c'])
  })
})

describe('reading CSV records', () => {
  it('names values by the header, keeps a quoted line break, skips blank lines and drops a byte-order mark', async () => {
    expect(await read('\uFEFFid,note\r\n1,"two\r\nlines"\r\n\r\n2,x\r\n', ',', '\r\n')).toEqual([
      '2: {"id":"1","note":"two\\r\\nlines"}',
      '5: {"id":"2","note":"x"}',
    ])
  })

  it('leaves out values the header has no column for, and columns the row has no value for', async () => {
    expect(await read('a,b\n1,2,3\n4\n')).toEqual(['2: {"a":"1","b":"2"}', '3: {"a":"4"}'])
  })

  it('takes a quote still open after the limit for one never closed, and reads the lines after it again', async () => {
    expect(await read('a,b\n1,"x\n2,y\n3,z\n4,w\n')).toEqual([
      '2! a quote opened on this line is still open after 3 lines; lines 3–4 are read again as rows',
      '3: {"a":"2","b":"y"}',
      '4: {"a":"3","b":"z"}',
      '5: {"a":"4","b":"w"}',
    ])
  })
})
