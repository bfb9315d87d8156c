import { createBrowserRouter } from 'react-router';
import { buildRoutes } from './routes';

export const router = createBrowserRouter(buildRoutes());
