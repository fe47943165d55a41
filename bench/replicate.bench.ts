import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openPostgres } from '../src/replica/postgres/connect.js'
import { replicate } from '../src/replica/postgres/replicate.js'
import { openStore } from '../src/store/database.js'
import { type Cluster, startCluster, startReplica } from '../testkit/postgres-cluster.js'
import { walkingLoads } from './api/load-tool.js'
import { serveInChild } from './api/serve-child.js'
import { KEY, mixesFor } from './api-throughput.bench.js'
import { type BenchTable, defineBench, median } from './support/bench.js'
import { nationalOrSample } from './support/national.js'

/** Copies the database to an empty replica, then again with nothing changed: rows/s of each, per table. */
async function measureReplicate(dbPath: string, url: string): Promise<BenchTable> {
  const store = await openStore(dbPath, { readonly: true })
  const postgres = await openPostgres(url)
  try {
    const rebuild = await replicate(store, postgres, { rebuild: true })
    const again = await replicate(store, postgres)
    const rows = (report: typeof rebuild) =>
      Object.values(report.tables).reduce((n, t) => n + t.copied + t.deleted + t.updated, 0)
    return {
      title: 'propdata replicate to PostgreSQL 15 on this machine (batches of 5,000 rows through unnest)',
      rows: [
        ...Object.entries(rebuild.tables).map(([table, t]) => ({
          step: `rebuild: ${table}`,
          rows: t.copied,
        })),
        {
          step: 'rebuild: all tables, one transaction',
          rows: rows(rebuild),
          ms: rebuild.durationMs,
          'rows/s': Math.round(rows(rebuild) / (rebuild.durationMs / 1000)),
        },
        {
          step: 'again, nothing changed (keys compared, small tables rewritten)',
          rows: rows(again),
          ms: again.durationMs,
        },
      ],
      notes: ['rows/s counts every row written, the BAG addresses included; the time includes the commit'],
    }
  } finally {
    await postgres.close()
    await store.close()
  }
}

/** The same request mixes, as they are (no compression), against each server at the same concurrency. */
async function measureServers(
  dbPath: string,
  servers: readonly { name: string; db: string }[],
  quick: boolean,
  workDir: string,
): Promise<BenchTable> {
  const { mixes } = await mixesFor(dbPath)
  const chosen = mixes.filter((m) => !m.name.includes('new filters'))
  const seconds = quick ? 2 : 10
  const connections = 32
  const rows: Record<string, string | number>[] = []
  for (const server of servers) {
    const served = await serveInChild(
      server.db,
      { PROPDATA_API_KEYS: KEY, PROPDATA_RATE_LIMIT: '1000000000' },
      0,
    )
    try {
      const load = walkingLoads({
        baseUrl: served.baseUrl,
        headers: { 'X-API-Key': KEY },
        connections,
        cpu: 1,
        workDir,
      })
      for (const mix of chosen) await load(mix.paths, 1) // warm-up
      const results = new Map<string, Awaited<ReturnType<typeof load>>[]>()
      for (let round = 0; round < (quick ? 1 : 3); round++)
        for (const mix of chosen)
          results.set(mix.name, [...(results.get(mix.name) ?? []), await load(mix.paths, seconds)])
      const rate = (name: string) => median(results.get(name)!.map((r) => r.requestsPerSecond))
      const ceiling = rate(chosen[0]!.name)
      for (const mix of chosen) {
        const rs = results.get(mix.name)!
        rows.push({
          server: server.name,
          mix: mix.name,
          'req/s': rate(mix.name),
          '× healthz': rate(mix.name) / ceiling,
          'p50 ms': median(rs.map((r) => r.p50Ms)),
          'p99 ms': median(rs.map((r) => r.p99Ms)),
          'non-2xx': rs.reduce((n, r) => n + r.non2xx, 0),
        })
      }
    } finally {
      await served.stop()
    }
  }
  return {
    title: `The API from SQLite, a PostgreSQL primary and its streaming replica (${connections} connections, same paths)`,
    rows,
    notes: [
      '× healthz: against the same server’s /healthz in the same run, the ceiling of its process',
      'PostgreSQL runs on the same two cores as the server and the load tool: its share of the machine counts against it',
    ],
  }
}

/**
 * Replicating to PostgreSQL (rows/s of a rebuild, the cost of a copy with nothing changed) and the API from SQLite, a
 * PostgreSQL primary and a streaming replica at the same concurrency. On the national database the pipeline bench
 * leaves behind, or on the sample with --quick.
 */
export default defineBench({
  name: 'replicate',
  description:
    'propdata replicate rows/s, and /v1 from PostgreSQL (primary, replica) against SQLite at equal load',
  async run({ quick }) {
    const dir = mkdtempSync(join(tmpdir(), 'propdata-replicate-bench-'))
    let primary: Cluster | undefined
    let replica: Cluster | undefined
    try {
      const { dbPath } = await nationalOrSample(quick, dir)
      primary = await startCluster()
      const url = await primary.createDatabase('propdata')
      const copy = await measureReplicate(dbPath, url)
      replica = await startReplica(primary)
      const replicaUrl = `${replica.url.replace(/\/postgres$/, '')}/propdata`
      const servers = await measureServers(
        dbPath,
        [
          { name: 'sqlite', db: dbPath },
          { name: 'postgres primary', db: url },
          { name: 'postgres replica', db: replicaUrl },
        ],
        quick,
        dir,
      )
      return [copy, servers]
    } finally {
      await replica?.stop()
      await primary?.stop()
      rmSync(dir, { recursive: true, force: true })
    }
  },
})
