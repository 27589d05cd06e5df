export function apachePreforkUnavailable(): string | undefined;
export interface ApachePrefork {
  readonly origin: string;
  readonly port: number;
  stop(): Promise<void>;
  errorLog(): Promise<string>;
}
export function startApachePrefork(options: {
  dir: string;
  docRoot: string;
  workers: number;
  phpValues?: Record<string, string>;
  allowOverride?: string;
}): Promise<ApachePrefork>;
