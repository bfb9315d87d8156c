/** What other features and the app may use of share links. */
export { ShareDialog } from './components/share-dialog';
export { SharedLinksSection } from './components/shared-links-section';
export { AdminSharesCard } from './components/admin-shares-card';
