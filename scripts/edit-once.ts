/**
 * The step the build's source edits share (scripts/trim-lit.ts, scripts/trim-leaflet.ts): an
 * edit of a third-party module must match exactly once, or the build stops, so that a release
 * that changes the edited lines is noticed, not shipped half edited.
 */
import type MagicString from 'magic-string';

export interface SourceEdit {
  /** The end of the module's path. */
  readonly module: string;
  readonly find: RegExp;
  /** What the match becomes (`$1` … refer to `find`'s groups); '' removes it. */
  readonly replace: string;
}

/**
 * Makes `edit` in `s` (the module `id`, whose text is `code`) and returns the range of `code` it
 * replaced; throws, naming `plugin` and `library`, when `find` does not match exactly once.
 */
export function editOnce(s: MagicString, code: string, id: string, edit: SourceEdit, plugin: string, library: string): [number, number] {
  const matches = [...code.matchAll(new RegExp(edit.find.source, `g${edit.find.flags.replace('g', '')}`))];
  const [match] = matches;
  if (matches.length !== 1 || match === undefined) {
    throw new Error(
      `${plugin}: ${edit.find} matches ${matches.length} times in ${id}, not once; ${library} has changed, update scripts/${plugin}.ts`,
    );
  }
  const end = match.index + match[0].length;
  if (edit.replace === '') s.remove(match.index, end);
  else s.overwrite(match.index, end, match[0].replace(edit.find, edit.replace));
  return [match.index, end];
}
