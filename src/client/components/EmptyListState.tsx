import { EmptyState, HStack, VStack } from '@/client/ui';
import type { ReactNode } from 'react';

/**
 * What an empty list says: what will show here and, when the role may, the first thing to do
 * (the buttons, already filtered by permission by the caller).
 */
export function EmptyListState(props: {
  icon?: ReactNode;
  title: string;
  description?: ReactNode;
  /** Buttons, for the roles allowed to use them. */
  actions?: ReactNode;
  testId?: string;
}) {
  return (
    <EmptyState.Root size="sm" data-testid={props.testId ?? 'empty-list'}>
      <EmptyState.Content>
        {props.icon ? <EmptyState.Indicator>{props.icon}</EmptyState.Indicator> : null}
        <VStack textAlign="center" gap="1">
          <EmptyState.Title>{props.title}</EmptyState.Title>
          {props.description ? (
            <EmptyState.Description maxW="md">{props.description}</EmptyState.Description>
          ) : null}
        </VStack>
        {props.actions ? (
          <HStack gap="2" flexWrap="wrap" justify="center">
            {props.actions}
          </HStack>
        ) : null}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
