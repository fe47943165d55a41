import { describe, expect, it } from 'vitest'
import { negotiateCoding } from './content-encoding.js'

describe('negotiateCoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['deflate', null],
    ['gzip', 'gzip'],
    ['GZIP', 'gzip'],
    ['br', 'br'],
    ['gzip, deflate, br', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0.1', 'gzip'],
    ['*', 'br'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['gzip;q=0', null],
    ['gzip;q=NaN', null],
    ['gzip;q=2', null],
    ['gzip;q=1.000, br;q=0.999', 'gzip'],
    [' gzip ; q=0.8 ,, br ; q = 0.9 ', 'br'],
  ])('%j → %j', (header, coding) => {
    expect(negotiateCoding(header)).toBe(coding)
  })
})
