import { afterAll, beforeAll } from 'vitest'
import { type Cluster, postgresSkipReason, startCluster } from '../../testkit/postgres-cluster.js'

/**
 * A throwaway cluster for the tests of one file: started before them, stopped and removed after. Without PostgreSQL
 * (and outside CI) `skip` says why, and the file's suites skip with that message.
 */
export function usePostgresCluster(): { readonly cluster: Cluster; readonly skip: string | null } {
  const skip = postgresSkipReason()
  const fixture = { skip } as { cluster: Cluster; skip: string | null }
  if (skip) {
    console.warn(`Skipping the PostgreSQL tests: ${skip}`)
    return fixture
  }
  beforeAll(async () => {
    fixture.cluster = await startCluster()
  }, 180_000)
  afterAll(async () => fixture.cluster?.stop(), 60_000)
  return fixture
}
