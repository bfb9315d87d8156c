export { startProviderSim, SIM_VERTEX_LOCATION, SIM_VERTEX_PROJECT } from './sim-server';
export type { ProviderSim, ProviderSimOptions } from './sim-server';
export type { SimEventName, SimOutcome, SimRequestRecord } from './request-log';
export { DEFAULT_SIM_DEFAULTS, SIM_FAULTS, HTTP_FAULTS, TRANSPORT_FAULTS } from './knobs';
export type { SimDefaults, SimFault, HttpFault, TransportFault } from './knobs';
export { CONTEXT_WINDOWS } from './generation-request';
export { simTitleFor } from './title-text';
export { simCategoriesFor } from './category-text';
