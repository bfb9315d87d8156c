import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { initializeAuth } from './features/auth';
import { Providers } from './app/providers';
import { router } from './app/router';
import { followAccountTheme } from './app/theme/follow-account-theme';
import { applyTheme, useThemeStore, watchSystemTheme } from './app/theme/theme-store';
import { wireHttp } from './app/wire-http';
import { errorLogger } from './lib/telemetry/error-logger';
import { ErrorBoundary } from './ui/error-boundary/error-boundary';
import './styles.css';

applyTheme(useThemeStore.getState().choice);
watchSystemTheme();
followAccountTheme();
wireHttp((path) => void router.navigate(path));
errorLogger.start();
void initializeAuth();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <ErrorBoundary level="page">
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </ErrorBoundary>
  </StrictMode>,
);
