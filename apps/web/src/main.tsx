import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initializeAuth } from './features/auth';
import { Providers } from './app/providers';
import { AppRouter } from './app/router';
import { wireSessionEnd } from './app/session-ended';
import { wireSessionTimeout } from './app/session-timeout';
import { followAccountTheme } from './app/theme/follow-account-theme';
import { applyTheme, useThemeStore, watchSystemTheme } from './app/theme/theme-store';
import { wireConnectivity } from './app/connectivity';
import { wireHttp } from './app/wire-http';
import { wirePublicConfig } from './app/wire-public-config';
import { errorLogger } from './lib/telemetry/error-logger';
import { eventTracker } from './lib/telemetry/event-tracker';
import { ErrorBoundary } from './ui/error-boundary/error-boundary';
import './styles.css';

applyTheme(useThemeStore.getState().choice);
watchSystemTheme();
followAccountTheme();
wireHttp();
wireConnectivity();
wirePublicConfig();
wireSessionEnd();
wireSessionTimeout();
errorLogger.start();
eventTracker.start();
void initializeAuth();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <ErrorBoundary level="page">
      <Providers>
        <AppRouter />
      </Providers>
    </ErrorBoundary>
  </StrictMode>,
);
