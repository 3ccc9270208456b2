/** GET /api/health */
export type Health = {
  status: 'ok' | 'unavailable';
  database: 'ok' | 'unreachable';
};

/** GET /api/config: settings the browser needs at start; nothing secret ever goes here. */
export type PublicConfig = {
  translateWidget: boolean;
};
