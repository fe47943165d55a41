import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { areaCases } from './area.js'
import type { WwsFacts } from './facts.js'

/** Per WOZ area, the area groups' lowest and highest points, by trying every whole-m² split and parking share. */
function bruteForce(usable: number, parking: readonly number[]) {
  const byArea = new Map<number, { low: number; high: number }>()
  for (let rooms = 0; rooms <= usable; rooms++)
    for (let other = 0; rooms + other <= usable; other++) {
      if ((rooms + other) * 10 < usable * 6) continue
      const low = rooms * 100 + Math.max(0, other * 75 - 500)
      const high = rooms * 100 + other * 75
      for (const p of parking) {
        const area = rooms + other + p
        const seen = byArea.get(area) ?? { low: Infinity, high: -Infinity }
        byArea.set(area, { low: Math.min(seen.low, low), high: Math.max(seen.high, high) })
      }
    }
  return byArea
}

const asMap = (facts: WwsFacts) => new Map(areaCases(facts).cases.map((c) => [c.wozAreaM2, c.areaPoints]))

describe('the area cases', () => {
  it('equal every whole-m² split of 60–100 % of the usable area into rooms and other spaces, per parking share', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 120 }), (usable) => {
        expect(asMap({ area: { usableM2: usable, parkingM2: 0 } })).toEqual(bruteForce(usable, [0]))
      }),
      { numRuns: 60 },
    )
    const unknownParking = [...Array(13).keys()]
    expect(asMap({ area: { usableM2: 71 } })).toEqual(bruteForce(71, unknownParking))
  })

  it('take stated m² as they are and round the WOZ area half up, rooms + other + parking share', () => {
    const outcome = areaCases({ area: { roomsM2: 57.33, otherM2: 19.67, parkingM2: 5 } })
    expect(outcome.cases).toEqual([{ wozAreaM2: 82, areaPoints: { low: 5700 + 1000, high: 5700 + 1500 } }])
    expect(areaCases({ area: { roomsM2: 60.5, otherM2: 0, parkingM2: 0 } }).cases[0]!.wozAreaM2).toBe(61)
    expect(areaCases({ area: { roomsM2: 60.49, otherM2: 0, parkingM2: 0 } }).cases[0]!.wozAreaM2).toBe(60)
  })

  it('let supplied points stand for the groups, while the WOZ area still comes from the m²', () => {
    const outcome = areaCases({
      area: { roomsM2: 40, usableM2: 60 },
      points: { roomsArea: 41, otherArea: 3, parking: 0 },
    })
    expect(outcome.roomsArea).toEqual({ low: 4100, high: 4100 })
    expect(outcome.otherArea).toEqual({ low: 300, high: 300 })
    expect(outcome.cases.map((c) => c.wozAreaM2)).toEqual([
      40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60,
    ])
    expect(outcome.missing).toEqual(['area.other_m2'])
  })

  it('bound one unknown area by the usable area less the known one', () => {
    const outcome = areaCases({ area: { otherM2: 10, usableM2: 50 }, points: { parking: 0 } })
    expect(outcome.cases.map((c) => c.wozAreaM2)).toEqual([
      30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50,
    ])
    expect(outcome.roomsArea).toEqual({ low: 2000, high: 4000 })
  })

  it('cannot bound the area without the usable area when rooms or other m² are unknown', () => {
    expect(areaCases({ area: { roomsM2: 50 } })).toMatchObject({
      cases: [],
      roomsArea: null,
      missing: ['area.other_m2', 'area.usable_m2'],
    })
  })
})
