import { describe, expect, it } from 'vitest'
import { createWireTrouble } from './wire-trouble.js'

const site = { homepage: 'https://www.example.nl/', hosts: ['images.example.nl'] }

describe('createWireTrouble', () => {
  it('says nothing about a source whose hosts answered every request at once', () => {
    const wire = createWireTrouble()
    wire.observe({ type: 'response', url: 'https://www.example.nl/a', status: 200, ms: 1 })
    expect(wire.noteFor(site)).toBeNull()
  })

  it('counts the throttles and retries of the source’s hosts only, and names the last retry', () => {
    const wire = createWireTrouble()
    const throttled = (url: string) =>
      wire.observe({ type: 'throttled', url, status: 429, waitMs: 1000, concurrency: 1 })
    throttled('https://www.example.nl/list?page=2')
    throttled('https://images.example.nl/1.jpg')
    throttled('https://other.nl/')
    expect(wire.noteFor(site)).toBe('Throttled 2 times (HTTP 429/503)')
    wire.observe({
      type: 'retry',
      url: 'https://www.example.nl/a',
      attempt: 1,
      delayMs: 0,
      reason: 'HTTP 502',
    })
    wire.observe({
      type: 'retry',
      url: 'https://www.example.nl/b',
      attempt: 1,
      delayMs: 0,
      reason: 'HTTP 500',
    })
    expect(wire.noteFor(site)).toBe('Throttled 2 times (HTTP 429/503); retried 2 times (last: HTTP 500)')
    expect(wire.noteFor({ homepage: 'https://other.nl/' })).toBe('Throttled 1 time (HTTP 429/503)')
  })
})
