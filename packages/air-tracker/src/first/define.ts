import { defineElement } from '@cargo-trackers/core/internal/first';
import { AirTracker } from './air-tracker.js';

defineElement('air-tracker', AirTracker);
