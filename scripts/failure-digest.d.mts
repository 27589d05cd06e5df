/**
 * The lines of a failed step's output that name its failures: Node's spec reporter's "✖ failing
 * tests:" blocks with the "==== " lines that name each run, else the lines marked as failed, else
 * the last lines. At most 200 lines.
 */
export function failureDigest(output: string): string[];
