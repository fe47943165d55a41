import { describe, expect, it } from 'vitest'
import type { Config } from '../config.js'
import { type CrawlOutcome, failedOutcome } from '../crawl/crawl-outcome.js'
import type { Source } from '../kit/adapter.js'
import { openStore } from '../store/database.js'
import { createSourceJudge } from './judge-source.js'

const funda = { id: 'funda', kind: 'crawl' } as Source
const feed = { id: 'feed', kind: 'file' } as Source
const config = { maxRejectPercent: 20 } as Config
const searches = [{ type: 'rent' as const, cityKey: 'utrecht' }]

/** A crawl that went well: 40 listings, every search read to its last page unless `o` says otherwise. */
const ok = (o: Partial<CrawlOutcome> = {}): CrawlOutcome => ({
  ...failedOutcome(''),
  status: 'ok',
  message: null,
  errors: 0,
  pages: 44,
  listings: 40,
  complete: true,
  searches: 1,
  searchesComplete: 1,
  completedSearches: searches,
  ...o,
})

async function judgeOf(partialScope: boolean) {
  const store = await openStore(':memory:')
  return createSourceJudge(store, [funda, feed], partialScope, config)
}

describe("a source's verdict, as the publish takes it", () => {
  it('lets a whole, healthy crawl withdraw anywhere, and one over some cities only within its searches', async () => {
    expect((await judgeOf(false))(funda, ok(), null).publishAs).toEqual({
      sourceId: 'funda',
      completed: true,
      publishable: true,
      withdrawWithin: undefined,
    })
    expect((await judgeOf(true))(funda, ok(), null).publishAs).toMatchObject({
      completed: true,
      withdrawWithin: searches,
    })
    // A file is read whole whatever the cities asked for.
    expect((await judgeOf(true))(feed, ok(), null).publishAs.withdrawWithin).toBeUndefined()
  })

  it('lets a crawl that lost a list page withdraw within the searches it completed; one cut by a limit, nowhere', async () => {
    const judge = await judgeOf(false)
    const lost = judge(funda, ok({ complete: false }), null)
    expect(lost.publishAs).toMatchObject({ completed: true, withdrawWithin: searches })
    const cut = judge(funda, ok({ complete: false, truncated: true }), null)
    expect(cut.publishAs.completed).toBe(false)
  })

  it('keeps a degraded run from withdrawing, and a changed layout from publishing', async () => {
    const judge = await judgeOf(false)
    const degraded = judge(funda, ok({ listings: 10, rejected: 30 }), null)
    expect(degraded.status).toBe('degraded')
    expect(degraded.publishAs).toMatchObject({ completed: false, publishable: true })
    const layout = judge(funda, { ...failedOutcome('Layout changed?'), layoutChanged: true }, null)
    expect(layout.publishAs).toMatchObject({ completed: false, publishable: false })
  })
})
