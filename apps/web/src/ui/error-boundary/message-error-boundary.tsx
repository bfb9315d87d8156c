import { Component, type ReactNode } from 'react';
import { MESSAGES } from '@parallax/contract';
import { RotateCcw } from 'lucide-react';
import { errorLogger } from '../../lib/telemetry/error-logger';
import { Button } from '../button';

interface State {
  failed: boolean;
}

/** Wraps one chat message so a rendering fault costs that message only (spec §2). */
export class MessageErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    errorLogger.log(error, { level: 'message' });
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <div
        role="alert"
        className="rounded-xl border border-dashed border-line-strong bg-surface-2/60 px-4 py-3 text-sm"
      >
        <p className="font-medium">{MESSAGES.messageErrorTitle}</p>
        <p className="mt-0.5 text-fg-muted">{MESSAGES.messageErrorText}</p>
        <Button
          className="mt-2"
          size="sm"
          variant="outline"
          onClick={() => this.setState({ failed: false })}
        >
          <RotateCcw className="size-3.5" aria-hidden /> Try Again
        </Button>
      </div>
    );
  }
}
