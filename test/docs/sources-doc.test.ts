import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { describePoliteness } from '../../tools/sources-doc/catalogue-row.js'
import { evidenceSection, evidenceSummary } from '../../tools/sources-doc/evidence-section.js'
import { markdownTable } from '../../tools/sources-doc/markdown-table.js'
import { transportOf } from '../../tools/sources-doc/transport.js'
import { currentCatalogue, SOURCES_DOC } from '../../tools/sources-doc.js'
import { findSource } from '../helpers/registry.js'

describe('docs/SOURCES.md', () => {
  it('is what the registry makes of it now', async () => {
    if (readFileSync(SOURCES_DOC, 'utf8') !== (await currentCatalogue()))
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

  it('counts the sources by kind of evidence and lists each under its kind, with what it declares', () => {
    const registry = ['pararius', 'wooniezie', 'feed'].map((id) => findSource(id)!)
    expect(evidenceSummary(registry)).toBe('Evidence: 1 recorded, 1 platform-format, 1 none.')
    const section = evidenceSection(registry).join('\n')
    expect(section).toContain(
      "| `pararius` | `list-delft-excerpt.html` | [danieltyukov/nl-property-finder @ 0be85d6](https://github.com/danieltyukov/nl-property-finder/blob/0be85d6b22cc91821965681f2e1f087c510a8a50/packages/sources/fixtures/pararius/search-delft.html) | 2026-09-24 | MIT (repository); the page content is Pararius's |",
    )
    expect(section).toContain('| `wooniezie` | `list-all-objects.json` | `holland-rijnland` |')
    expect(section).toMatch(/\| `feed` +\| The file format is this project's own/)
  })

  it('pads a table as the formatter does, and keeps a pipe inside its cell', () => {
    expect(markdownTable(['a', 'bb'], [['xxxx', 'y|z']])).toEqual([
      '| a    | bb   |',
      '| ---- | ---- |',
      '| xxxx | y\\|z |',
    ])
  })
})
