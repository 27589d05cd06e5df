export { formatMoment, isoOf, offsetLabel } from './dates.js';
export { formatRelative, formatDuration, formatCountdown } from './relative.js';
export { formatWeightKg, formatInteger, countryName } from './numbers.js';
