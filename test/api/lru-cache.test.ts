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

  it('stays within its bounds over many keys, and keeps an entry that is read between writes', () => {
    const cache = new LruCache<string>(100, 10_000)
    for (let i = 0; i < 10_000; i++) {
      cache.set(`k${i}`, 'v'.repeat(i % 300))
      expect(cache.get('k0')).toBe('') // read after every write: it never falls out
      expect(cache.stats.entries).toBeLessThanOrEqual(100)
      expect(cache.stats.chars).toBeLessThanOrEqual(10_000)
    }
    expect(cache.get('k9999')).toBe('v'.repeat(9999 % 300))
    expect(cache.get('k5000')).toBeUndefined()
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

  it('with admitOnSecondSet admits nothing from a repeated walk over more keys than it holds', () => {
    const cache = new LruCache<string>(10, 1000, { admitOnSecondSet: true })
    cache.set('hot', 'H')
    cache.set('hot', 'H')
    for (let walk = 0; walk < 3; walk++) for (let i = 0; i < 40; i++) cache.set(`home-${i}`, 'O')
    expect(cache.stats.entries).toBe(1)
    expect(cache.get('hot')).toBe('H')
  })

  it('with admitOnSecondSet still admits a key seen just before it forgets older keys', () => {
    const cache = new LruCache<string>(10, 1000, { admitOnSecondSet: true })
    for (let i = 0; i < 9; i++) cache.set(`walk-${i}`, 'O')
    cache.set('hot', 'H') // the tenth key: as many as the cache holds entries
    cache.set('walk-9', 'O') // forgetting every key seen here would forget 'hot' too
    cache.set('hot', 'H')
    expect(cache.get('hot')).toBe('H')
    cache.set('walk-0', 'O') // the oldest keys are forgotten: seen again, it is only noted
    expect(cache.get('walk-0')).toBeUndefined()
  })

  it('makes a value given as a function only when it keeps it', () => {
    const cache = new LruCache<string>(2, 100, { admitOnSecondSet: true })
    let made = 0
    const make = () => `made ${++made}`
    expect(cache.set('k', make)).toBeUndefined()
    expect(made).toBe(0)
    expect(cache.set('k', make)).toBe('made 1')
    expect([made, cache.get('k')]).toEqual([1, 'made 1'])
  })
})
