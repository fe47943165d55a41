import { describe, expect, it } from 'vitest'
import { summariseRun } from './summarise-run.js'

type Report = Parameters<typeof summariseRun>[0]

/** A source's line in a report: only what the summary reads. */
const line = (source: string, status: string, message: string | null) =>
  ({ source, status, message, listings: 0 }) as unknown as Report['sources'][number]

/** What a live run prints for a source when the machine has no network: robots.txt cannot be fetched. */
const offline = (host: string) =>
  `robots.txt refused every start page: Not fetched, https://${host}/robots.txt unreachable (fetch failed: ENOTFOUND (4 attempts)), so RFC 9309 means complete disallow: https://${host}/aanbod?page=1 at https://${host}/aanbod?page=1`

const reportOf = (sources: Report['sources']): Report => ({
  runId: 1,
  status: 'failed',
  exitCode: 1,
  sources,
  problems: sources.map((s) => `${s.source}: ${s.status}: ${s.message ?? 'no detail'}`),
})

describe('the line a run ends with', () => {
  it('groups the sources of a night without network under one cause, and stays short', () => {
    const sources = [
      ...Array.from({ length: 28 }, (_, i) =>
        line(`site-${i + 1}`, 'failed', offline(`www.site-${i + 1}.nl`)),
      ),
      ...['a', 'b', 'c', 'd'].map((s) => line(`render-${s}`, 'failed', 'no page could be fetched')),
    ]
    const summary = summariseRun(reportOf(sources))
    expect(summary).toBe(
      'Run 1 failed (exit 1): 28 sources failed: network error ENOTFOUND (host name not found: is the network or DNS down?) (site-1, site-2, site-3 and 25 more); ' +
        '4 sources failed: no page could be fetched (render-a, render-b, render-c and 1 more); failed and blocked sources keep their previous data',
    )
    expect(summary).not.toContain('\n')
    expect(summary.length).toBeLessThan(400)
  })

  it('keeps the whole message of a source alone in its trouble, with its URL', () => {
    const summary = summariseRun(
      reportOf([
        line(
          'pararius',
          'blocked',
          'Blocked by cloudflare-challenge at https://www.pararius.com/apartments/amsterdam',
        ),
        line('funda', 'failed', offline('www.funda.nl')),
        line('kamernet', 'failed', offline('kamernet.nl')),
      ]),
    )
    expect(summary).toBe(
      'Run 1 failed (exit 1): 2 sources failed: network error ENOTFOUND (host name not found: is the network or DNS down?) (funda, kamernet); ' +
        'pararius: blocked: Blocked by cloudflare-challenge at https://www.pararius.com/apartments/amsterdam; failed and blocked sources keep their previous data',
    )
  })

  it('groups alike messages whatever URLs they name, and counts the sources of groups past the fourth', () => {
    const blocked = (site: string) =>
      line(site, 'blocked', `Blocked by cloudflare-challenge at https://${site}.nl/zoeken`)
    const summary = summariseRun(
      reportOf([
        blocked('x'),
        blocked('y'),
        ...['p', 'q', 'r', 's', 't'].map((s) => line(s, 'failed', `Layout changed? ${s} differs`)),
      ]),
    )
    expect(summary).toBe(
      'Run 1 failed (exit 1): 2 sources blocked: Blocked by cloudflare-challenge at … (x, y); p: failed: Layout changed? p differs; ' +
        'q: failed: Layout changed? q differs; r: failed: Layout changed? r differs; 2 more sources with other problems; failed and blocked sources keep their previous data',
    )
  })
})
