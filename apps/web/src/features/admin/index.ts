export { AdminNav, AdminPage } from './components/admin-nav';
