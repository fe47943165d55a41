import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import wordpress from '../../sources/_presets/wordpress/index.js'
import { runIngest } from '../../src/pipeline/ingest.js'
import { openStore } from '../../src/store/database.js'
import { type StaticAnswer, startLocalSite } from '../fetch/local-site.js'
import { exampleFolder, exampleOnPreset } from '../helpers/preset-site.js'
import { testConfig } from '../helpers/sample-database.js'
import { SILENT_LOGGER } from '../helpers/silent-logger.js'
import { useTempDir } from '../helpers/temp-dir.js'

const dir = useTempDir()
const example = parse(readFileSync(join(exampleFolder(wordpress), 'source.yml'), 'utf8')) as {
  options: Record<string, unknown>
}
const posts = JSON.parse(
  readFileSync(join(exampleFolder(wordpress), 'fixtures', 'list-woning.json'), 'utf8'),
) as { id: number }[]
const postsOf = (...ids: number[]) => ids.map((id) => posts.find((p) => p.id === id)!)

/** A page of WordPress's list, with the number of pages in its header as WordPress sends it. */
const page = (ids: number[], totalPages: number): StaticAnswer => ({
  headers: { 'content-type': 'application/json', 'x-wp-totalpages': String(totalPages) },
  body: JSON.stringify(postsOf(...ids)),
})
/** What WordPress answers for a page past the last. */
const PAST_THE_LAST: StaticAnswer = {
  status: 400,
  headers: { 'content-type': 'application/json' },
  body: '{"code":"rest_post_invalid_page_number","message":"The page number requested is larger than the number of pages available.","data":{"status":400}}',
}

describe('a list page remembered by the memo', () => {
  it('is read again when its body stayed but its paging headers changed, so no page past the last is asked for', async () => {
    const first = '/wp-json/wp/v2/woning?per_page=2&page=1'
    const second = '/wp-json/wp/v2/woning?per_page=2&page=2'
    // Night one: two pages. By night two the one post of page two was let and taken off: page one is unchanged,
    // but the list has one page now and WordPress refuses page two.
    const site = await startLocalSite({ [first]: page([412, 409], 2), [second]: page([398], 2) })
    try {
      const config = testConfig(dir)
      const store = await openStore(config.dbPath)
      const source = exampleOnPreset(wordpress, {
        homepage: `${site.origin}/`,
        politeness: { concurrency: 1, intervalCap: 100, interval: 1000 },
        options: { ...example.options, perPage: 2 },
      })
      const run = () =>
        runIngest({
          store,
          config,
          sources: [source],
          logger: SILENT_LOGGER,
          scope: { cities: ['Utrecht'], types: ['rent', 'buy'] },
          mode: 'live',
        })
      expect((await run()).sources[0]).toMatchObject({ status: 'ok', listings: 3 })

      site.route(first, page([412, 409], 1))
      site.route(second, PAST_THE_LAST)
      const night = await run()
      expect(site.hits(second)).toBe(1)
      expect(night.sources[0]).toMatchObject({ status: 'ok', listings: 2 })
      await store.close()
    } finally {
      await site.close()
    }
  })
})
