/**
 * The numbers the demo answers, and what each one shows. The mock service routes on this
 * table, and the demo page and README list it, so the three can never disagree.
 */

export type Product = 'ocean' | 'air';

/** What the mock service answers for a number. */
export type DemoOutcome =
  /** 200 with a shipment document. */
  | 'document'
  /** 202 (after holding the request) on the first asks, then 200 with a document. */
  | 'accepted-then-document'
  /** 401, as for a revoked key, even though the proxy sent the right one. */
  | 'unauthorized'
  /** 402 `insufficient_credits`. */
  | 'insufficient-credits'
  /** 402 `usage_limit_reached` with `limit` and `resets_at`. */
  | 'usage-limit-reached'
  /** 429 with `Retry-After: 5`. */
  | 'rate-limited'
  /** 404: the service knows no such shipment. */
  | 'not-found'
  /** 500: a fault on the service side. */
  | 'server-error'
  /** 200 whose body is an HTML page, not JSON. */
  | 'not-json'
  /** 200 JSON document without a required field. */
  | 'missing-required-field';

export interface DemoNumber {
  readonly product: Product;
  /** As a visitor would type it. */
  readonly number: string;
  /** Carrier code, for ocean numbers; the page does not need it (the service detects the carrier). */
  readonly carrierCode?: string;
  readonly outcome: DemoOutcome;
  /** One line for the page and the README. */
  readonly shows: string;
}

export const demoNumbers: readonly DemoNumber[] = [
  // Ocean documents
  {
    product: 'ocean',
    number: 'MEDU9091004',
    carrierCode: 'MSCU',
    outcome: 'document',
    shows: 'Container in transit Ningbo → Singapore → Rotterdam, live AIS position, ETA later than first promised',
  },
  {
    product: 'ocean',
    number: 'OOLU2741938520',
    carrierCode: 'OOLU',
    outcome: 'document',
    shows: 'Bill of lading with two containers crossing the Pacific (route crosses the antimeridian)',
  },
  {
    product: 'ocean',
    number: 'HLXU8123446',
    carrierCode: 'HLCU',
    outcome: 'document',
    shows: 'Delivered container: Santos → Hamburg, then rail to Duisburg',
  },
  {
    product: 'ocean',
    number: '238417562',
    carrierCode: 'MAEU',
    outcome: 'document',
    shows: 'Booking with only planned milestones (nothing has happened yet)',
  },
  {
    product: 'ocean',
    number: 'CMAU4719208',
    carrierCode: 'CMDU',
    outcome: 'document',
    shows: 'Unknown status and event codes, shown with the document’s own text',
  },
  {
    product: 'ocean',
    number: 'ZIMU3184066',
    carrierCode: 'ZIMU',
    outcome: 'document',
    shows: 'Hostile strings (<script>, <img onerror>) in every text field, rendered as text',
  },
  {
    product: 'ocean',
    number: 'EGHU9073510',
    carrierCode: 'EGLV',
    outcome: 'document',
    shows: 'Long history: 300 milestones on an intra-Asia shuttle',
  },
  // Ocean states
  {
    product: 'ocean',
    number: 'DEMO202',
    outcome: 'accepted-then-document',
    shows: '202 “still looking” twice (each held a few seconds), then the document',
  },
  { product: 'ocean', number: 'DEMO401', outcome: 'unauthorized', shows: '401: the key is invalid or revoked' },
  {
    product: 'ocean',
    number: 'DEMO402',
    outcome: 'insufficient-credits',
    shows: '402 insufficient_credits: no ocean tracking credits left',
  },
  {
    product: 'ocean',
    number: 'DEMO402CAP',
    outcome: 'usage-limit-reached',
    shows: '402 usage_limit_reached: monthly cap reached, with limit and reset time',
  },
  { product: 'ocean', number: 'DEMO429', outcome: 'rate-limited', shows: '429 rate limited, Retry-After: 5 seconds' },
  { product: 'ocean', number: 'DEMO404', outcome: 'not-found', shows: '404: no shipment found (as for any other unknown number)' },
  { product: 'ocean', number: 'DEMO500', outcome: 'server-error', shows: '500: a fault on the service side' },
  {
    product: 'ocean',
    number: 'DEMOBADJSON',
    outcome: 'not-json',
    shows: 'The mock answers 200 with an HTML page; the proxy withholds it and answers 502',
  },
  {
    product: 'ocean',
    number: 'DEMOINCOMPLETE',
    outcome: 'missing-required-field',
    shows: '200 JSON document without the required status field',
  },
  // Air documents
  {
    product: 'air',
    number: '176-22817340',
    outcome: 'document',
    shows: 'Emirates AWB Hong Kong → Dubai → Frankfurt, transferred in Dubai',
  },
  { product: 'air', number: '020-44170626', outcome: 'document', shows: 'Delivered Lufthansa AWB, Frankfurt → Chicago' },
  {
    product: 'air',
    number: '618-50833915',
    outcome: 'document',
    shows: 'Re-booked Singapore Airlines AWB: offloaded, then flying on a later flight (live aircraft position)',
  },
  {
    product: 'air',
    number: '157-13905275',
    outcome: 'document',
    shows: 'Qatar AWB whose onward flight Doha → London was cancelled, awaiting re-booking',
  },
  // Air states
  {
    product: 'air',
    number: '172-20200003',
    outcome: 'accepted-then-document',
    shows: '202 “still looking” twice (each held a few seconds), then the document',
  },
  { product: 'air', number: '172-40100001', outcome: 'unauthorized', shows: '401: the key is invalid or revoked' },
  {
    product: 'air',
    number: '172-40200005',
    outcome: 'insufficient-credits',
    shows: '402 insufficient_credits: no air tracking credits left',
  },
  {
    product: 'air',
    number: '172-40200016',
    outcome: 'usage-limit-reached',
    shows: '402 usage_limit_reached: monthly cap reached, with limit and reset time',
  },
  { product: 'air', number: '172-42900001', outcome: 'rate-limited', shows: '429 rate limited, Retry-After: 5 seconds' },
  { product: 'air', number: '172-40400006', outcome: 'not-found', shows: '404: no shipment found (as for any other unknown AWB)' },
  { product: 'air', number: '172-50000005', outcome: 'server-error', shows: '500: a fault on the service side' },
  {
    product: 'air',
    number: '172-20000013',
    outcome: 'not-json',
    shows: 'The mock answers 200 with an HTML page; the proxy withholds it and answers 502',
  },
  {
    product: 'air',
    number: '172-20000024',
    outcome: 'missing-required-field',
    shows: '200 JSON document without the required milestones field',
  },
];

/**
 * The key a number is matched on: visitors type numbers with spaces, lower case or (for AWBs)
 * with the hyphen anywhere or nowhere; the service matches them all, while documents echo the number as sent.
 */
export function lookupKey(product: Product, number: string): string {
  if (product === 'air') {
    // Hyphens and spaces anywhere are accepted spellings ("176 2281 7340", "17622817340").
    const digits = number.replace(/[\s-]/g, '');
    if (/^\d{11}$/.test(digits)) return `${digits.slice(0, 3)}-${digits.slice(3)}`;
  }
  return number.replace(/\s+/g, '').toUpperCase();
}

export function findDemoNumber(product: Product, number: string): DemoNumber | undefined {
  const key = lookupKey(product, number);
  return demoNumbers.find((entry) => entry.product === product && lookupKey(product, entry.number) === key);
}
