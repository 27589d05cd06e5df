export type Engine = 'chromium' | 'firefox' | 'webkit';
export const ENGINES: Record<Engine, { label: string; env: string; paths: string[]; install: string }>;
export function findBrowser(engine: Engine): string;
