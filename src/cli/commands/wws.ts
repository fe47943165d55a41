import { text } from 'node:stream/consumers'
import { z } from 'zod'
import {
  describeInputError,
  factsOf,
  rentRegulation,
  toWwsJson,
  WwsDateError,
  type WwsJson,
  wwsInputSchema,
} from '../../wws/index.js'
import type { GlobalOptions } from '../context.js'
import { CliError, EXIT } from '../exit-codes.js'

/** The flags of `propdata wws`. */
export interface WwsFlags extends GlobalOptions {
  date?: string
}

/** `--date`, checked; today (UTC) without it. */
function policyDate(flag: string | undefined): string {
  if (flag === undefined) return new Date().toISOString().slice(0, 10)
  if (!z.iso.date().safeParse(flag).success)
    throw new CliError(`--date must be a date YYYY-MM-DD, got ${flag}`, EXIT.USAGE)
  return flag
}

/** The JSON on stdin: one home or an array of them. */
async function readInput(): Promise<{ homes: unknown[]; many: boolean }> {
  const body = (await text(process.stdin)).trim()
  if (body === '') throw new CliError('stdin is empty: give one JSON object, or an array of them', EXIT.USAGE)
  let parsed: unknown
  try {
    parsed = JSON.parse(body)
  } catch (error) {
    throw new CliError(`stdin is not JSON: ${(error as Error).message}`, EXIT.USAGE)
  }
  return Array.isArray(parsed) ? { homes: parsed, many: true } : { homes: [parsed], many: false }
}

/** One home's result, or the one line that says what is wrong with its input. */
function evaluate(home: unknown, where: string, date: string): WwsJson {
  const input = wwsInputSchema.safeParse(home)
  if (!input.success) throw new CliError(describeInputError(input.error, where), EXIT.USAGE)
  try {
    return toWwsJson(rentRegulation(factsOf(input.data), date))
  } catch (error) {
    if (error instanceof WwsDateError) throw new CliError(`--date ${date}: ${error.message}`, EXIT.USAGE)
    throw error
  }
}

/**
 * `propdata wws [--date YYYY-MM-DD]`: reads one home (a JSON object) or an array of them on stdin and prints each
 * one's WWS points, groups, sector and maximum rent as JSON on stdout (an array for an array). Bad input, or a date
 * before the rules' tables, is one line and exit 2; nothing is printed then.
 */
export async function wws(flags: WwsFlags): Promise<void> {
  const date = policyDate(flags.date)
  const { homes, many } = await readInput()
  const results = homes.map((home, i) => evaluate(home, many ? `input[${i}]` : 'input', date))
  process.stdout.write(`${JSON.stringify(many ? results : results[0], null, 2)}\n`)
}
