import { describe, expect, it } from 'vitest'
import { displayPostcode, normalisePostcode, postcodeKey } from './normalise-postcode.js'

describe('normalisePostcode', () => {
  it.each([
    ['1234ab', '1234 AB'],
    ['1234 AB', '1234 AB'],
    [' 1234  ab ', '1234 AB'],
    ['1091\u00a0CR', '1091 CR'],
    ['9999ZZ', '9999 ZZ'],
    ['1000 AA', '1000 AA'],
  ])('normalises %j to %j', (raw, expected) => {
    expect(normalisePostcode(raw)).toBe(expected)
  })

  it.each([
    '0123 AB',
    '1234 SA',
    '1234 sd',
    '1234SS',
    '12345',
    '1234 A1',
    '1234 A',
    '1234 ABC',
    '123 AB',
    '1234-AB',
    '',
    'abcd ef',
    '1234 ÄB',
    ` 1234 AB ${'x'.repeat(1_000_000)}`,
  ])('rejects %j', (raw) => {
    expect(normalisePostcode(raw)).toBeNull()
  })

  it('rejects null and undefined', () => {
    expect(normalisePostcode(null)).toBeNull()
    expect(normalisePostcode(undefined)).toBeNull()
  })
})

describe('postcodeKey', () => {
  it.each([
    ['1234 AB', '1234AB'],
    ['1234AB', '1234AB'],
    ['1234ab', '1234AB'],
    [' 1234  ab ', '1234AB'],
  ])('keys %j as %j', (raw, expected) => {
    expect(postcodeKey(raw)).toBe(expected)
  })

  it('never throws on invalid input and keeps it distinguishable', () => {
    expect(postcodeKey('0123 ab')).toBe('0123AB')
    expect(postcodeKey('')).toBe('')
  })
})

describe('displayPostcode', () => {
  it.each([
    ['1234AB', '1234 AB'],
    ['0123AB', '0123 AB'],
    ['1234 AB', '1234 AB'],
    ['1234ab', '1234ab'],
    ['123AB', '123AB'],
    ['', ''],
  ])('shows %j as %j', (key, expected) => {
    expect(displayPostcode(key)).toBe(expected)
  })
})
