import { describe, expect, it } from 'vitest'
import { toCitySlug, urlSlug } from './city-slug.js'

describe('urlSlug', () => {
  it('writes a text as a URL path segment: lower case, accents and apostrophes gone, words joined by dashes', () => {
    expect(urlSlug('  Burgemeester de Vlugtlaan ')).toBe('burgemeester-de-vlugtlaan')
    expect(urlSlug('Café Émile')).toBe('cafe-emile')
    expect(urlSlug("'s-Gravendijkwal")).toBe('s-gravendijkwal')
    expect(urlSlug("Mr. P.J. Troelstra's Weg 12-B")).toBe('mr-p-j-troelstras-weg-12-b')
  })
})

describe('toCitySlug', () => {
  it('is the URL slug of the name, and "den-haag" whatever The Hague is called', () => {
    expect(toCitySlug('Alphen aan den Rijn')).toBe('alphen-aan-den-rijn')
    expect(toCitySlug("'s-Hertogenbosch")).toBe('s-hertogenbosch')
    for (const name of ["'s-Gravenhage", 's-Gravenhage', 'The Hague', 'Den Haag'])
      expect(toCitySlug(name)).toBe('den-haag')
  })
})
