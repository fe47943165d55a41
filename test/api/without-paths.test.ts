import { describe, expect, it } from 'vitest'
import { withoutPaths } from '../../src/api/without-paths.js'

describe('withoutPaths', () => {
  it('reduces every file path in a run message to its base name', () => {
    expect(withoutPaths('The file is empty: /srv/uploads/partner/feed.csv')).toBe(
      'The file is empty: feed.csv',
    )
    expect(withoutPaths("ENOENT: no such file or directory, open '/var/lib/propdata/bag.zip'")).toBe(
      "ENOENT: no such file or directory, open 'bag.zip'",
    )
    expect(withoutPaths('No BAG objects found in /home/op/bag/: is it a BAG 2.0 extract?')).toBe(
      'No BAG objects found in bag/: is it a BAG 2.0 extract?',
    )
    expect(withoutPaths('read ./data/x.csv and ~/exports/y.zip')).toBe('read x.csv and y.zip')
  })

  it('keeps URLs and slashes that are not paths', () => {
    const blocked = 'Blocked by cloudflare-challenge at https://www.pararius.com/huurwoningen/amsterdam/'
    expect(withoutPaths(blocked)).toBe(blocked)
    expect(withoutPaths('rent/buy, 1/2 of the pages, a / b')).toBe('rent/buy, 1/2 of the pages, a / b')
  })
})
