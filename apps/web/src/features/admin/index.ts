export { AdminNav } from './components/admin-nav';
