import { defineElement } from '@cargo-trackers/core/internal/first';
import { OceanTracker } from './ocean-tracker.js';

defineElement('ocean-tracker', OceanTracker);
