export const START: string;
export const END: string;
export function withFigures(doc: string, intro: string, report: string): string;
export function writeFigures(path: string, intro: string, report: string): void;
