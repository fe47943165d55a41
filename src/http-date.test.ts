import { describe, expect, it } from 'vitest'
import { formatHttpDate, parseHttpDate } from './http-date.js'

describe('parseHttpDate', () => {
  const when = Date.UTC(1994, 10, 6, 8, 49, 37)
  it.each([
    ['Sun, 06 Nov 1994 08:49:37 GMT', 'IMF-fixdate'],
    ['Sunday, 06-Nov-94 08:49:37 GMT', 'the obsolete RFC 850 form'],
    ['Sun Nov  6 08:49:37 1994', 'the obsolete asctime() form'],
  ])('reads %s (%s)', (text) => {
    expect(parseHttpDate(text)).toBe(when)
  })
  it.each([
    '',
    'yesterday',
    '1994-11-06T08:49:37Z',
    '784111777',
    'Sun, 06 Nov 1994 08:49:37 CET',
    'Sun, 6 Nov 1994 08:49:37 GMT',
    'Sun, 31 Feb 1994 08:49:37 GMT',
    'Sun, 06 Nov 1994 24:49:37 GMT',
    'Sun, 06 Nov 1994 08:49:37 GMT, Mon, 07 Nov 1994 08:49:37 GMT',
  ])('is not fooled by %j', (text) => {
    expect(parseHttpDate(text)).toBeNull()
  })
  it('reads what formatHttpDate writes, to the second', () => {
    const iso = '2026-11-26T13:25:40.169Z'
    expect(parseHttpDate(formatHttpDate(iso))).toBe(Date.parse('2026-11-26T13:25:40Z'))
  })
})
