/** The open coverage lists (`GET /v1/carriers/ocean`, `GET /v1/carriers/air`), from the contract. */

const ALL_KINDS = ['container', 'bill_of_lading', 'booking'];

export const oceanCarrierList = {
  carriers: [
    { code: 'MAEU', name: 'Maersk', referenceTypes: ALL_KINDS, containerNumberRequiredWith: [] },
    { code: 'MSCU', name: 'MSC Mediterranean Shipping Company', referenceTypes: ALL_KINDS, containerNumberRequiredWith: ['booking'] },
    { code: 'CMDU', name: 'CMA CGM', referenceTypes: ALL_KINDS, containerNumberRequiredWith: [] },
    { code: 'COSU', name: 'COSCO Shipping Lines', referenceTypes: ALL_KINDS, containerNumberRequiredWith: [] },
    { code: 'HLCU', name: 'Hapag-Lloyd', referenceTypes: ALL_KINDS, containerNumberRequiredWith: [] },
    { code: 'ONEY', name: 'Ocean Network Express', referenceTypes: ALL_KINDS, containerNumberRequiredWith: [] },
    { code: 'EGLV', name: 'Evergreen Line', referenceTypes: ['container', 'bill_of_lading'], containerNumberRequiredWith: [] },
    { code: 'OOLU', name: 'OOCL', referenceTypes: ALL_KINDS, containerNumberRequiredWith: [] },
    { code: 'HDMU', name: 'HMM', referenceTypes: ['container', 'bill_of_lading'], containerNumberRequiredWith: ['bill_of_lading'] },
    { code: 'YMLU', name: 'Yang Ming', referenceTypes: ALL_KINDS, containerNumberRequiredWith: [] },
    { code: 'ZIMU', name: 'ZIM', referenceTypes: ['container', 'bill_of_lading'], containerNumberRequiredWith: [] },
  ],
};

export const airlineList = {
  airlines: [
    { prefix: '020', iata: 'LH', name: 'Lufthansa Cargo' },
    { prefix: '057', iata: 'AF', name: 'Air France Cargo' },
    { prefix: '074', iata: 'KL', name: 'KLM Cargo' },
    { prefix: '157', iata: 'QR', name: 'Qatar Airways Cargo' },
    { prefix: '160', iata: 'CX', name: 'Cathay Cargo' },
    { prefix: '172', iata: 'CV', name: 'Cargolux' },
    { prefix: '176', iata: 'EK', name: 'Emirates SkyCargo' },
    { prefix: '180', iata: 'KE', name: 'Korean Air Cargo' },
    { prefix: '235', iata: 'TK', name: 'Turkish Cargo' },
    { prefix: '618', iata: 'SQ', name: 'Singapore Airlines Cargo' },
  ],
};

export const knownOceanCarrierCodes: ReadonlySet<string> = new Set(oceanCarrierList.carriers.map((c) => c.code));
export const knownAirlinePrefixes: ReadonlySet<string> = new Set(airlineList.airlines.map((a) => a.prefix));
