import type { CheerioAPI } from 'cheerio'
import { ParseError } from '../errors.js'

/** 60× the tags of the largest real page (under 1,000 in 175 KB); htmlparser2 itself is quadratic in nesting depth. */
const MAX_TAGS = 50_000
/** Deeper than this is a bomb, not a page; Chromium's HTML parser stops nesting at 512 too. */
export const MAX_DEPTH = 512
/** Nodes outside `<html>` (content after `</html>`): a handful on a real page. */
const MAX_TOP_LEVEL_NODES = 1_000

/**
 * Refuses, before parsing, a body with more tags than a listing page could have. cheerio's selectors are quadratic
 * on very deep trees and on many top-level nodes, so such a page would block the whole run for minutes.
 */
export function checkMarkupSize(body: string, url: string): void {
  let tags = 0
  for (let at = body.indexOf('<'); at !== -1; at = body.indexOf('<', at + 1)) {
    const next = body.charCodeAt(at + 1)
    // Letters open an element; '/' and '!' close one or start a comment or doctype.
    if ((next | 0x20) >= 0x61 && (next | 0x20) <= 0x7a && ++tags > MAX_TAGS) {
      throw new ParseError(`Not a listing page: more than ${MAX_TAGS} tags (${body.length} characters)`, {
        url,
      })
    }
  }
}

/** Refuses a parsed page nested deeper than {@link MAX_DEPTH} or with too many nodes outside `<html>`. */
export function checkTreeShape($: CheerioAPI, url: string): void {
  const root = $.root()[0]!
  if (root.children.length > MAX_TOP_LEVEL_NODES) {
    throw new ParseError(`Not a listing page: ${root.children.length} nodes outside <html>`, { url })
  }
  const stack: { node: { children?: unknown[] }; depth: number }[] = [{ node: root, depth: 0 }]
  for (let item = stack.pop(); item; item = stack.pop()) {
    if (item.depth > MAX_DEPTH) {
      throw new ParseError(`Not a listing page: elements nested more than ${MAX_DEPTH} deep`, { url })
    }
    for (const child of item.node.children ?? [])
      stack.push({ node: child as { children?: unknown[] }, depth: item.depth + 1 })
  }
}
