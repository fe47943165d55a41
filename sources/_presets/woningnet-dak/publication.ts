import { z } from 'zod'
import { dutchDate, dwellingFromWord, type ListingInput } from '../../../src/kit/index.js'

// Every field is read leniently: a value of the wrong type becomes absent, so a malformed publication still
// becomes a listing that validation rejects with its reason, instead of failing the whole page.
const text = z.string().nullish().catch(null)
const flag = z.boolean().nullish().catch(null)
const figure = z.union([z.number(), z.string()]).nullish().catch(null)

/** The fields of one DAK publication this preset reads; not an object at all reads as an empty one. */
export const publicationSchema = z
  .object({
    Id: text,
    PublicatieDatum: text,
    IsCluster: flag,
    EenheidSoort: text,
    Adres: z
      .object({
        Straatnaam: text,
        Huisnummer: figure,
        Huisletter: text,
        HuisnummerToevoeging: text,
        Postcode: text,
        Woonplaats: text,
      })
      .nullish()
      .catch(null),
    Eenheid: z
      .object({
        DetailSoort: text,
        Bestemming: text,
        AantalKamers: figure,
        TotaleOppervlakte: figure,
        WoonVertrekkenTotOpp: figure,
        NettoHuurBekend: flag,
        NettoHuur: figure,
        BrutoHuurBekend: flag,
        Brutohuur: figure,
        EnergieLabel: text,
      })
      .nullish()
      .catch(null),
  })
  .catch({})

/** One publication, as read. */
export type Publication = z.output<typeof publicationSchema>

/**
 * Why a publication is not one home for rent, or null when it is: a complex of several homes (`IsCluster`, with a
 * price range instead of a rent), a parking space or other non-dwelling unit, or a home for sale.
 */
export function notAHome(publication: Publication): string | null {
  if (publication.IsCluster) return 'a complex of several homes'
  if (publication.EenheidSoort && publication.EenheidSoort !== 'Woonruimte') return publication.EenheidSoort
  const purpose = publication.Eenheid?.Bestemming
  return purpose && purpose !== 'Huur' ? `for ${purpose.toLowerCase()}` : null
}

/** A positive figure ("713.02", 3), or null: the portal writes 0 where it has no value. */
function positive(value: string | number | null | undefined): number | null {
  const n = Number(value)
  return value !== null && value !== undefined && Number.isFinite(n) && n > 0 ? n : null
}

/** The house number as printed: number, letter and addition ("108" and "-3" → "108-3"; "60" and "A" → "60A"). */
export function printedHouseNumber(address: Publication['Adres']): string | null {
  const number = positive(address?.Huisnummer)
  if (number === null) return null
  const addition = address?.HuisnummerToevoeging?.replace(/^[\s-]+/, '').trim()
  return [`${number}${address?.Huisletter?.trim() ?? ''}`, addition].filter(Boolean).join('-')
}

/**
 * The calendar day in the Netherlands of a UTC time: publications go live just after midnight Dutch time, which is
 * the evening before in UTC ("2026-09-21T22:01:00Z" is 22 September). Text that is no time is passed on as it is.
 */
export function dutchDay(utc: string | null | undefined): string | null {
  if (!utc) return null
  const time = new Date(utc)
  return Number.isNaN(time.getTime()) ? utc : dutchDate(time)
}

/**
 * One publication → a listing, not yet validated. The rent is the gross rent (basic rent plus service costs), the
 * monthly figure a tenant pays, or the basic rent when the gross is unknown.
 */
export function toListing(publication: Publication, origin: string): ListingInput {
  const unit = publication.Eenheid
  const address = publication.Adres
  const id = publication.Id?.trim() ?? ''
  return {
    sourceListingId: id,
    url: id ? `${origin}/HuisDetails?PublicatieId=${encodeURIComponent(id)}` : '',
    type: 'rent',
    price:
      (unit?.BrutoHuurBekend ? positive(unit.Brutohuur) : null) ??
      (unit?.NettoHuurBekend ? positive(unit.NettoHuur) : null),
    surfaceArea: positive(unit?.TotaleOppervlakte) ?? positive(unit?.WoonVertrekkenTotOpp),
    rooms: positive(unit?.AantalKamers),
    energyLabel: unit?.EnergieLabel?.trim() || null,
    dwellingType: dwellingFromWord(unit?.DetailSoort ?? ''),
    street: address?.Straatnaam?.trim() || null,
    houseNumber: printedHouseNumber(address),
    postcode: address?.Postcode?.trim() || null,
    city: address?.Woonplaats?.trim() ?? '',
    listedAt: dutchDay(publication.PublicatieDatum),
  }
}
