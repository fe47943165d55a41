import { describe, expect, it } from 'vitest'
import { dwellingFromWord } from './dwelling-from-word.js'
import { siteCoversScope } from './site-scope.js'

describe('siteCoversScope', () => {
  const portal = { offers: ['rent'] as const, regions: ['Den Haag', 'Delft'] }

  it('takes a site that carries a wanted offer type and covers a wanted city, by slug', () => {
    expect(siteCoversScope(portal, { cities: ['Utrecht', "'s-Gravenhage"], types: ['rent'] })).toBe(true)
    expect(siteCoversScope(portal, { cities: ['DELFT'], types: ['buy', 'rent'] })).toBe(true)
  })
  it('leaves out a site of another offer type or other cities', () => {
    expect(siteCoversScope(portal, { cities: ['Delft'], types: ['buy'] })).toBe(false)
    expect(siteCoversScope(portal, { cities: ['Utrecht'], types: ['rent'] })).toBe(false)
  })
  it('takes a site without regions for any city', () => {
    expect(siteCoversScope({ offers: ['rent'] }, { cities: ['Groningen'], types: ['rent'] })).toBe(true)
  })
})

describe('dwellingFromWord', () => {
  it('reads the kind of home from the first word, whatever its case', () => {
    expect(dwellingFromWord('Flat met lift')).toBe('apartment')
    expect(dwellingFromWord(' Eengezinswoning')).toBe('house')
    expect(dwellingFromWord('Kamer')).toBe('room')
    expect(dwellingFromWord('Studio')).toBe('studio')
    expect(dwellingFromWord('Zelf inrichten')).toBeNull()
  })
})
