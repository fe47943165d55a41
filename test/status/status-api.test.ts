import { describe, expect, it } from 'vitest'
import { registerSources } from '../../src/pipeline/register-catalogue.js'
import { STATUS_CSP } from '../../src/status/status-html.js'
import { type StatusData, statusDataSchema } from '../../src/status/status-schema.js'
import { recordParariusRun, useSampleApi } from '../helpers/api-fixture.js'
import { REGISTRY } from '../helpers/registry.js'

const shown = useSampleApi({ statusPublic: true })
const hidden = useSampleApi({ statusPublic: false })

describe('the status page when the operator shows it (PROPDATA_STATUS_PUBLIC=1)', () => {
  it('serves /status as HTML under a policy that allows nothing inline and nothing from elsewhere', async () => {
    const res = await shown.app.inject({ url: '/status' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(res.headers['content-security-policy']).toBe(STATUS_CSP)
    expect(res.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/)
    expect(res.body).not.toMatch(/<style/)
    expect(res.body).not.toMatch(/https?:\/\//)
  })

  it('serves every script and style sheet the page names, and nothing else under its assets', async () => {
    const page = (await shown.app.inject({ url: '/status' })).body
    const assets = [...page.matchAll(/(?:src|href)="(\/status\/assets\/[^"]+)"/g)].map((m) => m[1]!)
    expect(assets).toEqual(
      expect.arrayContaining([
        '/status/assets/status.css',
        '/status/assets/d3.min.js',
        '/status/assets/plot.umd.min.js',
        '/status/assets/status-page.js',
      ]),
    )
    for (const url of assets) {
      const res = await shown.app.inject({ url })
      expect(res.statusCode, url).toBe(200)
      expect(res.body.length, url).toBeGreaterThan(100)
    }
    for (const url of ['/status/assets/package.json', '/status/assets/..%2F..%2Fconfig.js'])
      expect((await shown.app.inject({ url })).statusCode, url).toBe(404)
  })

  it('answers /status/data.json as its documented schema says, the sample run in it', async () => {
    // The fixture's inject also checks the answer against the served OpenAPI document.
    const res = await shown.app.inject({ url: '/status/data.json' })
    expect(res.statusCode).toBe(200)
    const data = statusDataSchema.parse(res.json()) as StatusData
    expect(data.runs).toHaveLength(1)
    expect(data.runs[0]).toMatchObject({ mode: 'sample', status: 'succeeded' })
    const pararius = data.sources.find((s) => s.id === 'pararius')!
    expect(pararius.active_listings).toBeGreaterThan(0)
    expect(pararius.nights).toEqual([
      expect.objectContaining({ status: 'ok', active_listings: pararius.active_listings }),
    ])
    expect(data.market.active_listings).toBeGreaterThan(0)
    expect(data.market.by_city_type.reduce((n, r) => n + r.listings, 0)).toBe(data.market.active_listings)
    expect(data.registers.map((r) => r.id)).toEqual(expect.arrayContaining(['bag', 'ep-online', 'woz']))
    expect(data.registers.find((r) => r.id === 'bag')?.loaded).toBeGreaterThan(0)
  })

  it('names no partner feed, its file or any server path', async () => {
    const body = (await shown.app.inject({ url: '/status/data.json' })).body
    const data = JSON.parse(body) as StatusData
    expect(data.sources.filter((s) => s.kind === 'file').map((s) => [s.id, s.name, s.homepage])).toEqual([
      ['partner-feed', 'Partner feed', null],
    ])
    expect(body).not.toContain('partner-feed.csv')
    expect(body).not.toContain('"feed"')
    expect(body).not.toContain(shown.config.dataDir)
  })

  // Last: it adds a run to the fixture's database.
  it('shows a partner feed given a name of its own (--feed NAME=FILE) as a partner feed too', async () => {
    await registerSources(shown.store, REGISTRY.sources, new Date().toISOString(), [
      REGISTRY.namedFeed('acme-wonen'),
    ])
    await recordParariusRun(shown.store, {
      source_id: 'acme-wonen',
      status: 'failed',
      message: 'acme-wonen.csv: no such file',
    })
    const body = (await shown.app.inject({ url: '/status/data.json' })).body
    const data = JSON.parse(body) as StatusData
    expect(data.sources.filter((s) => s.kind === 'file').map((s) => [s.id, s.name, s.homepage])).toEqual([
      ['partner-feed-2', 'Partner feed 2', null],
      ['partner-feed-1', 'Partner feed 1', null],
    ])
    expect(data.sources[0]?.nights.at(-1)).toMatchObject({ status: 'failed', message: null })
    expect(body.toLowerCase()).not.toContain('acme')
  })
})

describe('the status page by default', () => {
  it('answers 404 on its page, data and assets, as any unknown path does', async () => {
    for (const url of ['/status', '/status/data.json', '/status/assets/status.css']) {
      const res = await hidden.app.inject({ url })
      expect(res.statusCode, url).toBe(404)
      expect(res.headers['content-type'], url).toMatch(/^application\/problem\+json/)
    }
  })
})
