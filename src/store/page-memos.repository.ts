import { createHash } from 'node:crypto'
import type { SourceRequest } from '../kit/adapter.js'
import type { Store } from './database.js'
import { param, prepareQuery } from './prepared.js'

/** The validators a page came with (its `ETag` and `Last-Modified`), null where none was sent. */
export interface PageValidators {
  readonly etag: string | null
  readonly lastModified: string | null
}

/** What a parsed page gave the crawl: the listings it held or led to, and the requests it enqueued. */
export interface PageYield {
  /** Source ids of the listings accepted from the page itself (a detail page's one, or a list's inline ones). */
  readonly listingIds: readonly string[]
  readonly requests: readonly SourceRequest[]
}

/**
 * A page as it was last parsed: its content digest, the validators it came with, what it yielded, whether it is a
 * list or a detail page, and for a detail page the digest of the search card that led to it (null without one).
 */
export interface RememberedPage {
  readonly digest: string
  readonly validators: PageValidators
  readonly yielded: PageYield
  readonly label: 'list' | 'detail' | null
  readonly cardDigest: string | null
}

/** A remembered page as recalled, with the run that last read it. */
export interface RecalledPage extends RememberedPage {
  readonly runId: number
}

/**
 * Which remembered pages a source's crawl reads again whatever their validators or cards say: `due`, the page keys
 * of the detail pages read longest ago, and list pages whose memo was written in run `listStaleUpTo` or before.
 */
export interface RefreshPlan {
  readonly due: ReadonlySet<string>
  readonly listStaleUpTo: number
}

/**
 * Pages seen before. When a page comes back with the same content, or the site answers 304 Not Modified to its
 * validators (and the parser and BAG are the same), the crawl reuses what it yielded last time: no parse, no
 * validation, no normalising or resolving; the listings are staged again from their stored observations,
 * unchanged, so nothing downstream is rewritten either.
 */
export interface PageMemo {
  /** The content digest a page is remembered by. */
  digest(body: string): string
  /** The page as last parsed, or undefined when it is new, its memo is out of date, or its listings are gone. */
  recall(sourceId: string, pageKey: string): RecalledPage | undefined
  /** Remembers a parsed page; it counts only if the run publishes the source. */
  remember(sourceId: string, pageKey: string, page: RememberedPage): void
  /**
   * The refresh rotation of a source, at its crawl's start: the detail pages of its active listings read longest
   * ago, as many as spread them all over `refreshNights` runs, and the list pages not read in full for that many of
   * its published runs. So every page is read again within about `refreshNights` nights, whatever cards and
   * validators say.
   */
  refreshPlan(sourceId: string, refreshNights: number): RefreshPlan
  /** Writes what was remembered, and drops the memos recall found stale (call before publish). */
  flush(): void
}

/**
 * Bump when parsing, validation, normalisation or resolution change what a page turns into: every memo then misses
 * once and the pages are parsed again.
 */
const MEMO_VERSION = '1'

/** A memo over the store for one run; `validity` ties memos to the parser version and the loaded BAG. */
export function createPageMemo(store: Store, runId: number): PageMemo {
  const { db, sqlite } = store
  const bagStand =
    (sqlite.prepare("select value from meta where key = 'bag_stand_date'").pluck().get() as
      | string
      | undefined) ?? 'none'
  const validity = `${MEMO_VERSION}|${bagStand}`
  // Memos of runs that published their source; the rest were left by runs that crashed or were not published.
  const published = new Set(
    (
      sqlite.prepare('select run_id, source_id from page_memo_publications').all() as {
        run_id: number
        source_id: string
      }[]
    ).map((p) => `${p.run_id}|${p.source_id}`),
  )
  const lookup = prepareQuery<
    { source_id: string; page_key: string },
    {
      run_id: number
      content_hash: string
      validity: string
      yielded_json: string
      etag: string | null
      last_modified: string | null
      label: 'list' | 'detail' | null
      card_hash: string | null
    }
  >(
    sqlite,
    db
      .selectFrom('page_memos')
      .select([
        'run_id',
        'content_hash',
        'validity',
        'yielded_json',
        'etag',
        'last_modified',
        'label',
        'card_hash',
      ])
      .where('source_id', '=', param('source_id'))
      .where('page_key', '=', param('page_key'))
      .orderBy('run_id', 'desc'),
  )
  const observed = prepareQuery<{ source_id: string; source_listing_id: string }, { id: number }>(
    sqlite,
    db
      .selectFrom('observations')
      .select('id')
      .where('source_id', '=', param('source_id'))
      .where('source_listing_id', '=', param('source_listing_id')),
  )
  const insert = prepareQuery<Record<string, unknown>>(
    sqlite,
    db
      .insertInto('page_memos')
      .values({
        run_id: param('run_id'),
        source_id: param('source_id'),
        page_key: param('page_key'),
        content_hash: param('content_hash'),
        validity: param('validity'),
        yielded_json: param('yielded_json'),
        etag: param('etag'),
        last_modified: param('last_modified'),
        label: param('label'),
        card_hash: param('card_hash'),
      })
      .onConflict((oc) => oc.doNothing()),
  )
  const drop = prepareQuery<{ source_id: string; page_key: string; run_id: number }>(
    sqlite,
    db
      .deleteFrom('page_memos')
      .where('source_id', '=', param('source_id'))
      .where('page_key', '=', param('page_key'))
      .where('run_id', '=', param('run_id')),
  )
  // The detail pages of a source's active listings with the run that last read each, longest ago first.
  const readIn = sqlite.prepare<{ source_id: string; validity: string }, { page_key: string }>(
    `select m.page_key, max(m.run_id) as read_in
       from page_memos m join page_memo_publications p on p.run_id = m.run_id and p.source_id = m.source_id
      where m.source_id = @source_id and m.label = 'detail' and m.validity = @validity
        and exists (select 1 from observations o
                     where o.source_id = m.source_id and o.status = 'active'
                       and o.source_listing_id = m.yielded_json ->> '$.listingIds[0]')
      group by m.page_key
      order by read_in, m.page_key`,
  )
  const publishedRuns = sqlite
    .prepare<[string], number>(
      'select run_id from page_memo_publications where source_id = ? order by run_id desc',
    )
    .pluck()
  const anyFor = sqlite
    .prepare<[string], number>('select 1 from page_memos where source_id = ? limit 1')
    .pluck()
  // A source's first run has no memos: skip the lookups rather than miss on every page.
  const hasMemos = new Map<string, boolean>()
  const buffer: Record<string, unknown>[] = []
  // Memos seen in recall that no longer count: older than the page's newest published one, or a dead run's.
  const stale: { source_id: string; page_key: string; run_id: number }[] = []
  const write = sqlite.transaction(() => {
    for (const row of buffer.splice(0)) insert.run(row)
    for (const row of stale.splice(0)) drop.run(row)
  })
  const flush = () => {
    if (buffer.length > 0 || stale.length > 0) write()
  }
  return {
    digest: (body) => createHash('sha1').update(body).digest('base64url'),
    recall(sourceId, pageKey) {
      const known = hasMemos.get(sourceId) ?? anyFor.get(sourceId) !== undefined
      hasMemos.set(sourceId, known)
      if (!known) return undefined
      // The newest memo of a run that published the source: a dead run's memo does not hide the one before it.
      // The others are dropped with the next flush, so that a page keeps at most two (the one that counts, and the
      // one this run may write) from one night to the next, without a sweep over every memo.
      const memos = lookup.all({ source_id: sourceId, page_key: pageKey })
      const memo = memos.find((m) => published.has(`${m.run_id}|${sourceId}`))
      for (const m of memos)
        if (m !== memo && m.run_id !== runId)
          stale.push({ source_id: sourceId, page_key: pageKey, run_id: m.run_id })
      if (!memo || memo.validity !== validity) return undefined
      const yielded = JSON.parse(memo.yielded_json) as PageYield
      // A listing withdrawn and purged, or never published: parse the page again.
      for (const id of yielded.listingIds)
        if (!observed.get({ source_id: sourceId, source_listing_id: id })) return undefined
      return {
        digest: memo.content_hash,
        validators: { etag: memo.etag, lastModified: memo.last_modified },
        yielded,
        label: memo.label,
        cardDigest: memo.card_hash,
        runId: memo.run_id,
      }
    },
    remember(sourceId, pageKey, page) {
      buffer.push({
        run_id: runId,
        source_id: sourceId,
        page_key: pageKey,
        content_hash: page.digest,
        validity,
        yielded_json: JSON.stringify(page.yielded),
        etag: page.validators.etag,
        last_modified: page.validators.lastModified,
        label: page.label,
        card_hash: page.cardDigest,
      })
      if (buffer.length + stale.length >= 10_000) flush()
    },
    refreshPlan(sourceId, refreshNights) {
      const pages = readIn.all({ source_id: sourceId, validity })
      const budget = Math.ceil(pages.length / refreshNights)
      const due = new Set(pages.slice(0, budget).map((p) => p.page_key))
      // A memo written in this run or before has seen `refreshNights` published runs of the source since.
      const listStaleUpTo = publishedRuns.all(sourceId)[refreshNights] ?? -1
      return { due, listStaleUpTo }
    },
    flush,
  }
}

/**
 * Publishes a run's memos of the sources whose output was published, inside publish's transaction: one row per
 * source, since the memos themselves were written during the crawl. The other sources' memos never count.
 */
export function publishPageMemos(store: Store, runId: number, sourceIds: readonly string[]): void {
  const mark = store.sqlite.prepare(
    'insert or ignore into page_memo_publications (run_id, source_id) values (?, ?)',
  )
  for (const sourceId of sourceIds) mark.run(runId, sourceId)
}
