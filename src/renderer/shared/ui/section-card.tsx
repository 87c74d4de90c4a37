import { Card, Heading } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A card that is a region named by its heading (h2 or h3): the heading, then the content. */
export function SectionCard({
  headingId,
  title,
  level = 'h2',
  size = 'lg',
  gap = '4',
  p,
  children,
  ...root
}: {
  headingId: string;
  title: ReactNode;
  level?: 'h2' | 'h3';
  size?: 'md' | 'lg';
  gap?: Card.BodyProps['gap'];
  p?: Card.BodyProps['p'];
  children: ReactNode;
} & Omit<Card.RootProps, 'title' | 'children' | 'as'>) {
  return (
    <Card.Root as="section" aria-labelledby={headingId} {...root}>
      <Card.Body gap={gap} p={p}>
        <Heading as={level} id={headingId} size={size}>
          {title}
        </Heading>
        {children}
      </Card.Body>
    </Card.Root>
  );
}
