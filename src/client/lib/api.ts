import { hc } from 'hono/client';
import type { AppType } from '../../server/app';

/** The typed API client. Only the AppType *type* crosses from the server; no server code. */
export const api = hc<AppType>('/');
