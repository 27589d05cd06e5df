// Express 4 or 5: the adapter is ordinary middleware. Mount it where the widgets look.
import express from 'express';
import { createTrackingProxy } from '@cargo-trackers/proxy';
import { toNodeListener } from '@cargo-trackers/proxy/node';
import { storeFromRedisUrl } from '@cargo-trackers/proxy/redis';

export function createApp(env: NodeJS.ProcessEnv = process.env): express.Express {
  const app = express();
  const proxy = createTrackingProxy({
    baseUrl: env.TRACKING_BASE_URL ?? '',
    apiKey: env.TRACKING_API_KEY ?? '',
    // Behind a load balancer, every instance gets the same REDIS_URL; unset, each keeps its own MemoryStore.
    store: storeFromRedisUrl(env.REDIS_URL),
  });
  // The adapter reads `req.originalUrl`, so the route paths stay the full `/api/tracking/…` ones.
  app.use('/api/tracking', toNodeListener(proxy));
  app.get('/', (_req, res) => {
    res.send('<ocean-tracker proxy-url="/api/tracking/ocean"></ocean-tracker>');
  });
  return app;
}
