import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { notifyRun, type RunNotification } from '../../src/ops/notify-run.js'
import { operateRun } from '../../src/ops/operate-run.js'
import type { RunReport } from '../../src/pipeline/ingest.js'
import type { Logger } from '../../src/pipeline/logger.js'
import { openStore, type Store } from '../../src/store/database.js'
import { createRun } from '../../src/store/runs.repository.js'
import { useTempDir } from '../helpers/temp-dir.js'

/** A 127.0.0.1 receiver that records every POST and answers with `status`. */
const received: { body: RunNotification; contentType: string | undefined }[] = []
let status = 204
let server: Server
let url = ''
const dir = useTempDir()
let store: Store
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => {
      body += chunk
    })
    req.on('end', () => {
      received.push({ body: JSON.parse(body) as RunNotification, contentType: req.headers['content-type'] })
      res.writeHead(status).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`
  store = await openStore(join(dir, 'propdata.db'))
})
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  await store.close()
})

const recordingLogger = () => {
  const lines: string[] = []
  const logger: Logger = {
    debug: (m) => lines.push(`debug ${m}`),
    info: (m) => lines.push(`info ${m}`),
    warn: (m) => lines.push(`warn ${m}`),
    error: (m) => lines.push(`error ${m}`),
  }
  return { lines, logger }
}

const report = (overrides: Partial<RunReport> & Pick<RunReport, 'status' | 'exitCode'>): RunReport => ({
  runId: 7,
  mode: 'live',
  startedAt: '2025-01-01T02:00:00.000Z',
  finishedAt: '2025-01-01T02:10:00.000Z',
  durationMs: 600_000,
  generation: 3,
  sources: [],
  archive: null,
  timings: { normaliseMs: 0, resolveMs: 0, stageMs: 0 },
  normalised: 0,
  goldenRecords: null,
  problems: [],
  leftOut: [],
  ...overrides,
})

const blocked = report({
  status: 'partial',
  exitCode: 3,
  sources: [
    {
      source: 'pararius',
      status: 'blocked',
      message: 'Blocked by cloudflare-challenge at https://www.pararius.com/huurwoningen/amsterdam',
      pages: 1,
      pagesFailed: 0,
      listings: 0,
      unchanged: 0,
      pagesUnchanged: 0,
      pagesNotModified: 0,
      rejected: 0,
      errors: 0,
      searches: 1,
      searchesComplete: 0,
      budgetCut: false,
      durationMs: 100,
      new: 0,
      updated: 0,
      withdrawn: 0,
    },
  ],
  problems: [
    'pararius: blocked: Blocked by cloudflare-challenge at https://www.pararius.com/huurwoningen/amsterdam',
  ],
})

const operate = (run: () => Promise<RunReport>, notifyUrl = url) =>
  operateRun({ store, dataDir: dir, retentionDays: 30, logger: recordingLogger().logger, notifyUrl, run })

describe('--notify', () => {
  it('POSTs the report as JSON when a source is blocked, with a one-line text naming the source and why', async () => {
    received.length = 0
    const result = await operate(async () => blocked)
    expect(result.exitCode).toBe(3)
    expect(received).toHaveLength(1)
    expect(received[0]?.contentType).toBe('application/json')
    expect(received[0]?.body).toMatchObject({ status: 'partial', runId: 7, report: { runId: 7 } })
    expect(received[0]?.body.text).toMatch(
      /^Run 7 partial \(exit 3\): pararius: blocked: Blocked by cloudflare-challenge/,
    )
  })

  it('POSTs when a source is degraded, saying why and that it withdrew nothing', async () => {
    received.length = 0
    const message = '6 of 7 listings rejected (86 %; more than 20 %)'
    const source = { ...blocked.sources[0]!, source: 'feed', status: 'degraded' as const, message }
    await operate(async () => ({ ...blocked, sources: [source], problems: [`feed: degraded: ${message}`] }))
    expect(received).toHaveLength(1)
    expect(received[0]?.body.text).toBe(
      `Run 7 partial (exit 3): feed: degraded: ${message}; degraded sources publish what validated and withdraw nothing`,
    )
  })

  it('POSTs when a source is degraded by a field that emptied, saying that it kept its listings', async () => {
    received.length = 0
    const message = 'postcode fill 98 % → 41 % (median of 5); a fall of 20 points or more'
    const source = {
      ...blocked.sources[0]!,
      source: 'funda',
      status: 'degraded' as const,
      message,
      degradedBy: ['fill-rate'],
    }
    await operate(async () => ({ ...blocked, sources: [source], problems: [`funda: degraded: ${message}`] }))
    expect(received).toHaveLength(1)
    expect(received[0]?.body.text).toBe(
      `Run 7 partial (exit 3): funda: degraded: ${message}; degraded sources withdraw nothing, and one whose fields emptied keeps its listings as they were`,
    )
  })

  it('links the status page when PROPDATA_STATUS_URL says where it is', async () => {
    received.length = 0
    const statusUrl = 'https://data.example.nl/status'
    await operateRun({
      store,
      dataDir: dir,
      retentionDays: 30,
      logger: recordingLogger().logger,
      notifyUrl: url,
      statusUrl,
      run: async () => blocked,
    })
    expect(received[0]?.body).toMatchObject({ statusUrl, runId: 7 })
    expect(received[0]?.body.text).toMatch(
      /^Run 7 partial .* \(status: https:\/\/data\.example\.nl\/status\)$/,
    )
  })

  it('stays quiet when every source was fine', async () => {
    received.length = 0
    await operate(async () => report({ status: 'succeeded', exitCode: 0 }))
    expect(received).toHaveLength(0)
  })

  it('reports a run that threw, and closes it as failed with the reason', async () => {
    received.length = 0
    await expect(
      operate(async () => {
        await createRun(store, {
          kind: 'ingest',
          mode: 'live',
          sources: 'pararius',
          startedAt: new Date().toISOString(),
        })
        throw new Error('disk full')
      }),
    ).rejects.toThrow('disk full')
    expect(received[0]?.body).toMatchObject({ status: 'failed', report: null, error: 'disk full' })
    const run = store.sqlite.prepare('select status, report_json from runs order by id desc limit 1').get()
    expect(run).toEqual({ status: 'failed', report_json: JSON.stringify({ error: 'disk full' }) })
  })

  it('logs a refused or unreachable receiver and never changes the outcome', async () => {
    status = 500
    const refused = recordingLogger()
    expect(await notifyRun(url, { text: 'x', status: 'failed', runId: 1, report: null }, refused)).toBe(false)
    expect(refused.lines.join('\n')).toMatch(/warn Notification to .* was refused: HTTP 500/)
    status = 204

    const down = recordingLogger()
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/`
    await new Promise((resolve) => closed.close(resolve))
    const result = await operateRun({
      store,
      dataDir: dir,
      retentionDays: 30,
      logger: down.logger,
      notifyUrl: deadUrl,
      run: async () => blocked,
    })
    expect(result.exitCode).toBe(3)
    expect(down.lines.join('\n')).toMatch(/warn Notification to .* failed: .*ECONNREFUSED/)
  })
})
