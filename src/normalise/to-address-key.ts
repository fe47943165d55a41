import { postcodeKey } from './normalise-postcode.js'
import type { ParsedHouseNumber } from './parse-house-number.js'

/** Dedupe key for one address: postcode key and house-number key, "1234AB:12a-1". */
export type AddressKey = string & { readonly __brand: 'AddressKey' }

/** Builds the address key from a postcode (either form) and a parsed house number. */
export function toAddressKey(postcode: string, houseNumber: ParsedHouseNumber): AddressKey {
  return `${postcodeKey(postcode)}:${houseNumber.key}` as AddressKey
}
