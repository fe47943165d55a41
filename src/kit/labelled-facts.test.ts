import { load } from 'cheerio'
import { describe, expect, it } from 'vitest'
import { labelledFacts } from './labelled-facts.js'
import { textOf } from './node-text.js'

const $ = load(`<dl>
  <dt>Huurprijs</dt><dd>€ 1.250 per maand</dd>
  <dt>Woonoppervlakte</dt><dd> 65  m² </dd>
  <dt>Huurprijs</dt><dd>€ 1.300</dd>
  <dt></dt><dd>zonder label</dd>
  <dt>Energielabel</dt>
</dl>`)
const dtDd = (dt: ReturnType<typeof $>) =>
  [textOf(dt), dt.next('dd').length ? textOf(dt.next('dd')) : undefined] as const

describe('labelledFacts', () => {
  it('reads each row with the reader it is given, the first row of a label winning', () => {
    expect([...labelledFacts($('dt'), dtDd)]).toEqual([
      ['Huurprijs', '€ 1.250 per maand'],
      ['Woonoppervlakte', '65 m²'],
    ])
  })

  it('skips a row without a label or without a value, and keeps an empty value', () => {
    const facts = labelledFacts($('dt'), (dt) => [textOf(dt), dt.text() === 'Energielabel' ? '' : undefined])
    expect([...facts]).toEqual([['Energielabel', '']])
  })
})
