/** Address normalisation: the only module other stages import from `src/normalise/`. */
export { cityKey } from './city-key.js'
export { normaliseCity } from './normalise-city.js'
export { displayPostcode, normalisePostcode, postcodeKey } from './normalise-postcode.js'
export { normaliseStreet } from './normalise-street.js'
export {
  formatHouseNumber,
  type HouseNumberParts,
  houseNumberKey,
  type ParsedHouseNumber,
  parseHouseNumber,
} from './parse-house-number.js'
export { splitStreetAddress } from './split-street-address.js'
export { streetKey } from './street-key.js'
export { stripProvinceSuffix } from './strip-province-suffix.js'
export { type AddressKey, toAddressKey } from './to-address-key.js'
