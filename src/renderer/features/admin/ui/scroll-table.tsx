import { Table } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * A table that scrolls sideways inside its own frame on a phone (never the page). The frame is
 * focusable and named, so a keyboard user can scroll it too (axe scrollable-region-focusable).
 */
export function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.ScrollArea
      borderWidth="1px"
      rounded="md"
      maxW="100%"
      tabIndex={0}
      role="region"
      aria-label={label}
      // Visually hidden headers (position: absolute) stay inside the frame instead of widening the page.
      position="relative"
    >
      {children}
    </Table.ScrollArea>
  );
}
