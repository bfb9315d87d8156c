import { Component, type ErrorInfo, type ReactNode } from 'react';
import { MESSAGES } from '@parallax/contract';
import { classifyError } from '../../lib/errors/classify-error';
import { errorLogger, type ErrorLogger } from '../../lib/telemetry/error-logger';
import { ErrorFallback, type ErrorLevel } from './error-fallback';

export interface ErrorBoundaryProps {
  level: ErrorLevel;
  children: ReactNode;
  /** Changing any of these clears the error (e.g. the route path). */
  resetKeys?: readonly unknown[];
  logger?: ErrorLogger;
}

interface State {
  error: unknown;
  hasError: boolean;
  errorId: string | null;
}

const TITLES: Record<ErrorLevel, string> = {
  page: MESSAGES.pageError,
  section: MESSAGES.sectionError,
  component: MESSAGES.componentError,
};

/** Spec §2 error screen at page, section or component level, with the user message and an error ID. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, State> {
  override state: State = { error: null, hasError: false, errorId: null };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    const logger = this.props.logger ?? errorLogger;
    const errorId = logger.log(error, {
      level: this.props.level,
      componentStack: info.componentStack ?? null,
    });
    this.setState({ errorId });
  }

  override componentDidUpdate(prev: ErrorBoundaryProps): void {
    if (!this.state.hasError) return;
    const a = prev.resetKeys ?? [];
    const b = this.props.resetKeys ?? [];
    if (a.length !== b.length || a.some((v, i) => !Object.is(v, b[i]))) this.reset();
  }

  reset = (): void => {
    this.setState({ error: null, hasError: false, errorId: null });
  };

  override render(): ReactNode {
    if (!this.state.hasError) return this.props.children;
    const { userMessage } = classifyError(this.state.error);
    return (
      <ErrorFallback
        level={this.props.level}
        title={TITLES[this.props.level]}
        userMessage={userMessage}
        errorId={this.state.errorId}
        onRetry={this.reset}
      />
    );
  }
}
