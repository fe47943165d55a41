import { describe, expect, it } from 'vitest'
import { NO_VALIDATORS } from '../fetch/validators.js'
import { cardOf } from '../kit/search-card.js'
import type { RecalledPage, RefreshPlan } from '../store/page-memos.repository.js'
import { planRequest } from './request-plan.js'

const detail = { url: 'https://example.test/home/1', label: 'detail' as const, card: cardOf({ price: 1 }) }
const list = { url: 'https://example.test/search', label: 'list' as const }
const memo = (runId: number, cardDigest: string | null = 'card'): RecalledPage => ({
  digest: 'page',
  validators: NO_VALIDATORS,
  yielded: { listingIds: ['1'], requests: [] },
  label: 'detail',
  cardDigest,
  runId,
})
const rotation = (due: string[] = [], listStaleUpTo = -1): RefreshPlan => ({
  due: new Set(due),
  listStaleUpTo,
})

describe('planning a request', () => {
  it('replays a remembered detail page whose card is unchanged, until its refresh is due', () => {
    expect(planRequest(detail, 'k', memo(3), 'card', rotation())).toEqual({ kind: 'card' })
    expect(planRequest(detail, 'k', memo(3), 'card', rotation(['k']))).toEqual({
      kind: 'refresh',
      conditional: false,
    })
  })
  it('reads a new page, a changed card or a missing one; only the new page with validators (it has none)', () => {
    expect(planRequest(detail, 'k', undefined, 'card', rotation())).toEqual({
      kind: 'detailNew',
      conditional: true,
    })
    expect(planRequest(detail, 'k', memo(3), 'other', rotation())).toEqual({
      kind: 'detailChanged',
      conditional: false,
    })
    expect(planRequest(detail, 'k', memo(3, null), undefined, rotation(['k']))).toEqual({
      kind: 'detailChanged',
      conditional: false,
    })
  })
  it('asks for a list page conditionally unless its memo is older than the refresh bound', () => {
    expect(planRequest(list, 'l', memo(5), undefined, rotation([], 4))).toEqual({
      kind: 'list',
      conditional: true,
    })
    expect(planRequest(list, 'l', memo(4), undefined, rotation([], 4))).toEqual({
      kind: 'list',
      conditional: false,
    })
  })
  it('requests every detail page conditionally in a full crawl', () => {
    expect(planRequest(detail, 'k', memo(3), 'card', undefined)).toEqual({
      kind: 'refresh',
      conditional: true,
    })
    expect(planRequest(detail, 'k', memo(3), 'other', undefined)).toEqual({
      kind: 'detailChanged',
      conditional: true,
    })
    expect(planRequest(list, 'l', memo(1), undefined, undefined)).toEqual({ kind: 'list', conditional: true })
  })
})
