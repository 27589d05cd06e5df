// Where `npm run bench` keeps its figures: docs/performance.md, between two markers, so the page
// always shows the transcript of the last full run and no copy of it drifts elsewhere.
import { readFileSync, writeFileSync } from 'node:fs';

export const START = '<!-- bench figures: written by npm run bench -->';
export const END = '<!-- end of bench figures -->';

/** `doc` with the text between the markers replaced by `intro` and the transcript `report`. */
export function withFigures(doc, intro, report) {
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start === -1 || end === -1 || end < start || doc.indexOf(START, start + 1) !== -1 || doc.indexOf(END, end + 1) !== -1)
    throw new Error(`docs/performance.md needs each bench marker once, in order: ${START} … ${END}`);
  const fence = '```';
  return `${doc.slice(0, start + START.length)}\n\n${intro}\n\n${fence}\n${report}\n${fence}\n\n${doc.slice(end)}`;
}

/** Writes the transcript into the file at `path` (docs/performance.md). */
export function writeFigures(path, intro, report) {
  writeFileSync(path, withFigures(readFileSync(path, 'utf8'), intro, report));
}
