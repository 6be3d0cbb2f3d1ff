import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** Changing this (e.g. the pathname) clears a caught error, so navigating away recovers. */
  resetKey: string;
  fallback: ReactNode;
  children: ReactNode;
}

interface State {
  error: unknown;
  key: string;
}

/** Catches a page that fails to render or whose lazy chunk cannot be loaded (e.g. after a deployment). */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('页面渲染失败', error, info.componentStack);
  }

  render(): ReactNode {
    return this.state.error ? this.props.fallback : this.props.children;
  }
}
