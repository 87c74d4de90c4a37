import { Box, Button, Card, Heading, HStack, type SystemStyleObject } from '@chakra-ui/react';
import { ChevronDown } from 'lucide-react';
import { useState, type ReactNode } from 'react';

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
 * (e.g. unread messages) sits beside the title. A closed section keeps its content mounted
 * (hidden), as a form half typed in it must stay. The disclosure is a button and a state, not
 * Chakra's Collapsible: the page has seven sections, and each Collapsible started a state machine
 * in the task that draws the booking (docs/decisions.md, performance rule 25).
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
  const contentId = `${id}-content`;
  const [open, setOpen] = useState(true);
  return (
    <Card.Root
      as="section"
      id={id}
      aria-labelledby={headingId}
      variant="outline"
      scrollMarginTop="24"
      overflow="hidden"
      contentVisibility="auto"
      containIntrinsicSize="auto 600px"
    >
      <Heading as="h2" id={headingId} size="lg" m="0">
        <Button
          variant="ghost"
          size="lg"
          css={TRIGGER_STYLE}
          aria-expanded={open}
          aria-controls={contentId}
          onClick={() => setOpen((isOpen) => !isOpen)}
        >
          <HStack gap="3">
            <Box color="brand.fg" aria-hidden>
              {icon}
            </Box>
            {title}
            {badge}
          </HStack>
          <Box
            as="span"
            display="inline-flex"
            transition="transform 0.2s"
            transform={open ? 'rotate(180deg)' : undefined}
            aria-hidden
          >
            <ChevronDown />
          </Box>
        </Button>
      </Heading>
      <Box id={contentId} hidden={!open} px={{ base: '4', md: '6' }} pb={{ base: '4', md: '6' }} pt="2">
        {children}
      </Box>
    </Card.Root>
  );
}
