import { Table, VisuallyHidden } from '@chakra-ui/react';
import { tableSlotRecipe } from '@chakra-ui/react/theme';
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

/** A column's heading: right-aligned over figures (`end`), or only for screen readers (`hidden`). */
export type Column = string | { label: string; end?: boolean; hidden?: boolean };

/**
 * A back-office table in its `ScrollTable`: the column headings, then the rows given as children;
 * `caption` repeats the label as a caption for screen readers.
 */
export function AdminTable({
  label,
  columns,
  caption = false,
  children,
  ...root
}: {
  label: string;
  columns: Column[];
  caption?: boolean;
  children: ReactNode;
} & Omit<Table.RootProps, 'size' | 'children'>) {
  return (
    <ScrollTable label={label}>
      <Table.Root recipe={tableSlotRecipe} size="sm" {...root}>
        {caption && <Table.Caption srOnly>{label}</Table.Caption>}
        <Table.Header>
          <Table.Row>
            {columns.map((column) => {
              const { label: text, end, hidden } = typeof column === 'string' ? { label: column } : column;
              return (
                <Table.ColumnHeader key={text} textAlign={end ? 'end' : undefined}>
                  {hidden ? <VisuallyHidden>{text}</VisuallyHidden> : text}
                </Table.ColumnHeader>
              );
            })}
          </Table.Row>
        </Table.Header>
        <Table.Body>{children}</Table.Body>
      </Table.Root>
    </ScrollTable>
  );
}
