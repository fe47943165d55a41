import {
  cityKey,
  normaliseCity,
  normalisePostcode,
  normaliseStreet,
  parseHouseNumber,
  splitStreetAddress,
  streetKey,
} from '../../src/normalise/index.js'

/** Every address normaliser that takes one string, by name: for the test and the bench that run them all alike. */
export const ADDRESS_NORMALISERS = {
  normalisePostcode,
  parseHouseNumber,
  splitStreetAddress,
  normaliseStreet,
  streetKey,
  normaliseCity,
  cityKey,
} as const satisfies Record<string, (text: string) => unknown>
