/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Overrides the API base (default `/api/v1`). */
  readonly VITE_API_BASE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
