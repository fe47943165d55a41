import { describe, expect, it } from 'vitest'
import type { FetchResponse } from './types.js'
import { conditionalHeaders, NO_VALIDATORS, validatorsOf } from './validators.js'

const url = 'https://example.nl/huis/1'
const etag = '"v1"'
const lastModified = 'Fri, 27 Nov 2026 01:00:00 GMT'

const response = (headers: Record<string, string>, rendered = false): FetchResponse => ({
  url,
  status: 200,
  headers,
  body: '<html></html>',
  fetchedAt: '2026-11-27T01:00:00.000Z',
  rendered,
})

describe('validators', () => {
  it('are read from the response headers, and a rendered page has none', () => {
    expect(validatorsOf(response({ etag, 'last-modified': lastModified }))).toEqual({ etag, lastModified })
    expect(validatorsOf(response({ etag }))).toEqual({ etag, lastModified: null })
    expect(validatorsOf(response({}))).toEqual(NO_VALIDATORS)
    expect(validatorsOf(response({ etag, 'last-modified': lastModified }, true))).toEqual(NO_VALIDATORS)
  })

  it('make a GET over HTTP conditional, each by the header that carries it', () => {
    expect(conditionalHeaders({ url, validators: { etag, lastModified } })).toEqual({
      'if-none-match': etag,
      'if-modified-since': lastModified,
    })
    expect(conditionalHeaders({ url, validators: { etag: null, lastModified } })).toEqual({
      'if-modified-since': lastModified,
    })
    expect(conditionalHeaders({ url, validators: NO_VALIDATORS })).toEqual({})
    expect(conditionalHeaders({ url })).toEqual({})
  })

  it('never make a POST conditional; a browser source’s GET over HTTP is', () => {
    const validators = { etag, lastModified }
    expect(conditionalHeaders({ url, method: 'POST', body: '{}', validators })).toEqual({})
    expect(conditionalHeaders({ url, render: 'browser', validators })).toEqual({
      'if-none-match': etag,
      'if-modified-since': lastModified,
    })
  })
})
