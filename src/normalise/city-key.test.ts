import { describe, expect, it } from 'vitest'
import { cityKey } from './city-key.js'
import { normaliseCity } from './normalise-city.js'

describe('cityKey', () => {
  it.each([
    [
      [
        "'s-Gravenhage",
        's-gravenhage',
        'Den Haag',
        'DEN HAAG',
        'The Hague',
        'Den Haag (ZH)',
        "'S-GRAVENHAGE",
        '’s-Gravenhage',
      ],
    ],
    [["'s-Hertogenbosch", 'Den Bosch', 'DEN BOSCH', 's-Hertogenbosch', "'s-Hertogenbosch (NB)"]],
    [['Alphen aan den Rijn', 'Alphen a/d Rijn', 'Alphen a.d. Rijn', 'ALPHEN A/D RIJN', 'Alphen aan de Rijn']],
    [['Capelle aan den IJssel', 'Capelle a/d IJssel', 'capelle a/d ijssel']],
    [['Bergen (NH)', 'Bergen (L)', 'Bergen', 'Bergen (N.H.)', 'Bergen (Noord-Holland)']],
    [['Nijkerk (Gld)', 'Nijkerk', 'Nijkerk (gld.)']],
    [['Súdwest-Fryslân', 'Sudwest-Fryslan', 'Sudwest Fryslan']],
  ])('gives every spelling in %j the same key', (spellings) => {
    const keys = new Set(spellings.map(cityKey))
    expect(keys.size, [...keys].join(' | ')).toBe(1)
  })

  it('keeps different places apart', () => {
    expect(cityKey('Den Haag')).not.toBe(cityKey('Den Helder'))
    expect(cityKey('Den Haag')).not.toBe(cityKey('Den Bosch'))
    expect(cityKey('Amsterdam (Centrum)')).not.toBe(cityKey('Amsterdam'))
  })
})

describe('normaliseCity', () => {
  it.each([
    ['  Amsterdam ', 'Amsterdam'],
    ['AMSTERDAM', 'Amsterdam'],
    ['den haag', 'Den Haag'],
    ['Den Haag (ZH)', 'Den Haag'],
    // One name per place: the everyday name where the BAG's woonplaats name differs.
    ["'s-Gravenhage", 'Den Haag'],
    ['S-GRAVENHAGE', 'Den Haag'],
    ['The Hague', 'Den Haag'],
    ["'S-HERTOGENBOSCH", 'Den Bosch'],
    ["'s-Hertogenbosch (NB)", 'Den Bosch'],
    ['den bosch', 'Den Bosch'],
    // The clitic 's of other places is written one way.
    ['s-Graveland', "'s-Graveland"],
    ['S-HEERENBERG', "'s-Heerenberg"],
    ['’s-Gravenzande', "'s-Gravenzande"],
    ['ALPHEN A/D RIJN', 'Alphen a/d Rijn'],
    ['CAPELLE AAN DEN IJSSEL', 'Capelle aan den IJssel'],
    ['BERGEN OP ZOOM', 'Bergen op Zoom'],
    ['HENDRIK-IDO-AMBACHT', 'Hendrik-Ido-Ambacht'],
    ['IJMUIDEN', 'IJmuiden'],
    ["'T HARDE", "'t Harde"],
    ['DE BILT', 'De Bilt'],
    ['Bergen (L)', 'Bergen'],
    ['Nijkerk (Gld)', 'Nijkerk'],
    ['Alphen a/d Rijn', 'Alphen a/d Rijn'],
    ['McDonaldsdorp', 'McDonaldsdorp'],
    // A name that is only a suffix is kept (never emptied), and title-cased like any upper-case input.
    ['(ZH)', '(Zh)'],
    ['', ''],
  ])('normalises %j to %j', (raw, expected) => {
    expect(normaliseCity(raw)).toBe(expected)
  })
})
