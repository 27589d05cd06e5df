/**
 * `@cargo-trackers/core/internal/lazy`, for the element packages only (not a public API): what
 * their lazily loaded modules (the product view, the normalizer, the list readers) use: the
 * readers, formatting and render helpers, and the first-load modules that every later phase
 * shares (first/shared.ts).
 */
export * from '../first/shared.js';
export * from '../model/read.js';
export * from '../model/read-shapes.js';
export * from '../format/index.js';
export { inSentence, type RenderContext } from '../contracts/render-context.js';
export { sectionHeading } from '../view/heading.js';
export type * from '../model/shipment.js';
export type * from '../contracts/view-model.js';
