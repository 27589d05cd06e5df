export { formatMoment, isoOf, offsetLabel } from './dates.js';
export { formatRelative, formatDuration, formatCountdown } from './relative.js';
export { formatList } from './list.js';
export { formatWeightKg, formatInteger, countryName } from './numbers.js';
