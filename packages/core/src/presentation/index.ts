export { createPresenter, type Presenter } from './present.js';
export { memoizeLast } from './memo.js';
export { statusLabel, eventLabel, placeLabel, shortPlaceLabel } from './labels.js';
export type * from './view-model.js';
export { SIGNIFICANT_DELAY_MS } from './exception.js';
