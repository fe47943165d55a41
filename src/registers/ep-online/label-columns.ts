/**
 * The fields we read from an EP-Online label, and every name each has had: the v5 bulk file (`BAGVerblijfsobjectID`,
 * `GeldigTot`), the v5 API JSON (`Geldig_tot`), and the older `pand_*` CSVs (`pand_bagverblijfsobjectid`,
 * `meting_geldig_tot`, and earlier still `pand_huisnummer_toev`). Names are compared case-insensitively and without
 * separators, so `Geldig_tot`, `GeldigTot` and `geldig tot` are one name.
 */
export const LABEL_FIELD_NAMES = {
  objectId: ['BAGVerblijfsobjectID', 'pand_bagverblijfsobjectid'],
  ligplaatsId: ['BAGLigplaatsID', 'pand_bagligplaatsid'],
  standplaatsId: ['BAGStandplaatsID', 'pand_bagstandplaatsid'],
  postcode: ['Postcode', 'pand_postcode'],
  huisnummer: ['Huisnummer', 'pand_huisnummer'],
  huisletter: ['Huisletter', 'pand_huisletter'],
  toevoeging: ['Huisnummertoevoeging', 'pand_huisnummertoevoeging', 'pand_huisnummer_toev'],
  label: ['Energieklasse', 'pand_energieklasse'],
  registeredAt: ['Registratiedatum', 'pand_registratiedatum'],
  validUntil: ['GeldigTot', 'Geldig_tot', 'meting_geldig_tot', 'pand_geldig_tot'],
  recordedAt: ['Opnamedatum', 'pand_opnamedatum'],
  status: ['Status', 'pand_status'],
  buildingClass: ['Gebouwklasse', 'pand_gebouwklasse'],
  yearBuilt: ['Bouwjaar', 'pand_bouwjaar'],
  calculationType: ['Berekeningstype', 'pand_berekeningstype'],
  simplifiedFlag: ['IsVereenvoudigdLabel'],
} as const satisfies Record<string, readonly string[]>

/** One field of a label record. */
export type LabelField = keyof typeof LABEL_FIELD_NAMES

/** A column name reduced to what identifies it: lower case, letters and digits only. */
export const columnKey = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]/g, '')

/** Column key → field, for every known name. */
const FIELD_OF_KEY: ReadonlyMap<string, LabelField> = new Map(
  (Object.entries(LABEL_FIELD_NAMES) as [LabelField, readonly string[]][]).flatMap(([field, names]) =>
    names.map((name) => [columnKey(name), field] as const),
  ),
)

/** The field a column or JSON key holds, or undefined for columns we do not read. */
export const fieldOfColumn = (name: string): LabelField | undefined => FIELD_OF_KEY.get(columnKey(name))

/** Where each field sits in a header row (the first column of a name wins). */
export type LabelColumns = Readonly<Partial<Record<LabelField, number>>>

/** Maps a header row to column positions; `missing` names what a label file cannot do without. */
export function mapLabelColumns(header: readonly string[]): { columns: LabelColumns; missing: string[] } {
  const columns: Partial<Record<LabelField, number>> = {}
  header.forEach((name, i) => {
    const field = fieldOfColumn(name)
    if (field !== undefined && columns[field] === undefined) columns[field] = i
  })
  const missing: string[] = []
  if (columns.label === undefined) missing.push('Energieklasse')
  if (columns.registeredAt === undefined) missing.push('Registratiedatum')
  const keyed =
    columns.objectId !== undefined ||
    columns.ligplaatsId !== undefined ||
    columns.standplaatsId !== undefined ||
    (columns.postcode !== undefined && columns.huisnummer !== undefined)
  if (!keyed) missing.push('BAGVerblijfsobjectID (or Postcode and Huisnummer)')
  return { columns, missing }
}
