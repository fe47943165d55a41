import { createHash } from 'node:crypto'
import { buildApp } from '../../src/api/app.js'
import { loadConfig } from '../../src/config.js'
import { openStore } from '../../src/store/database.js'

/** The tables whose content the API serves or a later publish builds on. */
const PUBLISHED_TABLES = {
  publication: 'select * from publication',
  listings: 'select * from listings order by id',
  golden_records: 'select * from golden_records order by bag_id',
  listing_counts: 'select * from listing_counts order by city_key, type',
  valuation_models: 'select * from valuation_models order by kind',
  valuations: 'select * from valuations order by bag_id',
  observations: 'select * from observations order by id',
  price_history: 'select * from price_history order by observation_id, observed_at',
  listing_identities: 'select * from listing_identities order by identity_key',
  // The memos a next run recalls: each page's newest memo of a run that published its source.
  page_memos: `select m.* from page_memos m join page_memo_publications p using (run_id, source_id)
                where m.run_id = (select max(n.run_id) from page_memos n
                                    join page_memo_publications q using (run_id, source_id)
                                   where n.source_id = m.source_id and n.page_key = m.page_key)
                order by m.source_id, m.page_key`,
} as const

/** What a client can see of a database, reduced to comparable digests: equal states serve equal data. */
export interface PublishedState {
  readonly integrity: string
  readonly generation: number
  /** Row count and SHA-1 of every published table. */
  readonly tables: Record<string, string>
  /** Status and SHA-1 of the body of every probed API path. */
  readonly api: Record<string, string>
}

const KEY = 'resilience-key-0123456789'
const digest = (value: unknown) => createHash('sha1').update(JSON.stringify(value)).digest('base64url')

/**
 * Opens `dbPath` read-only as `serve` does (after a crash this also recovers the WAL), runs the integrity check,
 * digests the published tables and GETs each of `paths` through the real app.
 */
export async function readPublishedState(dbPath: string, paths: readonly string[]): Promise<PublishedState> {
  const store = await openStore(dbPath, { readonly: true })
  try {
    const integrity = (store.sqlite.pragma('integrity_check') as { integrity_check: string }[])
      .map((r) => r.integrity_check)
      .join('; ')
    const tables: Record<string, string> = {}
    for (const [name, query] of Object.entries(PUBLISHED_TABLES)) {
      const rows = store.sqlite.prepare(query).all()
      tables[name] = `${rows.length} rows ${digest(rows)}`
    }
    const { generation } = store.sqlite.prepare('select generation from publication').get() as {
      generation: number
    }
    const app = await buildApp({ store, config: { ...loadConfig({}), envApiKeys: [KEY] } })
    const api: Record<string, string> = {}
    try {
      for (const url of paths) {
        const response = await app.inject({ url, headers: { 'x-api-key': KEY } })
        api[url] = `${response.statusCode} ${digest(response.body)}`
      }
    } finally {
      await app.close()
    }
    return { integrity, generation, tables, api }
  } finally {
    await store.close()
  }
}
