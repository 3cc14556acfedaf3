/** One broken screen shows this instead of blanking the shell; the error goes to the error log. */
import { Button, Result } from 'antd';
import { Component, type ReactNode } from 'react';
import i18n from '../app/i18n';
import { useErrorLogStore } from '../app/stores/error-log';

interface State {
  error: Error | null;
}

export class ScreenErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error): void {
    if (import.meta.env.PROD) useErrorLogStore.getState().add({ message: error.message, stack: error.stack ?? '' });
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <Result
        status="error"
        title={i18n.t('error.screenCrashed')}
        subTitle={this.state.error.message}
        extra={
          <Button type="primary" onClick={() => this.setState({ error: null })}>
            {i18n.t('error.retry')}
          </Button>
        }
      />
    );
  }
}
