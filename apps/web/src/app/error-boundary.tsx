import { Component, type ReactNode } from 'react';
import { ERROR_BOUNDARY_TEXT } from '@balcao/shared/layout';
import { reportError } from '@/features/analytics/analytics';

/** Top-level boundary: the spec's fallback text; the error goes to the console and to the analytics provider when on. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    console.error('Erro de renderização', error);
    reportError(error);
  }
  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className="flex min-h-dvh items-center justify-center p-6 text-center text-lg">
        {ERROR_BOUNDARY_TEXT}
      </div>
    );
  }
}
