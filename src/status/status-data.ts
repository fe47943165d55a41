import { sql } from 'kysely'
import { calendarDate } from '../api/date-schemas.js'
import { readRequestsByKind } from '../api/request-kinds.js'
import { withoutPaths } from '../api/without-paths.js'
import { nightLowerBound, nightRequests, politeSeconds } from '../crawl/night-bound.js'
import type { Politeness } from '../kit/adapter.js'
import { IMPORT_KINDS } from '../registers/import-kinds.js'
import { readRegisterStatuses } from '../registers/register-status.js'
import type { Store } from '../store/database.js'
import type { RunSourceRow, RunTable } from '../store/schema.js'
import {
  type ListingSourceState,
  oldestVerifiedPerSource,
  readListingSources,
  type SourceFacts,
} from '../store/sources.repository.js'
import {
  type StatusData,
  type StatusNight,
  type StatusSource,
  VERDICTS,
  type Verdict,
} from './status-schema.js'

/** The runs the page looks back over: a month of nights. */
export const STATUS_RUNS = 30

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS

/** What {@link readStatusData} needs besides the store. */
export interface StatusOptions {
  /** The night's length in hours (`PROPDATA_NIGHT_HOURS`). */
  readonly nightHours: number
  /** The time the figures are read at. @default now */
  readonly now?: Date
}

/**
 * The data behind the status page: the last {@link STATUS_RUNS} ingest runs, every listing source's line of each, the
 * market now and the registers. Nothing in it a visitor may not see: messages lose their file paths, and a partner
 * feed is named by what it is, never by its id, its name or its files.
 */
export async function readStatusData(store: Store, options: StatusOptions): Promise<StatusData> {
  const now = options.now ?? new Date()
  const runs = await recentRuns(store)
  const publication = await store.db
    .selectFrom('publication')
    .select(['generation', 'published_at'])
    .where('id', '=', 1)
    .executeTakeFirst()
  return {
    as_of: now.toISOString(),
    generation: publication?.generation ?? 0,
    published_at: publication?.published_at ?? null,
    night_hours: options.nightHours,
    runs,
    sources: await readSources(
      store,
      runs.map((r) => r.id),
      now,
    ),
    market: await readMarket(store),
    registers: await readRegisters(store),
  }
}

/** The last ingest runs, oldest first. */
async function recentRuns(store: Store): Promise<StatusData['runs']> {
  const rows = await store.db
    .selectFrom('runs')
    .select(['id', 'started_at', 'finished_at', 'status', 'mode'])
    .where('kind', '=', 'ingest')
    .orderBy('id', 'desc')
    .limit(STATUS_RUNS)
    .execute()
  return rows.reverse()
}

/** What the freshness columns count, per source, among the listings it shows. */
interface Freshness {
  readonly active: number
  readonly resolved: number
  readonly night: number
  readonly week: number
}

/**
 * Every listing source that took part in one of `runIds` or shows listings, but those retired: those whose last
 * night went wrong first (failed, blocked, degraded, …), then in the registry's order.
 */
async function readSources(store: Store, runIds: readonly number[], now: Date): Promise<StatusSource[]> {
  const nights = await nightsBySource(store, runIds)
  const freshness = await freshnessBySource(store, now)
  const oldest = await oldestVerifiedPerSource(store)
  const known = (await readListingSources(store)).filter(
    (s) => !s.retired && (nights.has(s.id) || s.activeListings > 0),
  )
  // What the code that can run a source says of it; a named partner feed (`--feed NAME=PATH`) has the feed's.
  const factsOf = (s: ListingSourceState) => (s.registered ? s.facts : null)
  const partnerFeeds = known.filter((s) => factsOf(s)?.kind === 'file').map((s) => s.id)
  const sources = known.map((s): StatusSource => {
    const source = factsOf(s)
    const shown = identityOf(s, source, partnerFeeds)
    const f = freshness.get(s.id) ?? { active: 0, resolved: 0, night: 0, week: 0 }
    return {
      ...shown,
      requests_per_hour: source?.politeness ? requestsPerHour(source.politeness) : null,
      active_listings: f.active,
      resolved: f.resolved,
      verified_last_night: f.night,
      verified_last_week: f.week,
      oldest_verified_at: oldest.get(s.id) ?? null,
      nights: (nights.get(s.id) ?? []).map((row) => nightOf(row, source, shown.kind === 'crawl')),
    }
  })
  const rank = (s: StatusSource) => VERDICT_RANK[s.nights.at(-1)?.status ?? 'ok']
  return sources
    .map((s, order) => ({ s, order }))
    .sort((a, b) => rank(a.s) - rank(b.s) || a.order - b.order)
    .map(({ s }) => s)
}

/** Where a source's last night puts it on the page: what needs looking at first. */
const VERDICT_RANK: Readonly<Record<Verdict, number>> = {
  failed: 0,
  blocked: 1,
  degraded: 2,
  stopped: 3,
  skipped: 4,
  ok: 5,
}

/**
 * How a source is shown. A partner feed is a partner's business: it is `partner-feed` (numbered when there are
 * several), and neither its id, nor its name, nor its messages (which name its file) are shown. A source this
 * server does not register might be one too: its messages are left out, and it has no homepage to show.
 */
function identityOf(
  s: { readonly id: string; readonly name: string },
  source: SourceFacts | null,
  partnerFeeds: readonly string[],
): Pick<StatusSource, 'id' | 'name' | 'kind' | 'homepage'> {
  if (source?.kind === 'file') {
    const n = partnerFeeds.length > 1 ? ` ${partnerFeeds.indexOf(s.id) + 1}` : ''
    return {
      id: `partner-feed${n.replace(' ', '-')}`,
      name: `Partner feed${n}`,
      kind: 'file',
      homepage: null,
    }
  }
  if (!source) return { id: s.id, name: s.name, kind: 'unknown', homepage: null }
  return { id: s.id, name: s.name, kind: 'crawl', homepage: source.homepage ?? null }
}

/** The most requests an hour a crawl source's politeness allows. */
const requestsPerHour = (politeness: Politeness): number | null =>
  politeness.interval > 0 ? (politeness.intervalCap * HOUR_MS) / politeness.interval : null

/** One source's line of one run as the page shows it; `showMessage` says whether its message may be shown. */
function nightOf(row: RunSourceRow, source: SourceFacts | null, showMessage: boolean): StatusNight {
  const byKind = readRequestsByKind(row.requests_json)
  // The night as its crawl counted it: the list pages it read, and the detail pages new listings and changed cards
  // needed. A change no card showed is not in the bound.
  const parts = byKind && {
    listPages: byKind.list,
    details: byKind.detail_new + byKind.detail_changed,
    refresh: byKind.refresh,
  }
  const total = parts && nightRequests(parts)
  return {
    run_id: row.run_id,
    status: row.status as Verdict,
    degraded_by: row.degraded_by?.split(',') ?? [],
    message: showMessage && row.message !== null ? withoutPaths(row.message) : null,
    active_listings: row.active_listings,
    listings: row.listings,
    new: row.new_listings,
    changed: row.updated_listings,
    withdrawn: row.withdrawn_listings,
    rejected: row.rejected,
    requests: byKind && total !== null ? { ...byKind, total } : null,
    lower_bound: parts && nightLowerBound(parts),
    polite_hours:
      total !== null && source?.politeness ? politeSeconds(source.politeness, total) / 3600 : null,
  }
}

/** Per source, its lines of the given runs (those of a night's status the page knows), oldest first. */
async function nightsBySource(store: Store, runIds: readonly number[]): Promise<Map<string, RunSourceRow[]>> {
  const out = new Map<string, RunSourceRow[]>()
  if (runIds.length === 0) return out
  const rows = await store.db
    .selectFrom('run_sources')
    .selectAll()
    .where('run_id', 'in', runIds)
    .where('status', 'in', VERDICTS)
    .orderBy('run_id')
    .execute()
  for (const row of rows) {
    const lines = out.get(row.source_id)
    if (lines) lines.push(row)
    else out.set(row.source_id, [row])
  }
  return out
}

/**
 * Per source, among the listings it shows: how many are resolved to a home, and how many a crawl verified in the
 * last 24 hours and the last 7 days before `now`.
 */
async function freshnessBySource(store: Store, now: Date): Promise<Map<string, Freshness>> {
  const night = new Date(now.getTime() - DAY_MS).toISOString()
  const week = new Date(now.getTime() - 7 * DAY_MS).toISOString()
  const rows = await store.db
    .selectFrom('observations')
    .select((eb) => [
      'source_id',
      eb.fn.countAll<number>().as('active'),
      eb.fn.count<number>('bag_vbo_id').as('resolved'),
      sql<number>`count(case when verified_at >= ${night} then 1 end)`.as('night'),
      sql<number>`count(case when verified_at >= ${week} then 1 end)`.as('week'),
    ])
    .where('status', '=', 'active')
    .groupBy('source_id')
    .execute()
  return new Map(rows.map(({ source_id, ...f }) => [source_id, f]))
}

/** The listings on offer: how many, how many resolved to a home, and how many per city and type. */
async function readMarket(store: Store): Promise<StatusData['market']> {
  const rows = await store.db
    .selectFrom('listings')
    .select((eb) => [
      'city',
      'type',
      eb.fn.countAll<number>().as('listings'),
      eb.fn.count<number>('bag_id').as('resolved'),
    ])
    .where('status', '=', 'active')
    .groupBy(['city', 'type'])
    .execute()
  return {
    active_listings: rows.reduce((n, r) => n + r.listings, 0),
    resolved: rows.reduce((n, r) => n + r.resolved, 0),
    by_city_type: rows
      .map((r) => ({ city: r.city ?? 'unknown', type: r.type, listings: r.listings }))
      .sort(
        (a, b) => b.listings - a.listings || a.city.localeCompare(b.city) || a.type.localeCompare(b.type),
      ),
  }
}

/** The registers as `/v1/sources` reports them, with what each has loaded; import messages lose their paths. */
async function readRegisters(store: Store): Promise<StatusData['registers']> {
  const loaded: Record<string, number | null> = {
    bag: await importedCount(store, IMPORT_KINDS.bag, 'addresses'),
    'ep-online': await importedCount(store, IMPORT_KINDS['ep-online'], 'labels'),
    woz: (
      await store.db
        .selectFrom('woz_values')
        .select((eb) => eb.fn.count<number>('num_id').distinct().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  }
  return (await readRegisterStatuses(store)).map((r) => ({
    id: r.id,
    name: r.name,
    homepage: r.homepage,
    status: r.status,
    data_as_of: calendarDate(r.dataAsOf),
    loaded_at: r.loadedAt,
    last_success: r.lastSuccessAt,
    loaded: loaded[r.id] ?? null,
  }))
}

/** A count from the report of the last successful import of a kind: what the data in use holds. */
async function importedCount(store: Store, kind: RunTable['kind'], field: string): Promise<number | null> {
  const row = await store.db
    .selectFrom('runs')
    .select(sql<number | null>`json_extract(report_json, ${`$.${field}`})`.as('n'))
    .where('kind', '=', kind)
    .where('status', '=', 'succeeded')
    .where(sql<boolean>`json_valid(report_json)`)
    .orderBy('id', 'desc')
    .executeTakeFirst()
  return typeof row?.n === 'number' ? row.n : null
}
