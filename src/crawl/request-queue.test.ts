import { describe, expect, it } from 'vitest'
import type { SourceRequest } from '../kit/adapter.js'
import { createRequestQueue, runQueue } from './request-queue.js'

const list = (page: number): SourceRequest => ({ url: `https://homes.test/huur?page=${page}`, label: 'list' })

describe('the request queue', () => {
  it('queues a request once, first in first out, and not again after it was cleared', () => {
    const queue = createRequestQueue()
    expect(queue.add(list(1))).toBe(true)
    expect(queue.add(list(2))).toBe(true)
    expect(queue.add({ ...list(1) })).toBe(false)
    expect(queue.size).toBe(2)
    expect(queue.take()).toEqual(list(1))
    queue.clear()
    expect(queue.size).toBe(0)
    expect(queue.add(list(2))).toBe(false)
  })

  it('is worked until empty: pages queue more, a refill starts the next search, errors go to onError', async () => {
    const queue = createRequestQueue()
    const handled: string[] = []
    const failed: string[] = []
    const searches = [[list(1)], [list(10)]]
    await runQueue(queue, {
      async handle(request) {
        handled.push(request.url)
        if (request.url.endsWith('=10')) throw new Error('gone')
        if (request.url.endsWith('=1')) queue.add(list(2))
      },
      onError: (error, request) => failed.push(`${request.url}: ${(error as Error).message}`),
      refill: () => {
        for (const request of searches.shift() ?? []) queue.add(request)
      },
      signal: new AbortController().signal,
      halted: new AbortController().signal,
    })
    expect(handled).toEqual([list(1).url, list(2).url, list(10).url])
    expect(failed).toEqual([`${list(10).url}: gone`])
  })

  it('starts nothing more once halted, drops what waits, and lets the request in flight finish', async () => {
    const queue = createRequestQueue()
    const halt = new AbortController()
    const handled: string[] = []
    queue.add(list(1))
    queue.add(list(2))
    await runQueue(queue, {
      async handle(request) {
        handled.push(request.url)
        halt.abort()
        await new Promise((resolve) => setTimeout(resolve, 10))
        handled.push(`${request.url} done`)
      },
      onError: () => {},
      refill: () => queue.add(list(3)),
      signal: halt.signal,
      halted: halt.signal,
    })
    expect(handled).toEqual([list(1).url, `${list(1).url} done`])
    expect(queue.size).toBe(0)
  })
})
