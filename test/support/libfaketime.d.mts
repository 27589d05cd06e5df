export function underLibfaketime(env?: NodeJS.ProcessEnv): boolean;
export function withoutLibfaketime(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
export function withoutLibfaketimeIn<T>(start: () => Promise<T>): Promise<T>;
export function withRealFileTimes(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
export function calendarOffsetMs(): number;
