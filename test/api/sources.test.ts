import { describe, expect, it } from 'vitest'
import { STOPPED_BY_RUN } from '../../src/registers/run-lookups.js'
import { createRun, finishRun, markRunStopped, recordRunSource } from '../../src/store/runs.repository.js'
import { get, recordParariusRun, useSampleApi } from '../helpers/api-fixture.js'

const fixture = useSampleApi()

interface SourcesBody {
  data: {
    id: string
    kind: string
    terms: string | null
    evidence: Record<string, string> | null
    preset: string | null
    regions: string[] | null
    status: string | null
    last_run: { run_id: number; message: string | null; requests: Record<string, number> | null } | null
    last_success: string | null
    data_as_of: string | null
    loaded_at: string | null
    freshness_seconds: number | null
    active_listings: number | null
    oldest_unverified_seconds: number | null
  }[]
  meta: { generation: number; evidence: Record<string, number> }
}

describe('GET /v1/sources', () => {
  it('needs a key and answers 401 problem+json without one', async () => {
    const res = await get(fixture, '/v1/sources', {})
    expect(res.statusCode).toBe(401)
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/)
  })

  it('lists each source with its last run, last success, freshness and active listings', async () => {
    const res = await get(fixture, '/v1/sources')
    expect(res.statusCode).toBe(200)
    expect(res.headers.ratelimit).toBeDefined()
    const body = res.json() as SourcesBody
    const pararius = body.data.find((s) => s.id === 'pararius')!
    expect(pararius).toMatchObject({ kind: 'listing', status: 'ok', active_listings: 300 })
    // What the registry says of it: its terms forbid crawling; a code adapter for the whole country.
    expect(pararius).toMatchObject({ terms: 'forbids', preset: null, regions: null })
    expect(body.data.find((s) => s.id === 'kamernet')).toMatchObject({ terms: 'unknown' })
    // How each parser was checked: a recorded answer (where, when, licence), its platform's format, or neither.
    expect(pararius.evidence).toEqual({
      kind: 'recorded',
      fixture: 'list-delft-excerpt.html',
      repository: 'danieltyukov/nl-property-finder',
      path: 'packages/sources/fixtures/pararius/search-delft.html',
      commit: '0be85d6b22cc91821965681f2e1f087c510a8a50',
      recorded: '2026-09-24',
      licence: "MIT (repository); the page content is Pararius's",
    })
    expect(body.data.find((s) => s.id === 'wooniezie')?.evidence).toEqual({
      kind: 'platform-format',
      fixture: 'list-all-objects.json',
      follows: 'holland-rijnland',
    })
    expect(body.data.find((s) => s.id === 'feed')?.evidence).toMatchObject({
      kind: 'none',
      why: expect.any(String),
    })
    const listed = body.data.filter((s) => s.evidence !== null)
    expect(body.meta.evidence).toEqual({
      recorded: listed.filter((s) => s.evidence!.kind === 'recorded').length,
      'platform-format': listed.filter((s) => s.evidence!.kind === 'platform-format').length,
      none: listed.filter((s) => s.evidence!.kind === 'none').length,
    })
    expect(body.meta.evidence.recorded).toBeGreaterThan(20)
    expect(pararius.last_success).not.toBeNull()
    expect(pararius.freshness_seconds).toBeGreaterThanOrEqual(0)
    expect(pararius.freshness_seconds).toBeLessThan(3_600)
    // The sample run imported its BAG and label file first: each is a run of its register.
    expect(body.data.filter((s) => s.kind === 'register').map((s) => s.id)).toEqual([
      'bag',
      'ep-online',
      'woz',
    ])
    for (const id of ['bag', 'ep-online'])
      expect(body.data.find((s) => s.id === id)).toMatchObject({
        kind: 'register',
        status: 'ok',
        last_run: { message: null },
        last_success: expect.any(String),
        data_as_of: '2026-11-01',
        loaded_at: expect.any(String),
        active_listings: null,
        terms: null,
        evidence: null,
        preset: null,
        regions: null,
      })
    // The sample run looked up WOZ values (from its archive): that run is the register's last run and success.
    const sampleRun = fixture.store.sqlite
      .prepare("select id, started_at from runs where kind = 'ingest' order by id desc limit 1")
      .get() as { id: number; started_at: string }
    const woz = body.data.find((s) => s.id === 'woz')!
    expect(woz).toMatchObject({
      kind: 'register',
      status: 'ok',
      last_run: { run_id: sampleRun.id, message: null },
      last_success: sampleRun.started_at,
      active_listings: null,
    })
    expect(woz.freshness_seconds).toBeGreaterThanOrEqual(0)
  })

  it('shows an energy-label import as the ep-online run, and WOZ look-ups cut short as stopped', async () => {
    const before = (await get(fixture, '/v1/sources')).json() as SourcesBody
    const wozBefore = before.data.find((s) => s.id === 'woz')!
    const started = new Date().toISOString()
    const labels = await createRun(fixture.store, {
      kind: 'import-energy-labels',
      mode: 'file',
      sources: 'ep-online',
      startedAt: started,
    })
    await finishRun(fixture.store, labels, {
      status: 'failed',
      exitCode: 1,
      report: { error: 'no Energieklasse column' },
      finishedAt: started,
    })
    // An ingest whose WOZ look-ups hit the deadline, then one that asked the loket nothing (look-ups off).
    const stopped = await createRun(fixture.store, {
      kind: 'ingest',
      mode: 'live',
      sources: 'pararius',
      startedAt: started,
    })
    const woz = {
      candidates: 50,
      lookedUp: 10,
      found: 9,
      none: 0,
      failed: 1,
      changed: 2,
      stoppedBy: STOPPED_BY_RUN,
    }
    await finishRun(fixture.store, stopped, {
      status: 'stopped',
      exitCode: 3,
      report: { registers: { woz, energyLabels: null } },
      finishedAt: started,
    })
    const quiet = await createRun(fixture.store, {
      kind: 'ingest',
      mode: 'live',
      sources: 'pararius',
      startedAt: started,
    })
    await finishRun(fixture.store, quiet, {
      status: 'succeeded',
      exitCode: 0,
      report: { registers: { woz: null, energyLabels: null } },
      finishedAt: started,
    })

    const body = (await get(fixture, '/v1/sources')).json() as SourcesBody
    // Failed, but the labels loaded before are still the ones in use.
    const labelsBefore = before.data.find((s) => s.id === 'ep-online')!
    expect(body.data.find((s) => s.id === 'ep-online')).toMatchObject({
      status: 'failed',
      last_run: { run_id: labels, message: 'no Energieklasse column' },
      last_success: labelsBefore.last_success,
      data_as_of: labelsBefore.data_as_of,
      loaded_at: labelsBefore.loaded_at,
    })
    const after = body.data.find((s) => s.id === 'woz')!
    expect(after).toMatchObject({
      status: 'stopped',
      last_run: {
        run_id: stopped,
        message: expect.stringMatching(/^the run was stopped .*10 of 50 due homes looked up, 1 failed/),
      },
    })
    // Cut short is not a success: its data is as fresh as the last look-ups that went through.
    expect(after.last_success).toBe(wozBefore.last_success)
  })

  it('refuses unknown parameters with a 400 that names them', async () => {
    const res = await get(fixture, '/v1/sources?bogus=1')
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ errors: [{ parameter: 'bogus' }] })
  })

  it('answers 304 to its ETag, and a new run changes the ETag even when it publishes nothing', async () => {
    const first = await get(fixture, '/v1/sources')
    const etag = first.headers.etag as string
    expect(etag).toMatch(/^W\/"v1-g\d+-/)
    expect(
      (await get(fixture, '/v1/sources', { 'x-api-key': 'test-key-0123456789', 'if-none-match': etag }))
        .statusCode,
    ).toBe(304)

    // A failed run: no new generation, but the source's status is news.
    const runId = await recordParariusRun(
      fixture.store,
      {
        status: 'blocked',
        pages: 1,
        listings: 0,
        message: 'Blocked by cloudflare-challenge at https://www.pararius.com/',
      },
      { status: 'partial', exitCode: 3 },
    )

    const after = await get(fixture, '/v1/sources', {
      'x-api-key': 'test-key-0123456789',
      'if-none-match': etag,
    })
    expect(after.statusCode).toBe(200)
    const pararius = (after.json() as SourcesBody).data.find((s) => s.id === 'pararius')!
    expect(pararius).toMatchObject({ status: 'blocked', active_listings: 300 })
    expect(pararius.last_run).toMatchObject({ run_id: runId, message: expect.stringContaining('cloudflare') })
    expect(pararius.last_success).toBe(
      (first.json() as SourcesBody).data.find((s) => s.id === 'pararius')!.last_success,
    )
  })

  it('shows what a run stopped by a signal reports, though it was marked finished before it reported', async () => {
    const runId = await createRun(fixture.store, {
      kind: 'ingest',
      mode: 'live',
      sources: 'pararius',
      startedAt: new Date().toISOString(),
    })
    markRunStopped(fixture.store, runId)
    // Read between the mark and the report: what it says then is kept until something changes.
    expect(((await get(fixture, '/v1/sources')).json() as SourcesBody).data.length).toBeGreaterThan(0)
    await recordRunSource(fixture.store, {
      run_id: runId,
      source_id: 'pararius',
      status: 'stopped',
      pages: 1,
      pages_failed: 0,
      listings: 0,
      new_listings: 0,
      updated_listings: 0,
      withdrawn_listings: 0,
      rejected: 0,
      errors: 0,
      duration_ms: 10,
      message: 'Stopped before the crawl finished',
      requests_json: null,
    })
    await finishRun(fixture.store, runId, {
      status: 'stopped',
      exitCode: 3,
      report: {},
      finishedAt: new Date().toISOString(),
    })
    const pararius = ((await get(fixture, '/v1/sources')).json() as SourcesBody).data.find(
      (s) => s.id === 'pararius',
    )!
    expect(pararius).toMatchObject({ status: 'stopped', last_run: { run_id: runId } })
  })

  it('moves Last-Modified with every run, so If-Modified-Since cannot hide a run that published nothing', async () => {
    const first = await get(fixture, '/v1/sources')
    const lastModified = first.headers['last-modified'] as string
    expect(Date.parse(lastModified)).toBeGreaterThan(0)
    const since = { 'x-api-key': 'test-key-0123456789', 'if-modified-since': lastModified }
    expect((await get(fixture, '/v1/sources', since)).statusCode).toBe(304)
    // Last-Modified has whole seconds: a run in the same second as the last change would be missed.
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    const runId = await createRun(fixture.store, {
      kind: 'ingest',
      mode: 'live',
      sources: 'pararius',
      startedAt: new Date().toISOString(),
    })
    const after = await get(fixture, '/v1/sources', since)
    expect(after.statusCode).toBe(200)
    expect(Date.parse(after.headers['last-modified'] as string)).toBeGreaterThan(Date.parse(lastModified))
    await finishRun(fixture.store, runId, {
      status: 'failed',
      exitCode: 1,
      report: {},
      finishedAt: new Date().toISOString(),
    })
  })

  it("counts the last run's requests by kind and the age of the least recently verified listing", async () => {
    const { sqlite } = fixture.store
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString()
    const ids = sqlite
      .prepare("select id from observations where source_id = 'pararius' and status = 'active' order by id")
      .pluck()
      .all() as number[]
    const verify = sqlite.prepare('update observations set verified_at = ?, verified_by = ? where id = ?')
    const runWith = async (requests: string | null) => {
      await recordParariusRun(fixture.store, { requests_json: requests })
      return ((await get(fixture, '/v1/sources')).json() as SourcesBody).data
    }

    // Rows from before: no requests recorded, no listing verified.
    sqlite
      .prepare("update observations set verified_at = null, verified_by = null where source_id = 'pararius'")
      .run()
    let pararius = (await runWith(null)).find((s) => s.id === 'pararius')!
    expect(pararius.last_run?.requests).toBeNull()
    expect(pararius.oldest_unverified_seconds).toBeNull()

    // Most listings verified an hour ago, one three days ago, one never (unknown: left out), and a withdrawn listing
    // verified a week ago, which is no longer shown and so does not count.
    for (const id of ids) verify.run(hoursAgo(1), 'list', id)
    verify.run(hoursAgo(72), 'not-modified', ids[1])
    verify.run(null, null, ids[2])
    sqlite
      .prepare("update observations set status = 'withdrawn', verified_at = ? where id = ?")
      .run(hoursAgo(168), ids[3])
    try {
      const requests = { list: 12, detailNew: 3, detailChanged: 2, refresh: 5, notModified: 40 }
      const data = await runWith(JSON.stringify(requests))
      pararius = data.find((s) => s.id === 'pararius')!
      expect(pararius.last_run?.requests).toEqual({
        list: 12,
        detail_new: 3,
        detail_changed: 2,
        refresh: 5,
        not_modified: 40,
      })
      expect(pararius.oldest_unverified_seconds).toBeGreaterThanOrEqual(72 * 3600 - 5)
      expect(pararius.oldest_unverified_seconds).toBeLessThan(72 * 3600 + 60)
      // Registers have neither.
      for (const register of data.filter((s) => s.kind === 'register')) {
        expect(register.last_run?.requests ?? null).toBeNull()
        expect(register.oldest_unverified_seconds).toBeNull()
      }
    } finally {
      sqlite.prepare("update observations set status = 'active' where id = ?").run(ids[3])
    }

    // A record that is not an object counts nothing; a kind it lacks counts zero.
    expect((await runWith('not json')).find((s) => s.id === 'pararius')!.last_run?.requests).toBeNull()
    expect((await runWith('{"list":7}')).find((s) => s.id === 'pararius')!.last_run?.requests).toEqual({
      list: 7,
      detail_new: 0,
      detail_changed: 0,
      refresh: 0,
      not_modified: 0,
    })
  })

  it('is in the OpenAPI document with its schema', async () => {
    const doc = (await get(fixture, '/openapi.json', {})).json() as {
      paths: Record<string, { get: { security: unknown[] } }>
      components: { schemas: Record<string, unknown> }
    }
    expect(doc.paths['/v1/sources']?.get.security).toEqual([{ ApiKeyAuth: [] }])
    expect(doc.components.schemas.Source).toBeDefined()
  })
})
