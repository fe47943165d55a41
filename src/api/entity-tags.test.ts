import { describe, expect, it } from 'vitest'
import { ifNoneMatchMatches, parseIfNoneMatch } from './entity-tags.js'

const TAG = 'W/"v1-g3"'

describe('parseIfNoneMatch (RFC 9110 §13.1.2)', () => {
  it('reads a list of entity-tags, weak or strong, with empty members and whitespace', () => {
    expect(parseIfNoneMatch('W/"a", "b"')).toEqual(['"a"', '"b"'])
    expect(parseIfNoneMatch(' ,\t"a" ,, W/"b",')).toEqual(['"a"', '"b"'])
    expect(parseIfNoneMatch('""')).toEqual(['""'])
    expect(parseIfNoneMatch('')).toEqual([])
  })
  it('keeps a comma inside an opaque-tag', () => {
    expect(parseIfNoneMatch('"a,b", W/"c,d"')).toEqual(['"a,b"', '"c,d"'])
  })
  it('reads "*" alone', () => {
    expect(parseIfNoneMatch('*')).toBe('*')
    expect(parseIfNoneMatch(' * ')).toBe('*')
  })
  it.each([
    ['an unquoted tag', 'v1-g3'],
    ['a lower-case weak prefix', 'w/"a"'],
    ['space after W/', 'W/ "a"'],
    ['tags without a comma between them', '"a" "b"'],
    ['an unterminated tag', '"a'],
    ['a quote inside a tag', '"a"b"'],
    ['a space inside a tag', '"a b"'],
    ['"*" in a list', '"a", *'],
  ])('refuses %s', (_, field) => {
    expect(parseIfNoneMatch(field)).toBeNull()
  })
})

describe('ifNoneMatchMatches: weak comparison', () => {
  it.each([
    ['the tag as sent', TAG],
    ['the tag without W/', '"v1-g3"'],
    ['the tag in a list', 'W/"v1-g2", W/"v1-g3"'],
    ['the tag after one holding a comma', '"x,y",W/"v1-g3"'],
    ['*', '*'],
  ])('matches %s', (_, field) => {
    expect(ifNoneMatchMatches(field, TAG)).toBe(true)
    // The server's tag strong: weak comparison still matches either form.
    expect(ifNoneMatchMatches(field, '"v1-g3"')).toBe(true)
  })
  it.each([
    ['another tag', 'W/"v1-g4"'],
    ['a tag that only starts like it', 'W/"v1-g33"'],
    ['an empty field', ''],
    // Split on commas alone, these read as a list holding the tag.
    ['a tag whose opaque part holds ,W/ and then junk', '"a,W/"v1-g3"'],
    ['the tag in a list with "*"', 'W/"v1-g3", *'],
  ])('does not match %s', (_, field) => {
    expect(ifNoneMatchMatches(field, TAG)).toBe(false)
  })
})
