import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import type { RunEvent } from '../pipeline/run-events.js'
import { createJsonRunLog } from './json-run-log.js'
import { createTtyProgress } from './tty-progress.js'

/** A short run: two sources, one fine, one blocked after a failed page and a reject. */
const EVENTS: RunEvent[] = [
  { type: 'run-start', runId: 42, sources: ['pararius', 'funda'], mode: 'live' },
  { type: 'source-start', runId: 42, source: 'pararius' },
  { type: 'source-start', runId: 42, source: 'funda' },
  { type: 'page', runId: 42, source: 'pararius', url: 'https://www.pararius.com/a', label: 'list', ok: true },
  { type: 'listing', runId: 42, source: 'pararius' },
  { type: 'listing', runId: 42, source: 'pararius' },
  { type: 'page', runId: 42, source: 'funda', url: 'https://www.funda.nl/x', label: 'detail', ok: false },
  { type: 'reject', runId: 42, source: 'funda', reason: 'priceEur: expected a number' },
  { type: 'source-end', runId: 42, source: 'pararius', status: 'ok', message: null },
  {
    type: 'source-end',
    runId: 42,
    source: 'funda',
    status: 'blocked',
    message: 'Blocked by captcha at https://www.funda.nl/x',
  },
  { type: 'stage', runId: 42, stage: 'dedupe', ms: 12.4 },
  { type: 'stage', runId: 42, stage: 'publish', ms: 40 },
  { type: 'run-end', runId: 42, status: 'partial', exitCode: 3 },
]

const collect = () => {
  let text = ''
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk
      done()
    },
  })
  return { stream, text: () => text }
}

const ESC = String.fromCharCode(27)
const stripAnsi = (s: string) => s.replace(new RegExp(`${ESC}\\[[0-9;]*[A-Za-z]`, 'g'), '')

describe('JSON log lines (outside a terminal)', () => {
  const run = (level: 'info' | 'debug' | 'error') => {
    const out = collect()
    const log = createJsonRunLog({ stream: out.stream, level, progressEveryMs: 0 })
    log.logger.info('Run 42 started (live): pararius, funda', { runId: 42 })
    for (const event of EVENTS) log.onEvent(event)
    log.logger.error('Notification failed', { runId: 42 })
    log.close()
    return out
      .text()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>)
  }

  it('writes one JSON object per line, each carrying the run id exactly once', () => {
    const lines = run('info')
    expect(lines.length).toBeGreaterThan(4)
    for (const line of lines) expect(line).toMatchObject({ runId: 42, name: 'propdata' })
    expect(lines.find((l) => l.event === 'source-end' && l.source === 'pararius')).toMatchObject({
      level: 30,
      status: 'ok',
      pages: 1,
      listings: 2,
    })
    expect(lines.find((l) => l.event === 'source-end' && l.source === 'funda')).toMatchObject({
      level: 40,
      status: 'blocked',
      errors: 1,
      rejected: 1,
      message: 'Blocked by captcha at https://www.funda.nl/x',
    })
    expect(lines.at(-2)).toMatchObject({ event: 'run-end', status: 'partial', exitCode: 3 })
    expect(lines.some((l) => l.event === 'page-failed')).toBe(false)
  })

  it('adds every failed page and reject with --verbose, and keeps only errors with --quiet', () => {
    expect(run('debug').find((l) => l.event === 'page-failed')).toMatchObject({
      level: 20,
      source: 'funda',
      url: 'https://www.funda.nl/x',
    })
    expect(run('error').map((l) => l.msg)).toEqual(['Notification failed'])
  })
})

describe('live progress (in a terminal)', () => {
  const render = (options: { verbose?: boolean; columns?: number } = {}) => {
    const out = collect()
    let clock = 0
    const stream = { write: (s: string) => out.stream.write(s), columns: options.columns ?? 200 }
    const tty = createTtyProgress({
      stream,
      verbose: options.verbose,
      redrawMs: 0,
      now: () => (clock += 250),
    })
    for (const event of EVENTS.slice(0, 6)) tty.onEvent(event)
    tty.logger.info('a log line')
    for (const event of EVENTS.slice(6)) tty.onEvent(event)
    tty.close()
    return out.text()
  }

  it('redraws the block in place with cursor movement, and prints log lines above it', () => {
    const text = render()
    expect(text).toMatch(new RegExp(`${ESC}\\[\\d+A\r${ESC}\\[J`)) // up over the old block, then erase it
    const plain = stripAnsi(text)
    expect(plain).toContain('a log line\n')
    const finalBlock = plain.slice(plain.lastIndexOf('run 42 · live'))
    expect(finalBlock).toMatch(
      /pararius\s+ok\s+1 page\s+2 listings\s+0 rejected\s+0 errors\s+[\d.]+ pages\/s/,
    )
    expect(finalBlock).toMatch(
      /funda\s+blocked\s+0 pages\s+0 listings\s+1 rejected\s+1 error\s.*Blocked by captcha/,
    )
    expect(finalBlock).toMatch(/stages\s+crawl done · dedupe 12 ms · publish 40 ms · run partial \(exit 3\)/)
  })

  it('shows a waiting source and the crawl count while sources run', () => {
    const out = collect()
    const tty = createTtyProgress({
      stream: { write: (s: string) => out.stream.write(s) },
      redrawMs: 0,
      now: () => 0,
    })
    tty.onEvent(EVENTS[0]!)
    tty.onEvent(EVENTS[1]!)
    const plain = stripAnsi(out.text())
    expect(plain).toMatch(/funda\s+waiting/)
    expect(plain).toContain('crawl 0/2 sources done')
    tty.close()
  })

  it('cuts lines to the terminal width so the redraw stays in place', () => {
    const lines = stripAnsi(render({ columns: 50 })).split('\n')
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(50)
  })

  it('prints every failed page and reject above the bars with --verbose', () => {
    const plain = stripAnsi(render({ verbose: true }))
    expect(plain).toContain('funda: detail page failed: https://www.funda.nl/x')
    expect(plain).toContain('funda: rejected: priceEur: expected a number')
  })
})
