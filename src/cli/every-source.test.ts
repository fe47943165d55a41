import { describe, expect, it } from 'vitest'
import type { FileSource, ListingSource, Terms } from '../kit/adapter.js'
import { leftOutLine } from '../pipeline/left-out.js'
import { type SelectionContext, selectEverySource } from './every-source.js'

const site = (id: string, terms: Terms): ListingSource => ({
  kind: 'crawl',
  id,
  name: id,
  homepage: `https://www.${id}.nl/`,
  render: 'http',
  politeness: { concurrency: 1, intervalCap: 1, interval: 2_000 },
  offers: ['rent'],
  terms,
  evidence: { kind: 'none', why: 'A test source.' },
  startRequests: () => [],
  parseListPage: () => ({ noResults: true }),
})

const feed: FileSource = {
  kind: 'file',
  id: 'feed',
  name: 'Feed',
  description: 'a partner file',
  offers: ['rent'],
  terms: 'allows',
  evidence: { kind: 'none', why: 'A test source.' },
  formats: ['csv'],
  requiredColumns: [],
  parseRecord: () => {
    throw new Error('not read here')
  },
}

const REGISTRY = [site('open', 'allows'), site('closed', 'forbids'), site('unclear', 'unknown'), feed]
const select = (context: Partial<SelectionContext>) =>
  selectEverySource(REGISTRY, { mode: 'live', retired: new Set(), ...context })
const ids = (result: ReturnType<typeof select>) => result.sources.map((s) => s.id)

describe('the sources a run over every source reads', () => {
  it('leaves a site whose terms forbid collection out of a live run, and says how to crawl it', () => {
    const result = select({ mode: 'live' })
    expect(ids(result)).toEqual(['open', 'unclear'])
    expect(result.leftOut.map(leftOutLine)).toEqual([
      'closed: left out: its terms forbid automated collection (name it with --sources to crawl it)',
    ])
  })

  it('replays every site whatever its terms: reading an archive is not crawling', () => {
    for (const mode of ['replay', 'sample'] as const) {
      const result = select({ mode })
      expect(ids(result), mode).toEqual(['open', 'closed', 'unclear'])
      expect(result.leftOut, mode).toEqual([])
    }
  })

  it('leaves a retired source out with that reason first, in any mode', () => {
    const result = select({ mode: 'live', retired: new Set(['open', 'closed']) })
    expect(ids(result)).toEqual(['unclear'])
    expect(result.leftOut).toEqual([
      { source: 'open', reason: 'retired (name it with --sources to run it again)' },
      { source: 'closed', reason: 'retired (name it with --sources to run it again)' },
    ])
  })

  it('never picks a file source, which has nothing to read without its file, and does not call that leaving out', () => {
    expect(ids(select({ mode: 'replay' }))).not.toContain('feed')
    expect(select({ mode: 'live' }).leftOut.map((l) => l.source)).not.toContain('feed')
  })
})
