import { exchangeKey } from '../fetch/archive/exchange-key.js'
import { sameValidators } from '../fetch/validators.js'
import type { SourceRequest } from '../kit/adapter.js'
import type { PageMemo, PageValidators, PageYield, RecalledPage } from '../store/page-memos.repository.js'
import type { VerifiedBy } from '../store/schema.js'
import type { CrawlLimits } from './crawl-limits.js'
import type { CrawlTally } from './crawl-outcome.js'

/** A request as it was fetched: its memo key, the memo recalled for it, and its card's digest. */
export interface Asked {
  readonly request: SourceRequest
  readonly key: string
  readonly remembered: RecalledPage | undefined
  readonly cardDigest: string | null
  readonly conditional: boolean
}

/** What a crawl does with the pages it remembers from earlier runs. */
export interface MemoReplay {
  /**
   * A page whose content is what it was last time: what it yielded then, without parsing. A page fetched for it
   * counts as unchanged; one whose unchanged card stood in for it was not fetched at all.
   */
  replay(label: SourceRequest['label'], yielded: PageYield, verifiedBy: VerifiedBy, fetched?: boolean): void
  /**
   * Remembers a page again in this run though it did not change: a detail page so that the refresh rotation moves
   * on and its card is current, a list page read in full so that its memo's age starts again, and any page whose
   * validators changed (a memo from before they were kept, or a site that started sending them) so that the next
   * run can ask for a 304.
   */
  rememberAgain(asked: Asked, remembered: RecalledPage, validators?: PageValidators): void
  /**
   * A detail page that could not be read (or parsed) this time, of a listing whose card the list page still shows:
   * the listing stands as it was last read, so that a failed request never makes it look gone.
   */
  keepWhatItWas(request: SourceRequest): void
}

/** Replays a source's remembered pages into the crawl's tally, limits and `onUnchanged`. */
export function createMemoReplay(
  sourceId: string,
  memo: PageMemo | undefined,
  tally: CrawlTally,
  limits: CrawlLimits,
  onUnchanged: ((sourceListingId: string, verifiedBy: VerifiedBy) => void) | undefined,
): MemoReplay {
  const replay: MemoReplay['replay'] = (label, yielded, verifiedBy, fetched = true) => {
    if (label === 'list') limits.listPage()
    if (fetched) tally.pagesUnchanged += 1
    for (const id of yielded.listingIds) {
      if (!limits.admit(label)) break
      tally.listings += 1
      tally.unchanged += 1
      onUnchanged?.(id, verifiedBy)
    }
    limits.follow(
      yielded.requests.filter((r) => r.label === 'detail'),
      yielded.requests.find((r) => r.label === 'list'),
    )
  }
  return {
    replay,
    rememberAgain(asked, remembered, validators = remembered.validators) {
      const { request } = asked
      if (request.label === 'list' && asked.conditional && sameValidators(validators, remembered.validators))
        return
      const { runId: _runId, ...page } = remembered
      memo!.remember(sourceId, asked.key, {
        ...page,
        validators,
        label: request.label,
        cardDigest: asked.cardDigest,
      })
    },
    keepWhatItWas(request) {
      if (request.label !== 'detail') return
      const remembered = memo?.recall(sourceId, exchangeKey(request))
      if (remembered) replay('detail', remembered.yielded, 'list', false)
    },
  }
}
