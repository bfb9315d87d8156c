/** What other features may use of models besides app.models, app.modelsAdmin, app.providerSettings. */
export { announceRegistryChange } from './models.plugin';
