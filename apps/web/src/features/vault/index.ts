// What the app shell and other features may use of the vault (screens are lazy-loaded).
export { useVaultSession } from './api/vault-session-store';
export { useMoveToVault } from './hooks/use-move-to-vault';
