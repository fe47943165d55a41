import { once } from 'node:events'
import { createWriteStream } from 'node:fs'

const HEADER =
  'BAGVerblijfsobjectID;Postcode;Huisnummer;Huisletter;Huisnummertoevoeging;Detailaanduiding;Energieklasse;Registratiedatum;GeldigTot;Opnamedatum;Berekeningstype;SoortOpname;Status;Gebouwklasse;Gebouwtype;Gebouwsubtype;Bouwjaar;GebruiksoppervlakteThermischeZone;Energiebehoefte;Warmtebehoefte;PrimaireFossieleEnergie;AandeelHernieuwbareEnergie;EnergieIndex;Compactheid;BAGLigplaatsID;BAGStandplaatsID;BAGPandIDs'
const CLASSES = ['A+++', 'A++', 'A+', 'A', 'B', 'C', 'D', 'E', 'F', 'G']

/**
 * Writes a v5 label file of `rows` rows to `path`, streamed (the file is never in memory): objects registered one
 * to three times, a tenth of the registrations expired, and a cut-off row every 100,000. Deterministic.
 */
export async function writeLargeLabelFile(
  path: string,
  rows: number,
): Promise<{ bytes: number; malformed: number }> {
  const out = createWriteStream(path, { highWaterMark: 1 << 20 })
  let bytes = 0
  let malformed = 0
  const write = async (line: string) => {
    bytes += line.length + 2
    if (!out.write(`${line}\r\n`)) await once(out, 'drain')
  }
  await write('PublicatieDatum;01-11-2026')
  await write('LaatstVerwerkteMutatievolgnummer;99999999')
  await write(HEADER)
  for (let i = 0; i < rows; i++) {
    if (i % 100_000 === 99_999) {
      malformed += 1
      await write(`0363010000000001;1012AB;1;;;;C`)
      continue
    }
    const object = Math.floor(i / 1.6)
    const year = 2012 + (i % 14)
    const registered = `${year}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`
    const id = `0363010${String(object).padStart(9, '0')}`
    const pc = `${1000 + (object % 9000)}${String.fromCharCode(65 + (object % 26))}${String.fromCharCode(65 + ((object >> 5) % 26))}`
    await write(
      `${id};${pc};${1 + (object % 300)};;;;${CLASSES[i % 10]};${registered};${year + 10}-${registered.slice(5)};${registered};NTA 8800:2024 (basisopname woningbouw);Basisopname;Bestaand;W;Appartement;;${1900 + (object % 120)};${40 + (object % 90)},0;120,5;60,1;180,2;12,4;;;;;0363100000${String(object % 1_000_000).padStart(6, '0')}`,
    )
  }
  out.end()
  await once(out, 'close')
  return { bytes, malformed }
}
