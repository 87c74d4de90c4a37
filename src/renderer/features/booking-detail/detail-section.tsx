import { Box, Button, Card, Collapsible, Heading, HStack, type SystemStyleObject } from '@chakra-ui/react';
import { collapsibleSlotRecipe } from '@chakra-ui/react/theme';
import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';

/** The section's toggle: the whole width of the card, the heading's own font, wrapping titles. */
const TRIGGER_STYLE: SystemStyleObject = {
  width: 'full',
  height: 'auto',
  minH: '14',
  px: { base: '4', md: '6' },
  py: '3',
  justifyContent: 'space-between',
  rounded: 'none',
  fontSize: 'inherit',
  fontWeight: 'inherit',
  textAlign: 'start',
  whiteSpace: 'normal',
};

/**
 * A collapsible section of the booking detail (SPEC.md §2). The heading holds the toggle button
 * (WAI-ARIA disclosure pattern), so headings stay in order and each section is a landmark named
 * by its title. `id` is the fragment that links to it (e.g. /booking/{id}#discussion); `badge`
 * (e.g. unread messages) sits beside the title.
 */
export function DetailSection({
  id,
  title,
  icon,
  badge,
  children,
}: {
  id: string;
  title: string;
  icon: ReactNode;
  badge?: ReactNode;
  children: ReactNode;
}) {
  const headingId = `${id}-title`;
  return (
    <Card.Root
      as="section"
      id={id}
      aria-labelledby={headingId}
      variant="outline"
      scrollMarginTop="24"
      overflow="hidden"
    >
      <Collapsible.Root recipe={collapsibleSlotRecipe} defaultOpen>
        <Heading as="h2" id={headingId} size="lg" m="0">
          <Collapsible.Trigger asChild>
            <Button variant="ghost" size="lg" css={TRIGGER_STYLE}>
              <HStack gap="3">
                <Box color="brand.fg" aria-hidden>
                  {icon}
                </Box>
                {title}
                {badge}
              </HStack>
              <Collapsible.Indicator transition="transform 0.2s" _open={{ transform: 'rotate(180deg)' }} aria-hidden>
                <ChevronDown />
              </Collapsible.Indicator>
            </Button>
          </Collapsible.Trigger>
        </Heading>
        <Collapsible.Content>
          <Box px={{ base: '4', md: '6' }} pb={{ base: '4', md: '6' }} pt="2">
            {children}
          </Box>
        </Collapsible.Content>
      </Collapsible.Root>
    </Card.Root>
  );
}
