import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/api/app.js'
import type { ListingInput } from '../../src/kit/index.js'
import { runIngest } from '../../src/pipeline/ingest.js'
import { openStore, type Store } from '../../src/store/database.js'
import { type ListingSite, startListingSite } from '../helpers/listing-site.js'
import { testConfig } from '../helpers/sample-database.js'
import { SILENT_LOGGER } from '../helpers/silent-logger.js'
import { useTempDir } from '../helpers/temp-dir.js'

const KEY = 'syndication-key-0123456789'
const dir = useTempDir('propdata-syndication-')
const config = testConfig(dir, { envApiKeys: [KEY] })
let store: Store
let agent: ListingSite
let portal: ListingSite

/** The home the agent lists on its own site and syndicates to the portal, each writing it its own way. */
const onAgentSite: Omit<ListingInput, 'url'> = {
  sourceListingId: 'kg-100-2',
  type: 'rent',
  price: 2_450,
  surfaceArea: 84,
  street: 'Keizersgracht',
  houseNumber: '100-2',
  postcode: '1015 CX',
  city: 'Amsterdam',
}
const onPortal: Omit<ListingInput, 'url'> = {
  ...onAgentSite,
  sourceListingId: '88213344',
  price: 2_500,
  street: 'Keizersgracht 100 2',
  houseNumber: null,
  postcode: '1015cx',
  city: 'AMSTERDAM',
}
/** A home only the portal lists. */
const portalOnly: Omit<ListingInput, 'url'> = { ...onPortal, sourceListingId: '88213999', street: 'Singel 7' }

beforeAll(async () => {
  store = await openStore(config.dbPath)
  agent = await startListingSite('agent-site')
  portal = await startListingSite('portal')
})
afterAll(async () => {
  await agent.close()
  await portal.close()
  await store.close()
})

describe('a home an agent syndicates to a portal', () => {
  it('dedupes into one listing that names both sources, the more trusted one first', async () => {
    agent.listings = [onAgentSite]
    portal.listings = [onPortal, portalOnly]
    const report = await runIngest({
      store,
      config,
      sources: [agent.source, portal.source],
      scope: { cities: ['Amsterdam'], types: ['rent'] },
      mode: 'live',
      recordTo: join(dir, 'archives', 'run.warc.gz'),
      logger: SILENT_LOGGER,
      priority: (id) => (id === 'agent-site' ? 0 : 1),
    })
    expect(report.exitCode).toBe(0)
    const rows = store.sqlite.prepare('select id, sources_json from listings order by id').all() as {
      id: number
      sources_json: string
    }[]
    expect(rows).toHaveLength(2)
    const shared = rows.find((r) => JSON.parse(r.sources_json).length === 2)!

    const readonly = await openStore(config.dbPath, { readonly: true })
    const app = await buildApp({ store: readonly, config })
    try {
      const answer = await app.inject({ url: `/v1/listings/lis_${shared.id}`, headers: { 'x-api-key': KEY } })
      expect(answer.statusCode).toBe(200)
      expect(answer.json()).toMatchObject({
        price: 2_450,
        address: { postcode: '1015 CX' },
        source: { name: 'agent-site', url: `${agent.url}/listing/kg-100-2` },
        sources: [
          { name: 'agent-site', url: `${agent.url}/listing/kg-100-2` },
          { name: 'portal', url: `${portal.url}/listing/88213344` },
        ],
      })
    } finally {
      await app.close()
      await readonly.close()
    }
  }, 60_000)
})
