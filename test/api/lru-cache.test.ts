import { describe, expect, it } from 'vitest'
import { LruCache } from '../../src/api/lru-cache.js'

describe('LruCache', () => {
  it('evicts the least recently used entry beyond its entry and size bounds', () => {
    const cache = new LruCache<string>(2, 100)
    cache.set('a', 'A')
    cache.set('b', 'B')
    expect(cache.get('a')).toBe('A') // a is now the most recent
    cache.set('c', 'C')
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual(['A', undefined, 'C'])
    cache.set('big', 'x'.repeat(100)) // with c it would hold 101 characters
    expect(cache.stats).toEqual({ entries: 1, chars: 100 })
  })

  it('with admitOnSecondSet keeps a value only when its key comes back, so one-off keys evict nothing', () => {
    const cache = new LruCache<string>(2, 100, { admitOnSecondSet: true })
    cache.set('hot', 'H')
    expect(cache.get('hot')).toBeUndefined()
    cache.set('hot', 'H')
    expect(cache.get('hot')).toBe('H')
    for (let i = 0; i < 50; i++) cache.set(`once-${i}`, 'O')
    expect(cache.get('hot')).toBe('H')
    expect(cache.stats.entries).toBe(1)
    cache.clear()
    cache.set('hot', 'H')
    expect(cache.get('hot')).toBeUndefined() // clear() forgets what was seen too
  })
})
