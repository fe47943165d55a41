import { describe, expect, it } from 'vitest'
import {
  BlockedError,
  BrowserUnavailableError,
  FetchError,
  LayoutChangedError,
  ParseError,
  RobotsDisallowedError,
} from '../errors.js'
import type { SourceRequest } from '../kit/adapter.js'
import { decideOutcome, failedOutcome, newTally, triageError } from './crawl-outcome.js'
import { NO_SEARCHES } from './search-frontier.js'

const list: SourceRequest = { url: 'https://homes.test/huur', label: 'list' }
const detail: SourceRequest = { url: 'https://homes.test/huis/7', label: 'detail' }

describe("a crawl's triage", () => {
  it('stops the source on a block or a missing browser, and names what stopped it', () => {
    const blocked = newTally()
    expect(triageError(blocked, new BlockedError('Blocked by captcha', { url: list.url }), list)).toBe(
      'blocked',
    )
    expect(triageError(blocked, new BlockedError('Blocked again', { url: detail.url }), detail)).toBe(
      'blocked',
    )
    expect(blocked).toMatchObject({ blocked: `Blocked by captcha at ${list.url}`, errors: 0 })
    const noBrowser = newTally()
    const missing = new BrowserUnavailableError('no Chromium', { executablePath: null })
    expect(triageError(noBrowser, missing, list)).toBe('no-browser')
    expect(decideOutcome(noBrowser, false, 0, NO_SEARCHES)).toMatchObject({
      status: 'skipped',
      message: 'Needs a browser: no Chromium',
    })
  })

  it('loses one request for any other error, counted by kind', () => {
    const t = newTally()
    expect(triageError(t, new RobotsDisallowedError(list.url), list)).toBe('lost')
    expect(triageError(t, new FetchError('HTTP 500', { url: list.url }), list)).toBe('lost')
    expect(triageError(t, new FetchError('HTTP 404', { url: detail.url }), detail)).toBe('lost')
    // A detail page that no longer parses is one page's error; a list page that does not is a layout change.
    expect(triageError(t, new ParseError('no price', { url: detail.url }), detail)).toBe('lost')
    expect(t.layout).toBeNull()
    expect(triageError(t, new ParseError('no cards', { url: list.url }), list)).toBe('lost')
    expect(triageError(t, new LayoutChangedError('empty', { url: list.url }), list)).toBe('lost')
    expect(t).toMatchObject({
      errors: 6,
      robotsRefused: 1,
      pagesFailed: 2,
      listPagesLost: 1,
      layout: `no cards at ${list.url}`,
      lastError: `empty at ${list.url}`,
    })
  })
})

describe('a failed outcome', () => {
  it('is a crawl that counted nothing but its one error, and withdraws nothing', () => {
    expect(failedOutcome('The feed file is missing')).toEqual({
      status: 'failed',
      message: 'The feed file is missing',
      pages: 0,
      pagesFailed: 0,
      listings: 0,
      unchanged: 0,
      pagesUnchanged: 0,
      pagesNotModified: 0,
      requests: { list: 0, detailNew: 0, detailChanged: 0, refresh: 0, notModified: 0 },
      rejected: 0,
      errors: 1,
      layoutChanged: false,
      complete: false,
      truncated: false,
      searches: 0,
      searchesComplete: 0,
      budgetCut: false,
      completedSearches: [],
      durationMs: 0,
    })
  })
})
