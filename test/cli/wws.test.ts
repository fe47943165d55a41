import { describe, expect, it } from 'vitest'
import { runCliWithInput } from '../helpers/cli.js'
import { REFERENCE_DATE, REFERENCE_HOMES } from '../wws/reference-homes.js'

/** A reference home as `propdata wws` reads it: snake_case, every group supplied. */
function asInput(facts: (typeof REFERENCE_HOMES)[number]['facts']) {
  const p = facts.points!
  return {
    dwelling: facts.dwelling,
    build_year: facts.buildYear,
    area: { rooms_m2: facts.area!.roomsM2, other_m2: facts.area!.otherM2, parking_m2: facts.area!.parkingM2 },
    energy: facts.energy!.map((e) => ({
      kind: e.kind,
      status: e.status,
      valid_from: e.validFrom,
      valid_until: e.validUntil,
      label: e.label,
      index: e.index,
    })),
    woz: facts.woz!.map((w) => ({ reference_date: w.referenceDate, value: w.value })),
    monument: facts.monument,
    points: {
      rooms_area: p.roomsArea,
      other_area: p.otherArea,
      heating: p.heating,
      outdoor: p.outdoor,
      kitchen: p.kitchen,
      sanitary: p.sanitary,
      parking: p.parking,
      shared: p.shared,
      special: p.special,
      monument_newbuild: p.monumentNewbuild,
    },
  }
}

/** Exactly one line on stderr, and no trace of a stack. */
const oneLine = (stderr: string) => {
  expect(stderr.split('\n')).toHaveLength(2)
  expect(stderr).not.toMatch(/^\s+at /m)
}

describe('propdata wws', () => {
  it('reproduces the reference homes with every group supplied, one array in, one array out', async () => {
    const input = JSON.stringify(REFERENCE_HOMES.map((h) => asInput(h.facts)))
    const { code, stdout, stderr } = await runCliWithInput(['wws', '--date', REFERENCE_DATE], input)
    expect(stderr).toBe('')
    expect(code).toBe(0)
    const results = JSON.parse(stdout) as { points: unknown; woz_points: unknown; policy_date: string }[]
    expect(results).toHaveLength(REFERENCE_HOMES.length)
    results.forEach((result, i) => {
      const home = REFERENCE_HOMES[i]!
      expect(result.points, home.id).toEqual({ low: home.total, high: home.total })
      expect(result.woz_points, home.id).toEqual({ low: home.woz, high: home.woz })
      expect(result.policy_date).toBe(REFERENCE_DATE)
    })
  }, 60_000)

  it('prints one object for one object, with the fields the issue names', async () => {
    const input = JSON.stringify({
      dwelling: 'multi-family',
      build_year: 1990,
      area: { usable_m2: 70 },
      energy: [],
      monument: false,
      woz: [{ reference_date: '2025-01-01', value: 300000 }],
    })
    const { code, stdout } = await runCliWithInput(['wws', '--date', '2026-07-01'], input)
    expect(code).toBe(0)
    const result = JSON.parse(stdout)
    expect(Object.keys(result)).toEqual([
      'points',
      'groups',
      'energy_points',
      'energy_basis',
      'woz_points',
      'woz_reference_date',
      'woz_basis',
      'sector',
      'max_rent',
      'surcharge_pct',
      'policy_date',
      'missing',
    ])
    expect(result.energy_basis).toBe('build-year')
    expect(result.points.low).toBeLessThan(result.points.high)
    expect(result.missing).toContain('points.heating')
  }, 60_000)

  it('ends bad input with one line naming the field, exit 2, and prints nothing', async () => {
    const cases: [string[], string, string][] = [
      [
        ['wws'],
        '{"area": {"rooms_m2": "sixty"}}',
        'error: input.area.rooms_m2: Invalid input: expected number',
      ],
      [['wws'], '[{}, {"build_yaer": 1990}]', 'error: input[1]: Unrecognized key: "build_yaer"'],
      [
        ['wws'],
        '{"woonplaats_code": "36"}',
        'error: input.woonplaats_code: expected a BAG woonplaats code of 4 digits',
      ],
      [
        ['wws'],
        '{"energy": [{"kind": "NTA8800", "status": "final", "label": "H"}]}',
        'error: input.energy[0].label:',
      ],
      [['wws'], '{"dwelling"', 'error: stdin is not JSON:'],
      [['wws'], '', 'error: stdin is empty: give one JSON object, or an array of them'],
      [['wws', '--date', '2026-02-30'], '{}', 'error: --date must be a date YYYY-MM-DD, got 2026-02-30'],
      [
        ['wws', '--date', '2025-12-31'],
        '{}',
        'error: --date 2025-12-31: no maximum-rent table in force on 2025-12-31: the earliest starts 2026-01-01',
      ],
    ]
    for (const [args, input, message] of cases) {
      const { code, stdout, stderr } = await runCliWithInput(args, input)
      expect(code, input).toBe(2)
      expect(stdout, input).toBe('')
      oneLine(stderr)
      expect(stderr.startsWith(message), `${stderr} should start with ${message}`).toBe(true)
    }
  }, 120_000)
})
