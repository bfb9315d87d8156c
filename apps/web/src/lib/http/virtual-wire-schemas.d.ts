/* eslint-disable @typescript-eslint/consistent-type-imports -- an ambient module declaration
   cannot import from relative paths, so its types are named with import() instead. */
declare module 'virtual:wire-schemas' {
  /** Generated at build time from the contract by wire-schemas.plugin.ts. */
  const schemas: Record<
    import('./wire-schema-names').WireSchemaName,
    import('./json-schema-check').JsonSchema
  >;
  export default schemas;
}
