/**
 * BAG 2.0 extracts (Kadaster LV BAG): a streaming reader that yields the current version of every object. The
 * writer of the official format and the generator of synthetic extracts are tooling: testkit/bag-extract/.
 */
export { BagExtractError } from './bag-extract-error.js'
export type { BagExtractInfo, BagKind, BagRecord, BagRecordOf, BagTypeCode } from './bag-record.js'
export { BAG_KINDS, TYPE_CODE_OF_KIND } from './bag-record.js'
export { type ReadBagExtractOptions, readBagExtract, readExtractInfo } from './extract-reader.js'
