import { describe, expect, it } from 'vitest'
import { SeededRandom } from './seeded-random.js'

describe('SeededRandom.hex', () => {
  it('gives the asked number of lower-case hex digits, the same for the same seed', () => {
    const a = new SeededRandom(26)
    const b = new SeededRandom(26)
    const ids = [a.hex(8), a.hex(24)]
    expect(ids.map((id) => id.length)).toEqual([8, 24])
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]+$/)
    expect([b.hex(8), b.hex(24)]).toEqual(ids)
  })

  it('draws one integer per digit, as the hand-written ids before it did', () => {
    const a = new SeededRandom(7)
    const b = new SeededRandom(7)
    const byHand = Array.from({ length: 8 }, () => '0123456789abcdef'[b.int(0, 15)]).join('')
    expect(a.hex(8)).toBe(byHand)
    expect(a.next()).toBe(b.next())
  })
})
