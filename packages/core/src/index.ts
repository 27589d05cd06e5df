export type * from './model/shipment.js';
