import { describe, expect, it } from 'vitest'
import { OPEN, useHarness } from '../../test/fetch/harness.js'
import { RobotsDisallowedError } from '../errors.js'
import { robotsAgentOf } from './robots.js'

const h = useHarness()
const text = (body: string, status = 200) => ({ status, headers: { 'content-type': 'text/plain' }, body })

describe('fetcher: robots.txt', () => {
  it('never fetches a disallowed path, fetches allowed ones, and reads robots.txt once per origin', async () => {
    const site = await h.site({
      '/robots.txt': text('User-agent: *\nDisallow: /private/\n'),
      '/public': { body: 'hello' },
      '/private/page': { body: 'secret' },
    })
    const { fetcher } = h.fetcher()

    await expect(fetcher.fetch({ url: site.url('/private/page') }, OPEN)).rejects.toBeInstanceOf(
      RobotsDisallowedError,
    )
    await fetcher.fetch({ url: site.url('/public') }, OPEN)
    await fetcher.fetch({ url: site.url('/public?again') }, OPEN)

    expect(site.hits('/private/page')).toBe(0)
    expect(site.hits('/public')).toBe(2)
    expect(site.hits('/robots.txt')).toBe(1)
  })

  it('says what robots.txt rules for a URL before anything is fetched there, reading it once', async () => {
    const site = await h.site({
      '/robots.txt': text('User-agent: *\nDisallow: /private/\nCrawl-delay: 2\n'),
      '/public': { body: 'hello' },
    })
    const { fetcher } = h.fetcher()

    const rules = await fetcher.robots(site.url('/public'), OPEN)
    expect(rules).toMatchObject({ status: 200, crawlDelaySeconds: 2 })
    expect([rules.isAllowed(site.url('/public')), rules.isAllowed(site.url('/private/a'))]).toEqual([
      true,
      false,
    ])
    await fetcher.fetch({ url: site.url('/public') }, OPEN)
    expect([site.hits('/robots.txt'), site.hits('/public')]).toEqual([1, 1])

    const missing = await h.site({ '/a': { body: 'a' } })
    expect(await fetcher.robots(missing.url('/a'), OPEN)).toMatchObject({ status: 404 })
  })

  it('honours crawl-delay: every request after the first waits that long for its turn', async () => {
    const site = await h.site({ '/robots.txt': text('User-agent: *\nCrawl-delay: 3\n'), '/a': { body: 'a' } })
    const { fetcher, sleeps } = h.fetcher()

    for (const q of ['1', '2', '3']) await fetcher.fetch({ url: site.url(`/a?${q}`) }, OPEN)

    expect(sleeps).toHaveLength(2)
    for (const ms of sleeps) {
      expect(ms).toBeGreaterThan(2_900)
      expect(ms).toBeLessThanOrEqual(3_000)
    }
  })

  it('matches the group named by the first word of our User-Agent', async () => {
    const site = await h.site({
      '/robots.txt': text('User-agent: *\nAllow: /\n\nUser-agent: propdata\nDisallow: /listings\n'),
    })
    const { fetcher } = h.fetcher()
    await expect(fetcher.fetch({ url: site.url('/listings') }, OPEN)).rejects.toThrow(
      /robots.txt disallows it/,
    )
    expect(robotsAgentOf('propdata/0.1 (+https://example.org)')).toBe('propdata')
    expect(robotsAgentOf('AcmeBot 2.0')).toBe('acmebot')
  })

  it('assumes complete disallow when robots.txt answers 5xx (after its retries), and says why', async () => {
    const site = await h.site({ '/robots.txt': text('down', 500), '/a': { body: 'a' } })
    const { fetcher } = h.fetcher({ retry: { maxRetries: 1 } })

    const error = await fetcher.fetch({ url: site.url('/a') }, OPEN).catch((e: unknown) => e)

    expect(error).toBeInstanceOf(RobotsDisallowedError)
    expect((error as Error).message).toBe(
      `Not fetched, ${site.url('/robots.txt')} answered HTTP 500, so RFC 9309 means complete disallow: ${site.url('/a')}`,
    )
    expect([site.hits('/robots.txt'), site.hits('/a')]).toEqual([2, 0])
  })

  it('allows everything when robots.txt is missing (4xx), and retries a robots.txt that failed once', async () => {
    const site = await h.site({
      '/robots.txt': (_q, _r, hit) => (hit === 1 ? text('', 503) : text('User-agent: *\nDisallow: /x\n')),
      '/a': { body: 'a' },
    })
    const { fetcher } = h.fetcher()
    await fetcher.fetch({ url: site.url('/a') }, OPEN)
    await expect(fetcher.fetch({ url: site.url('/x') }, OPEN)).rejects.toBeInstanceOf(RobotsDisallowedError)

    const bare = await h.site({ '/a': { body: 'a' } })
    expect((await fetcher.fetch({ url: bare.url('/a') }, OPEN)).body).toBe('a')
  })

  it('ignores crawl-delay in a replay (nothing to be polite to), but still honours Disallow', async () => {
    const site = await h.site({
      '/robots.txt': text('User-agent: *\nCrawl-delay: 30\nDisallow: /no\n'),
      '/a': { body: 'a' },
    })
    const { fetcher, sleeps } = h.fetcher({ ignorePoliteness: true })
    for (const q of ['1', '2']) await fetcher.fetch({ url: site.url(`/a?${q}`) }, OPEN)
    await expect(fetcher.fetch({ url: site.url('/no') }, OPEN)).rejects.toBeInstanceOf(RobotsDisallowedError)
    expect(sleeps).toEqual([])
  })
})
