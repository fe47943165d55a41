import type { Page } from '../../src/kit/index.js'

/**
 * What a search card shows of a listing that its detail page does not. Some agents print the energy label only on
 * the card (the detail page mentions it in free text at most), so the list step carries it to the detail request
 * in `userData` and the detail step reads it back.
 */
export interface CardOnlyFacts {
  readonly energyLabel: string | null
}

/** The card-only facts a detail request carries; every fact absent when the request carries none. */
export function cardOnlyFactsOf(page: Page): CardOnlyFacts {
  const facts = page.request.userData as Partial<CardOnlyFacts> | undefined
  return { energyLabel: typeof facts?.energyLabel === 'string' ? facts.energyLabel : null }
}
