import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { createCompressedAnswers } from './compression.js'
import type { Answer } from './read-model.js'

const answer = (generation: number, body: string): Answer<string> => ({
  published: { generation, publishedAt: '2026-11-29T00:00:00Z' },
  body,
  key: 'property|0363010000000001',
})

describe('the compressed forms of answers', () => {
  const body = JSON.stringify({ data: Array.from({ length: 40 }, (_, i) => ({ id: i, street: 'Damrak' })) })

  it('keeps each form in memory of exactly its size, not in the chunk zlib wrote it into', () => {
    const answers = createCompressedAnswers()
    for (const coding of ['gzip', 'br'] as const) {
      answers.get(answer(1, body), coding)
      const bytes = answers.get(answer(1, body), coding)
      expect(answers.get(answer(1, body), coding), coding).toBe(bytes)
      expect(bytes.buffer.byteLength, coding).toBe(bytes.length)
      expect(bytes.length, coding).toBeLessThan(body.length)
    }
    expect(gunzipSync(answers.get(answer(1, body), 'gzip')).toString()).toBe(body)
    expect(brotliDecompressSync(answers.get(answer(1, body), 'br')).toString()).toBe(body)
  })

  it('keeps the form of an answer asked for again, until the next generation', () => {
    const answers = createCompressedAnswers()
    const once = answers.get(answer(1, body), 'gzip')
    const again = answers.get(answer(1, body), 'gzip')
    expect(again).not.toBe(once) // asked for once: compressed, sent and dropped
    expect(answers.get(answer(1, body), 'gzip')).toBe(again)
    answers.get(answer(2, body), 'gzip')
    expect(answers.get(answer(2, body), 'gzip')).not.toBe(again)
  })
})
