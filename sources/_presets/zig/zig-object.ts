import { z } from 'zod'

// Every field is read leniently: a value of the wrong type becomes absent, so a malformed object still becomes a
// listing that validation rejects with its reason, instead of failing the whole page.
const text = z.string().optional().catch(undefined)
const figure = z.union([z.number(), z.string()]).transform(Number).optional().catch(undefined)
const named = <T extends z.ZodRawShape>(shape: T) => z.object(shape).nullish().catch(null)

/** The fields of one Zig object this preset reads; the rest is ignored. Not an object at all reads as an empty one. */
export const zigObjectSchema = z
  .object({
    id: z.union([z.string(), z.number()]).transform(String).optional().catch(undefined),
    urlKey: text,
    rentBuy: text,
    isGepubliceerd: z.boolean().optional().catch(undefined),
    isWoningruil: z.boolean().optional().catch(undefined),
    land: named({ id: z.string().nullish() }),
    model: named({ modelCategorie: named({ code: z.string().nullish() }) }),
    dwellingType: named({ categorie: z.string().nullish(), localizedName: z.string().nullish() }),
    woningsoort: named({ localizedNaam: z.string().nullish() }),
    street: text,
    houseNumber: z.union([z.string(), z.number()]).transform(String).optional().catch(undefined),
    houseNumberAddition: z.string().nullish().catch(null),
    postalcode: text,
    city: named({ name: z.string().nullish() }),
    municipality: named({ name: z.string().nullish() }),
    netRent: figure,
    totalRent: figure,
    sellingPrice: figure,
    areaDwelling: figure,
    constructionYear: figure,
    energyLabel: named({ icon: z.string().nullish() }),
    publicationDate: text,
  })
  .catch({})

/** One object of a portal's offer, as read. */
export type ZigObject = z.output<typeof zigObjectSchema>

/** The envelope of a Zig offer: the objects are under `result` (getallobjects) or `data` (the aanbod API). */
export const offerResponseSchema = (key: 'result' | 'data') => z.object({ [key]: z.array(z.unknown()) })
