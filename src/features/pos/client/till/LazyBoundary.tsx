import { Alert, Button, Stack } from '@/client/ui';
import { Component, type ReactNode } from 'react';

/**
 * A part of the till that could not be loaded (offline before it was ever cached) says so, instead
 * of taking the whole till down with it.
 */
export class LazyBoundary extends Component<
  { children: ReactNode; onClose?: () => void },
  { hasFailed: boolean }
> {
  state = { hasFailed: false };

  static getDerivedStateFromError() {
    return { hasFailed: true };
  }

  render() {
    if (!this.state.hasFailed) return this.props.children;
    return (
      <Stack p="4" gap="3" maxW="lg" mx="auto">
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>
            Cette partie de la caisse n’a pas pu être chargée sans réseau. Elle le sera à la prochaine
            connexion.
          </Alert.Title>
        </Alert.Root>
        <Button
          alignSelf="flex-start"
          onClick={() => {
            this.setState({ hasFailed: false });
            this.props.onClose?.();
          }}
        >
          Fermer
        </Button>
      </Stack>
    );
  }
}
