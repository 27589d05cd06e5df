import { defineElement } from '@cargo-trackers/core/element';
import { OceanTracker } from './ocean-tracker.js';

defineElement('ocean-tracker', OceanTracker);
