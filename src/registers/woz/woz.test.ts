import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { padBagId, parseWozResponse, wozUrl } from './index.js'

const fixture = (name: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8'))

describe('the WOZ-waardeloket answer', () => {
  it('pads the ids it writes as numbers back to 16 digits and puts the newest peildatum first', () => {
    const answer = parseWozResponse(fixture('wozwaarde-nummeraanduiding-0503200000040028.json'))
    expect(answer.numId).toBe('0503200000040028')
    expect(answer.objectId).toBe('0503010000003325')
    expect(answer.values).toHaveLength(12)
    expect(answer.values[0]).toEqual({ peildatum: '2025-01-01', value: 1_256_000 })
    expect(answer.values.at(-1)).toEqual({ peildatum: '2014-01-01', value: 661_000 })
  })

  it('orders values by peildatum whatever order they come in, and drops unreadable ones', () => {
    const answer = parseWozResponse({
      wozObject: { nummeraanduidingid: 14200000000001 },
      wozWaarden: [
        { peildatum: '2023-01-01', vastgesteldeWaarde: 300_000 },
        { peildatum: '2025-01-01', vastgesteldeWaarde: 350_000 },
        { peildatum: '2024-01-01', vastgesteldeWaarde: null },
        { peildatum: 'onbekend', vastgesteldeWaarde: 1 },
      ],
    })
    expect(answer.numId).toBe('0014200000000001')
    expect(answer.values).toEqual([
      { peildatum: '2025-01-01', value: 350_000 },
      { peildatum: '2023-01-01', value: 300_000 },
    ])
  })

  it('reads an answer without values, or no answer at all, as nothing known', () => {
    expect(parseWozResponse(fixture('wozwaarde-no-values.CONSTRUCTED.json')).values).toEqual([])
    expect(parseWozResponse('Not Found')).toEqual({ numId: null, objectId: null, values: [] })
  })

  it('builds the URL with the leading zero kept, and refuses ids that are not nummeraanduidingen', () => {
    expect(wozUrl('https://api.kadaster.nl/lvwoz/wozwaardeloket-api/v1/', '0503200000040028')).toBe(
      'https://api.kadaster.nl/lvwoz/wozwaardeloket-api/v1/wozwaarde/nummeraanduiding/0503200000040028',
    )
    expect(() => wozUrl('https://x', '0503010000003325')).toThrow(/nummeraanduiding/)
    expect(padBagId(503200000040028)).toBe('0503200000040028')
    expect(padBagId('abc')).toBeNull()
  })
})
