import { count } from '../plural.js'

/** A source that went wrong in a run: a line of the run report's `problems`, read back. */
interface SourceProblem {
  readonly source: string
  readonly status: string
  readonly message: string
}

/** "pararius: blocked: Blocked by …" → its parts (source ids and statuses hold no ": "). */
function readProblem(line: string): SourceProblem {
  const [source = '', status = '', ...message] = line.split(': ')
  return { source, status, message: message.join(': ') }
}

/** Sources of one run that went wrong the same way: one status, one cause. */
export interface ProblemGroup {
  readonly status: string
  /** The cause they share; for a group of one, the source's whole message. */
  readonly cause: string
  readonly sources: readonly string[]
}

/** The system's codes for a request that never reached its site, with what each most often means. */
const NETWORK_ERRORS: Readonly<Record<string, string>> = {
  ENOTFOUND: 'host name not found: is the network or DNS down?',
  EAI_AGAIN: 'DNS did not answer: is the network down?',
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ETIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable: is the network down?',
}
const NETWORK_CODE = new RegExp(`\\b(${Object.keys(NETWORK_ERRORS).join('|')}|UND_ERR_[A-Z_]+)\\b`)
const URL_IN_TEXT = /https?:\/\/[^\s,;)]+/g

/**
 * What a source's problem comes down to, so that sources that went wrong alike read as one: a request that never
 * reached the site by its network error code (each source names its own host and URL, the code is what they share),
 * any other message with its URLs left out.
 */
export function causeOf(message: string): string {
  const code = NETWORK_CODE.exec(message)?.[1]
  if (code) return `network error ${code}${NETWORK_ERRORS[code] ? ` (${NETWORK_ERRORS[code]})` : ''}`
  return message.replace(URL_IN_TEXT, '…')
}

/**
 * A run report's `problems` ("source: status: message", one per source that did not end `ok`), grouped by status
 * and cause; the largest group first, then in report order.
 */
export function groupProblems(problems: readonly string[]): ProblemGroup[] {
  const groups = new Map<string, { status: string; cause: string; members: SourceProblem[] }>()
  for (const s of problems.map(readProblem)) {
    const cause = causeOf(s.message)
    const key = `${s.status}\n${cause}`
    const group = groups.get(key) ?? { status: s.status, cause, members: [] }
    group.members.push(s)
    groups.set(key, group)
  }
  return [...groups.values()]
    .sort((a, b) => b.members.length - a.members.length)
    .map(({ status, cause, members }) => ({
      status,
      // A source alone in its group keeps its whole message: it says where, too.
      cause: members.length === 1 ? members[0]!.message : cause,
      sources: members.map((m) => m.source),
    }))
}

/** Sources named in a group's line; the rest are counted. */
const NAMES_SHOWN = 3

/** "pararius: blocked: Blocked by …", or "28 sources failed: network error ENOTFOUND (…) (kamernet, ssh, plaza and 25 more)". */
export function describeGroup(group: ProblemGroup): string {
  const [first, ...rest] = group.sources
  if (rest.length === 0) return `${first}: ${group.status}: ${group.cause}`
  const shown = group.sources.slice(0, NAMES_SHOWN).join(', ')
  const more = group.sources.length > NAMES_SHOWN ? ` and ${group.sources.length - NAMES_SHOWN} more` : ''
  return `${count(group.sources.length, 'source')} ${group.status}: ${group.cause} (${shown}${more})`
}
