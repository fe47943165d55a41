/**
 * BAG 2.0 extracts (Kadaster LV BAG): a streaming reader that yields the current version of every object, a
 * writer of the official format, and a generator of realistic synthetic national extracts.
 */
export { BagExtractError } from './bag-extract-error.js'
export type { BagExtractInfo, BagKind, BagRecord, BagRecordOf, BagTypeCode } from './bag-record.js'
export { BAG_KINDS, TYPE_CODE_OF_KIND } from './bag-record.js'
export { type ReadBagExtractOptions, readBagExtract, readExtractInfo } from './extract-reader.js'
export {
  type BagExtractSummary,
  type BagExtractWriter,
  type BagExtractWriterOptions,
  type BagWriteOptions,
  createBagExtractWriter,
} from './extract-writer.js'
export {
  type GenerateBagExtractOptions,
  type GeneratedBagExtract,
  generateBagExtract,
} from './generate-bag-extract.js'
