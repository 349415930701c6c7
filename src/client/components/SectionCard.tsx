import { Card, HStack } from '@/client/ui';
import type { ReactNode } from 'react';

/** A titled card of a detail page (an order's, a client's): its title, an action beside it, its body. */
export function SectionCard(props: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Card.Root size="sm" data-testid={props.testId}>
      <Card.Header>
        <HStack justify="space-between" gap="2" flexWrap="wrap">
          <Card.Title as="h2">{props.title}</Card.Title>
          {props.action}
        </HStack>
      </Card.Header>
      <Card.Body>{props.children}</Card.Body>
    </Card.Root>
  );
}
