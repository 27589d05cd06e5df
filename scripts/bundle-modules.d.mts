export const ELEMENT_DEFINES: Readonly<Record<string, string>>;
export const ENTRY: string;
export const MAP_ELEMENT: string;
export const MAP: string;
export const VIEWS: Readonly<Record<string, readonly string[]>>;
export const LIST_READERS: Readonly<Record<string, readonly string[]>>;
