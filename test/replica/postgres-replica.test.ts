import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiKey, revokeApiKey } from '../../src/api/api-keys.js'
import { buildApp } from '../../src/api/app.js'
import type { ReadStore } from '../../src/api/read-store.js'
import { sqliteReadStore } from '../../src/api/sqlite-read-store.js'
import { retireSource } from '../../src/publish/retire-source.js'
import { openPostgres, type Postgres } from '../../src/replica/postgres/connect.js'
import { postgresReadStore } from '../../src/replica/postgres/postgres-read-store.js'
import { replicate } from '../../src/replica/postgres/replicate.js'
import { ALL_TABLES } from '../../src/replica/postgres/replicated-tables.js'
import { openStore } from '../../src/store/database.js'
import { type Cluster, freePort, startReplica } from '../../testkit/postgres-cluster.js'
import { usePostgresCluster } from '../helpers/postgres-fixture.js'
import { ingestSample, useSampleStore } from '../helpers/sample-database.js'

const KEY = 'test-key-0123456789'
const pg_ = usePostgresCluster()
const sample = useSampleStore({ envApiKeys: [KEY] })

/** An app listening on 127.0.0.1, over real HTTP. */
interface Served {
  readonly app: FastifyInstance
  readonly url: string
}

async function serve(store: ReadStore): Promise<Served> {
  const app = await buildApp({ store, config: { ...sample.config, envApiKeys: [KEY] } })
  app.addHook('onClose', async () => store.close())
  const url = await app.listen({ port: 0, host: '127.0.0.1' })
  return { app, url }
}

/** The headers an answer is compared by: every one the API sets that does not count time. */
const COMPARED_HEADERS = [
  'etag',
  'last-modified',
  'cache-control',
  'content-type',
  'content-location',
  'vary',
  'content-length',
]

/** Fields of `/v1/sources` that count seconds up to the moment of the request. */
const untimed = (path: string, body: string) =>
  path.startsWith('/v1/sources')
    ? body.replace(/"(as_of|freshness_seconds|oldest_unverified_seconds)":("[^"]*"|\d+)/g, '"$1":…')
    : body

async function answer(served: Served, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${served.url}${path}`, { headers: { 'x-api-key': KEY, ...headers } })
  const body = await response.text()
  return {
    status: response.status,
    // The length of /v1/sources moves with its seconds, as its body does.
    headers: Object.fromEntries(
      COMPARED_HEADERS.filter((h) => h !== 'content-length' || !path.startsWith('/v1/sources')).map((h) => [
        h,
        response.headers.get(h),
      ]),
    ),
    body: untimed(path, body),
  }
}

/** Every route of /v1 with the sample's own ids, filters and addresses: found, merged, withdrawn, ambiguous, missing. */
function routesOf(): string[] {
  const { sqlite } = sample.store
  const column = (text: string) => sqlite.prepare(text).pluck().all() as (string | number)[]
  const listingIds = [
    ...column("select id from listings where status = 'active' order by id limit 15"),
    ...column("select id from listings where status = 'withdrawn' order by id limit 5"),
    ...column('select listing_id from listing_aliases order by listing_id limit 5'),
    99_999_999,
  ]
  const homes = [
    ...column('select distinct bag_id from listings where bag_id is not null order by bag_id limit 15'),
    ...column('select bag_id from golden_records order by bag_id limit 5'),
    ...column('select num_id from golden_records where num_id is not null order by bag_id limit 5'),
    '0363010000000000',
  ]
  const addresses = sqlite
    .prepare(
      `select postcode, huisnummer from bag_addresses group by postcode, huisnummer
        order by count(distinct object_id) desc, postcode limit 10`,
    )
    .all() as { postcode: string; huisnummer: number }[]
  return [
    '/healthz',
    '/v1/listings',
    '/v1/listings?page=2&page_size=50',
    '/v1/listings?page=999',
    '/v1/listings?city=amsterdam',
    "/v1/listings?city='s-Gravenhage&type=rent",
    '/v1/listings?type=rent&min_price=1000&max_price=2000',
    '/v1/listings?type=buy&page_size=100',
    '/v1/listings?status=withdrawn',
    '/v1/listings?source=pararius',
    '/v1/listings?dwelling_type=apartment&min_surface_area=40&max_surface_area=90',
    '/v1/listings?listed_since=2025-06-01',
    ...listingIds.map((id) => `/v1/listings/lis_${id}`),
    ...homes.map((id) => `/v1/properties/${id}`),
    ...addresses.map((a) => `/v1/properties?postcode=${a.postcode}&number=${a.huisnummer}`),
    '/v1/properties?postcode=9999ZZ&number=1',
    '/v1/sources',
  ]
}

/** Asks both servers every route and expects the same answers, byte for byte, and the same 304s. */
async function expectSameAnswers(sqlite: Served, postgres: Served) {
  for (const path of routesOf()) {
    const [a, b] = await Promise.all([answer(sqlite, path), answer(postgres, path)])
    expect(b, path).toEqual(a)
    if (a.headers.etag) {
      const conditional = { 'if-none-match': a.headers.etag }
      const [c, d] = await Promise.all([
        answer(sqlite, path, conditional),
        answer(postgres, path, conditional),
      ])
      expect([c.status, d.status], path).toEqual([304, 304])
    }
  }
}

/** Every row of every replicated table in both databases, in key order, as the replica holds them. */
async function expectSameRows(postgres: Postgres) {
  for (const table of ALL_TABLES) {
    const columns = table.columns.map((c) => c.from ?? `"${c.name}"`).join(', ')
    const key = `"${table.columns[0]!.name}"`
    const inSqlite = sample.store.sqlite
      .prepare(`select ${columns} from ${table.name} order by ${key}`)
      .raw()
      .all()
    const inPostgres = await postgres.pool.query({
      text: `select ${table.columns.map((c) => `"${c.name}"`).join(', ')} from ${table.name} order by ${key}`,
      rowMode: 'array',
    })
    expect(inPostgres.rows, table.name).toEqual(inSqlite)
  }
}

const generationOf = async (served: Served) =>
  ((await (await fetch(`${served.url}/healthz`)).json()) as { generation: number }).generation

describe.skipIf(pg_.skip !== null)('the read model on PostgreSQL', () => {
  let postgres: Postgres
  let fromSqlite: Served
  let fromPostgres: Served
  let url: string
  beforeAll(async () => {
    url = await pg_.cluster.createDatabase('propdata')
    postgres = await openPostgres(url)
    fromSqlite = await serve(sqliteReadStore(await openStore(sample.config.dbPath, { readonly: true })))
  }, 60_000)
  afterAll(async () => {
    await fromPostgres?.app.close()
    await fromSqlite?.app.close()
    await postgres?.close()
  })

  it('copies every row of the published generation, and then nothing that did not change', async () => {
    const first = await replicate(sample.store, postgres)
    const { generation } = sample.store.sqlite.prepare('select generation from publication').get() as {
      generation: number
    }
    expect(first).toMatchObject({ generation, previousGeneration: 0, rebuilt: true })
    expect(first.tables.listings!.copied).toBe(
      sample.store.sqlite.prepare('select count(*) from listings').pluck().get(),
    )
    await expectSameRows(postgres)
    const again = await replicate(sample.store, postgres)
    expect(again).toMatchObject({ generation, previousGeneration: generation, rebuilt: false })
    for (const name of ['listings', 'golden_records', 'valuations', 'bag_addresses'])
      expect(again.tables[name], name).toEqual({ copied: 0, deleted: 0, updated: 0 })
  })

  it('serves every /v1 route from PostgreSQL as from SQLite: bodies, ETags and caching headers', async () => {
    fromPostgres = await serve(await postgresReadStore(url, { pollMs: 100 }))
    await expectSameAnswers(fromSqlite, fromPostgres)
  })

  it('accepts the keys of the SQLite database once replicated, and refuses them once revoked', async () => {
    const key = await createApiKey(sample.store, 'replica-test')
    const ask = () => fetch(`${fromPostgres.url}/v1/listings`, { headers: { 'x-api-key': key } })
    expect((await ask()).status).toBe(401)
    await replicate(sample.store, postgres)
    // Answers about a key are cached for a few seconds: a fresh server asks the database.
    const fresh = await serve(await postgresReadStore(url))
    try {
      expect((await fetch(`${fresh.url}/v1/listings`, { headers: { 'x-api-key': key } })).status).toBe(200)
      await revokeApiKey(sample.store, 'replica-test')
      await replicate(sample.store, postgres)
      const later = await serve(await postgresReadStore(url))
      expect((await fetch(`${later.url}/v1/listings`, { headers: { 'x-api-key': key } })).status).toBe(401)
      await later.app.close()
    } finally {
      await fresh.app.close()
    }
  })

  it('runs a snapshot again once when replication cancels it, and fails the second time', async () => {
    const store = await postgresReadStore(url)
    const cancelled = () =>
      Object.assign(new Error('canceling statement due to conflict with recovery'), { code: '40001' })
    try {
      let tries = 0
      const generation = await store.snapshot(async (reads) => {
        const published = await reads.publication()
        if (++tries === 1) throw cancelled()
        return published.generation
      })
      expect([tries, generation]).toEqual([2, store.published().generation])
      tries = 0
      await expect(
        store.snapshot(async () => {
          tries++
          throw cancelled()
        }),
      ).rejects.toThrow(/conflict with recovery/)
      expect(tries).toBe(2)
    } finally {
      await store.close()
    }
  })

  it('leaves readers on the previous generation, whole, when a replicate is cut off midway', async () => {
    const before = await answer(fromPostgres, '/v1/listings?page_size=100')
    const watcher = new pg.Client({ connectionString: url })
    await watcher.connect()
    const cutOff = await openPostgres(url, { applicationName: 'propdata cut-off' })
    let during: Awaited<ReturnType<typeof answer>> | undefined
    try {
      const copy = replicate(sample.store, cutOff, {
        rebuild: true,
        onBatch: async (table) => {
          if (table !== 'golden_records' || during) return
          // Mid-copy, after the tables were emptied and the listings written again: readers see none of it.
          during = await answer(fromPostgres, '/v1/listings?page_size=100')
          await watcher.query(
            "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'propdata cut-off'",
          )
        },
      })
      await expect(copy).rejects.toThrow()
    } finally {
      await watcher.end()
      await cutOff.close().catch(() => undefined)
    }
    expect(during).toEqual(before)
    expect(await answer(fromPostgres, '/v1/listings?page_size=100')).toEqual(before)
    await expectSameRows(postgres)
  })

  describe('after another publish', () => {
    let replica: Cluster
    let fromReplica: Served
    beforeAll(async () => {
      replica = await startReplica(pg_.cluster)
      fromReplica = await serve(
        await postgresReadStore(`${replica.url.replace(/\/postgres$/, '')}/propdata`, { pollMs: 100 }),
      )
    }, 120_000)
    afterAll(async () => {
      await fromReplica?.app.close()
      await replica?.stop()
    })

    it('a streaming replica serves the same answers', async () => {
      await expectSameAnswers(fromSqlite, fromReplica)
    })

    it('copies only the rows the publish changed, and the replica switches to the new generation', async () => {
      const old = await generationOf(fromReplica)
      const retired = await retireSource(sample.store, 'pararius', { priority: () => 0 })
      expect(retired.generation).toBe(old + 1)
      const changed = (table: string, column: string) =>
        sample.store.sqlite
          .prepare(`select count(*) from ${table} where ${column} = ?`)
          .pluck()
          .get(retired.generation)
      const report = await replicate(sample.store, postgres)
      expect(report).toMatchObject({ generation: old + 1, previousGeneration: old, rebuilt: false })
      expect(report.tables.listings!.copied).toBe(changed('listings', 'updated_generation'))
      expect(report.tables.listings!.copied).toBeGreaterThan(0)
      expect(report.tables.golden_records!.copied).toBe(changed('golden_records', 'updated_generation'))
      expect(report.tables.valuations!.copied).toBe(
        changed('valuations', 'max(generation, coalesce(regulation_generation, 0))'),
      )
      expect(report.tables.listings!.copied).toBeLessThan(
        sample.store.sqlite.prepare('select count(*) from listings').pluck().get() as number,
      )
      await expectSameRows(postgres)
      // Polled, not notified: within a few polls every answer is the new generation's.
      const seen = new Set<number>()
      for (let i = 0; i < 100 && !seen.has(old + 1); i++) {
        seen.add(await generationOf(fromReplica))
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      expect([...seen].sort()).toEqual([old, old + 1].filter((g) => seen.has(g)))
      expect(seen.has(old + 1)).toBe(true)
      await expectSameAnswers(fromSqlite, fromReplica)
      await expectSameAnswers(fromSqlite, fromPostgres)
    })

    it('deletes what SQLite no longer has, and brings verifications up to date without a new generation', async () => {
      const { sqlite } = sample.store
      const gone = sqlite
        .prepare('select bag_id from golden_records order by bag_id desc limit 1')
        .pluck()
        .get()
      sqlite.prepare('delete from golden_records where bag_id = ?').run(gone)
      sqlite.prepare('delete from valuations where bag_id = ?').run(gone)
      const verified = sqlite.prepare("select id from listings where status = 'active' limit 1").pluck().get()
      sqlite
        .prepare("update observations set verified_at = '2099-01-01T00:00:00.000Z' where listing_id = ?")
        .run(verified)
      const report = await replicate(sample.store, postgres)
      expect(report.tables.golden_records).toMatchObject({ copied: 0, deleted: 1 })
      expect(report.tables.valuations).toMatchObject({ copied: 0, deleted: 1 })
      expect(report.tables.listings).toEqual({ copied: 0, deleted: 0, updated: 1 })
      await expectSameRows(postgres)
    })
  })

  it('replicates after a publish when PROPDATA_POSTGRES_URL is set', async () => {
    const report = await ingestSample({ ...sample.config, postgresUrl: url }, sample.store)
    expect(report.replica).toMatchObject({ generation: report.generation })
    await expectSameRows(postgres)
  }, 120_000)
})

describe('a publish whose replica cannot be reached', () => {
  it('stands, and says in its report why the replica was not updated', async () => {
    const port = await freePort()
    const report = await ingestSample(
      { ...sample.config, postgresUrl: `postgres://app:secret@127.0.0.1:${port}/propdata` },
      sample.store,
    )
    expect(report.status).toBe('succeeded')
    expect(report.generation).not.toBeNull()
    expect(report.replica).toEqual({
      url: `postgres://app:***@127.0.0.1:${port}/propdata`,
      error: expect.stringMatching(/^cannot connect to PostgreSQL at postgres:\/\/app:\*\*\*@.*ECONNREFUSED/),
    })
  }, 120_000)
})
