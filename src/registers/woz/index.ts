/**
 * The WOZ-waardeloket (Kadaster): assessed values per nummeraanduiding, looked up one address at a time. Pure
 * parsers and URLs: the pipeline fetches, within a budget, at the politeness below.
 */
export { padBagId, parseWozResponse, type WozAnswer, type WozValue } from './parse-woz-response.js'
export { WOZ_BASE_URL, WOZ_POLITENESS, wozUrl } from './woz-api.js'
