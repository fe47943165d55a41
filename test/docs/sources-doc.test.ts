import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { describePoliteness } from '../../scripts/sources-doc/catalogue-row.js'
import { markdownTable } from '../../scripts/sources-doc/markdown-table.js'
import { transportOf } from '../../scripts/sources-doc/transport.js'
import { currentCatalogue, SOURCES_DOC } from '../../scripts/sources-doc.js'
import { findSource } from '../../sources/index.js'

describe('docs/SOURCES.md', () => {
  it('is what the registry makes of it now', () => {
    if (readFileSync(SOURCES_DOC, 'utf8') !== currentCatalogue())
      expect.fail('docs/SOURCES.md is out of date with the registry: run npm run sources-doc')
  })

  it('names each source’s transport by how its listings arrive', () => {
    const transport = (id: string) => transportOf(findSource(id)!)
    expect(['funda', 'pararius', 'kamernet', 'feed'].map(transport)).toEqual([
      'browser',
      'http',
      'json',
      'file',
    ])
  })

  it('says politeness as a rate, and the requests in flight when more than one', () => {
    expect(describePoliteness({ concurrency: 1, intervalCap: 1, interval: 4_000 })).toBe('1 req / 4 s')
    expect(describePoliteness({ concurrency: 2, intervalCap: 3, interval: 2_500 })).toBe(
      '3 req / 2.5 s, 2 at once',
    )
  })

  it('pads a table as the formatter does, and keeps a pipe inside its cell', () => {
    expect(markdownTable(['a', 'bb'], [['xxxx', 'y|z']])).toEqual([
      '| a    | bb   |',
      '| ---- | ---- |',
      '| xxxx | y\\|z |',
    ])
  })
})
