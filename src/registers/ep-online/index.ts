/**
 * EP-Online (RVO): registered energy labels, from the bulk file (`propdata import energy-labels`) and, with a key,
 * the v5 API per object. Pure parsers: the importer and the pipeline do the I/O.
 */
export { chooseLabel, isLabelCurrent, isPreferredLabel } from './choose-label.js'
export {
  EP_ONLINE_BASE_URL,
  EP_ONLINE_POLITENESS,
  epOnlineHeaders,
  epOnlineObjectUrl,
  parseLabelResponse,
} from './ep-online-api.js'
export {
  columnKey,
  LABEL_FIELD_NAMES,
  type LabelColumns,
  type LabelField,
  mapLabelColumns,
} from './label-columns.js'
export {
  type EnergyLabelRecord,
  type LabelAddress,
  type LabelSkipReason,
  parseRegisterDate,
  toLabelRecord,
} from './label-record.js'
export { type LabelFileEvent, type LabelFilePreamble, readLabelFile } from './read-label-file.js'
