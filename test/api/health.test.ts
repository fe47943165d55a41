import { describe, expect, it } from 'vitest'
import { buildApp } from '../../src/api/app.js'
import { openStore } from '../../src/store/database.js'
import { testConfig } from '../helpers/sample-database.js'
import { useTempDir } from '../helpers/temp-dir.js'

const dir = useTempDir()

describe('GET /healthz', () => {
  it('is a 503 problem while nothing is published, so a server on a new or wrong file is noticed', async () => {
    const config = testConfig(dir)
    const created = await openStore(config.dbPath) // migrated, nothing published
    await created.close()
    const store = await openStore(config.dbPath, { readonly: true })
    const app = await buildApp({ store, config })
    try {
      const res = await app.inject({ url: '/healthz' })
      expect(res.statusCode).toBe(503)
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/)
      expect(res.json()).toMatchObject({
        status: 503,
        detail: expect.stringContaining('Nothing is published'),
      })
    } finally {
      await app.close()
      await store.close()
    }
  })
})
