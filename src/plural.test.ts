import { describe, expect, it } from 'vitest'
import { summariseRun } from './ops/summarise-run.js'
import { count, plural } from './plural.js'

describe('counts with their noun', () => {
  it('are singular for exactly one, plural otherwise, with thousands separated', () => {
    expect([0, 1, 2, 1234].map((n) => count(n, 'page'))).toEqual([
      '0 pages',
      '1 page',
      '2 pages',
      '1,234 pages',
    ])
    expect(count(1, 'address', 'addresses')).toBe('1 address')
    expect(count(3, 'address', 'addresses')).toBe('3 addresses')
    expect(plural(1, 'error')).toBe('error')
  })

  it('read so in the line a run ends with', () => {
    const source = { source: 'feed', status: 'ok', pages: 1, listings: 1 }
    const report = { runId: 1, status: 'succeeded', exitCode: 0, sources: [source], problems: [] }
    expect(summariseRun(report as unknown as Parameters<typeof summariseRun>[0])).toBe(
      'Run 1 succeeded (exit 0): 1 listing from 1 source',
    )
  })
})
