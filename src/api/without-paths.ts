/**
 * A file path: a slash that does not continue a word, a URL or another path (so `https://host/a` and `rent/buy`
 * stay), optionally after `~`, `.` or `..`, then its folders and its last part, which is kept.
 */
const FILE_PATH = /(?<![\w:/.~-])(?:~|\.{1,2})?\/(?:[^\s'"`,;:()<>[\]{}|/]+\/)*([^\s'"`,;:()<>[\]{}|/]+)/g

/**
 * A message from a run as API clients may see it: every file path reduced to its base name. Run messages are written
 * for the operator, who needs the whole path of a file that failed; where the server keeps its files is nobody
 * else's business.
 */
export const withoutPaths = (message: string): string => message.replace(FILE_PATH, '$1')
