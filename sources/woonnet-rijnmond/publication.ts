import { z } from 'zod'
import { dwellingFromWord, type ListingInput, splitStreetAddress } from '../../src/kit/index.js'

/** Where the portal shows a publication: its slug after this path. */
const DETAIL_URL = 'https://www.woonnetrijnmond.nl/nl-NL/aanbod/advertentie/'

/** Kinds of unit the portal also publishes that are not homes. */
const NOT_A_HOME = /^(garage|parkeer|berging|opslag|bedrijf)/i

const amount = z.object({ exact: z.number().nullish() }).nullish().catch(null)
const edgesOf = <T extends z.ZodType>(node: T) =>
  z
    .object({ edges: z.array(z.object({ node })) })
    .nullish()
    .catch(null)

/**
 * The fields of one publication this adapter reads; a field of the wrong type becomes absent, and a publication that
 * is not an object reads as an empty one, so neither crashes the page.
 */
export const publicationSchema = z
  .object({
    id: z.string().optional().catch(undefined),
    startTime: z.string().nullish().catch(null),
    unit: z
      .object({
        unitUsageType: z.string().nullish(),
        slug: z.object({ value: z.string().nullish() }).nullish(),
        basicRent: amount,
        grossRent: amount,
        location: z
          .object({
            id: z.string().nullish(),
            addressLine1: z.string().nullish(),
            addressLine2: z.string().nullish(),
          })
          .nullish()
          .catch(null),
        types: edgesOf(z.object({ name: z.string().nullish() })),
        dimensions: edgesOf(z.object({ area: z.string().nullish(), surfaceArea: z.number().nullish() })),
        energyRating: z.object({ name: z.string().nullish() }).nullish().catch(null),
      })
      .nullish()
      .catch(null),
  })
  .catch({})

/** One publication, as read. */
export type Publication = z.output<typeof publicationSchema>

/**
 * Why a publication is not one home on offer, or null when it is: a complex ("CLUSTER", several homes under one
 * ad, with no rent of its own) or a garage or parking space.
 */
export function notAHome(publication: Publication): string | null {
  if (publication.unit?.unitUsageType === 'CLUSTER') return 'a complex of several homes'
  const type = publication.unit?.types?.edges[0]?.node.name ?? ''
  return NOT_A_HOME.test(type) ? `a ${type.toLowerCase()}` : null
}

/** A positive amount, or null: the portal writes 0 where it has no value. */
const positive = (value: number | null | undefined): number | null => (value && value > 0 ? value : null)

/** The whole unit's area in m²: the `TOTAL` dimension, which the portal gives in mm². */
function totalArea(publication: Publication): number | null {
  const total = publication.unit?.dimensions?.edges.find((edge) => edge.node.area === 'TOTAL')
  const mm2 = positive(total?.node.surfaceArea)
  return mm2 === null ? null : mm2 / 1_000_000
}

/**
 * The postcode, which only the location's id carries: a base64 global id of "HousingLocation:3073EJ;16;B;"
 * (postcode; number; letter; addition). Anything else gives null.
 */
export function postcodeOfLocation(id: string | null | undefined): string | null {
  if (!id) return null
  let decoded: string
  try {
    decoded = atob(id)
  } catch {
    return null
  }
  return /^HousingLocation:(\d{4}[A-Z]{2});/.exec(decoded)?.[1] ?? null
}

/** One publication → a listing, not yet validated. The rent is the gross rent, what a tenant pays each month. */
export function toListing(publication: Publication): ListingInput {
  const unit = publication.unit
  const address = splitStreetAddress(unit?.location?.addressLine1 ?? '')
  const slug = unit?.slug?.value
  return {
    sourceListingId: publication.id ?? '',
    url: slug ? new URL(slug, DETAIL_URL).href : '',
    type: 'rent',
    price: positive(unit?.grossRent?.exact) ?? positive(unit?.basicRent?.exact),
    surfaceArea: totalArea(publication),
    energyLabel: unit?.energyRating?.name || null,
    dwellingType: dwellingFromWord(unit?.types?.edges[0]?.node.name ?? ''),
    street: address.street || null,
    houseNumber: address.houseNumber,
    postcode: postcodeOfLocation(unit?.location?.id),
    city: unit?.location?.addressLine2?.trim() ?? '',
    listedAt: publication.startTime ?? null,
  }
}
