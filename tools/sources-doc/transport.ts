import type { Source } from '../../src/kit/adapter.js'
import { listFixtures, sourceFolder } from '../../test/contract/source-fixtures.js'

/** How a source's listings reach the pipeline, as the catalogue names it. */
export type Transport = 'file' | 'browser' | 'json' | 'http'

/**
 * A file source reads a delivered `file`; a crawl rendered in Chromium is `browser`; a crawl over HTTP is `json` when
 * the list pages it was recorded answering are all JSON (`fixtures/list-*.json`: the site's own JSON API), else
 * `http` (HTML pages). The fixtures decide because they are the site's real answers, which the contract suite holds
 * every source to.
 */
export function transportOf(source: Source): Transport {
  if (source.kind === 'file') return 'file'
  if (source.render === 'browser') return 'browser'
  const lists = listFixtures(sourceFolder(source.id), 'crawl').filter((f) => f.kind === 'list')
  return lists.length > 0 && lists.every((f) => f.file.endsWith('.json')) ? 'json' : 'http'
}
