import { createHttpClient } from './create-http-client';

/** The app-wide API client (spec §7). Its session, navigate and refresh hook are set in app/. */
export const http = createHttpClient({ baseURL: import.meta.env.VITE_API_BASE ?? '/api/v1' });
