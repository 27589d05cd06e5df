/** The path of a Node binary of this major line, at least `minimum` (`22.22.3`), from the npm registry, cached. */
export function nodeBinary(major: number, minimum?: string): string;
