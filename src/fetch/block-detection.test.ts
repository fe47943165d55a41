import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { OPEN, useHarness } from '../../test/fetch/harness.js'
import { INTERSTITIALS } from '../../test/fetch/interstitials.js'
import { PROJECT_ROOT } from '../config.js'
import { BlockedError } from '../errors.js'
import { detectBlock } from './block-detection.js'
import type { FetchResponse } from './types.js'

const h = useHarness()

const response = (body: string, status = 200, headers: Record<string, string> = {}): FetchResponse => ({
  url: 'https://example.nl/',
  status,
  headers,
  body,
  fetchedAt: '2026-11-20T02:00:00.000Z',
  rendered: false,
})

describe('block detection', () => {
  it.each([
    ['funda', 'funda-akamai-interstitial'],
    ['cloudflareNl', 'cloudflare-challenge'],
    ['cloudflareEn', 'cloudflare-challenge'],
    ['akamai', 'akamai-denial'],
  ] as const)(
    'a %s page served with HTTP 200 is a BlockedError, and the host is left alone after it',
    async (page, signal) => {
      const site = await h.site({ '/list': { body: INTERSTITIALS[page] }, '/next': { body: 'real' } })
      const { fetcher, events } = h.fetcher()

      const error = await fetcher.fetch({ url: site.url('/list') }, OPEN).catch((e: unknown) => e)

      expect(error).toBeInstanceOf(BlockedError)
      expect((error as BlockedError).context).toMatchObject({ status: 200, signal })
      expect(events).toContainEqual({ type: 'blocked', url: site.url('/list'), signal })
      await expect(fetcher.fetch({ url: site.url('/next') }, OPEN)).rejects.toThrow(/host blocked earlier/)
      expect(site.hits('/next')).toBe(0)
    },
  )

  it('a Cloudflare challenge sent with 503 is a block, not a throttle to wait out', async () => {
    const site = await h.site({ '/c': { status: 503, body: INTERSTITIALS.cloudflareEn } })
    const { fetcher, sleeps } = h.fetcher()
    await expect(fetcher.fetch({ url: site.url('/c') }, OPEN)).rejects.toBeInstanceOf(BlockedError)
    expect([site.hits('/c'), sleeps.length]).toEqual([1, 0])
  })

  it('recognises the cf-mitigated header and a bare 403', () => {
    expect(detectBlock(response('', 403, { 'cf-mitigated': 'challenge' }))).toMatch(/cf-mitigated/)
    expect(detectBlock(response('<h1>Forbidden</h1>', 403))).toBe('http-403')
  })

  it('leaves real pages alone, including a large one with a reCAPTCHA contact form', () => {
    const listing = `<html><head><title>Flat for rent</title></head><body>${'<p>lorem ipsum</p>'.repeat(5_000)}
      <form class="contact"><div class="g-recaptcha" data-sitekey="x"></div></form></body></html>`
    expect(detectBlock(response(listing))).toBeNull()
    expect(detectBlock(response('<form><div class="g-recaptcha"></div></form>'))).toBe('captcha')
    expect(detectBlock(response('{"results":[]}'))).toBeNull()
  })

  it("calls every source's recorded blocked-* fixture a block, and none of its real pages", () => {
    const root = join(PROJECT_ROOT, 'sources')
    const pages = readdirSync(root).flatMap((id) => {
      const folder = join(root, id, 'fixtures')
      if (!existsSync(folder)) return []
      return readdirSync(folder)
        .filter((f) => /^(blocked|list|detail)-.*(?<!\.expected)\.(html|json)$/.test(f))
        .map((f) => ({ file: `${id}/${f}`, body: readFileSync(join(folder, f), 'utf8') }))
    })
    const verdicts = pages.map((p) => [p.file, detectBlock(response(p.body)) !== null])
    expect(verdicts).toEqual(pages.map((p) => [p.file, p.file.split('/')[1]!.startsWith('blocked-')]))
    expect(verdicts.length).toBeGreaterThan(5)
  })
})
