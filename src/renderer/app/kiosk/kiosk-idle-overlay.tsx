import { Box, Button, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { forwardRef, useEffect, useState } from 'react';
import { secondsLeft } from '@renderer/shared/kiosk-idle';

/**
 * The 20-second warning before the kiosk resets (DESIGN.md §6). It covers the whole screen, so
 * the touch that cancels it cannot also press a button of the page underneath.
 */
export const KioskIdleOverlay = forwardRef<HTMLDivElement, { deadline: number; onContinue: () => void }>(
  function KioskIdleOverlay({ deadline, onContinue }, ref) {
    const [now, setNow] = useState(() => Date.now());
    useEffect(() => {
      const interval = setInterval(() => setNow(Date.now()), 250);
      return () => clearInterval(interval);
    }, []);
    const seconds = secondsLeft(deadline, now);

    return (
      <Box
        ref={ref}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="kiosk-idle-title"
        aria-describedby="kiosk-idle-description"
        position="fixed"
        inset="0"
        zIndex="overlay"
        bg="blackAlpha.700"
        display="flex"
        alignItems="center"
        justifyContent="center"
        p="6"
        onClick={onContinue}
      >
        <Stack
          bg="bg"
          color="fg"
          rounded="2xl"
          shadow="2xl"
          p={{ base: '8', md: '12' }}
          gap="6"
          maxW="2xl"
          textAlign="center"
        >
          <Heading as="h2" id="kiosk-idle-title" size="3xl">
            Êtes-vous toujours là ?
          </Heading>
          <Text id="kiosk-idle-description" fontSize="xl">
            Sans action de votre part, la borne revient à l’accueil dans{' '}
            <Text as="strong" data-testid="kiosk-idle-seconds">
              {seconds} s
            </Text>{' '}
            et votre session sera fermée. Touchez l’écran pour continuer.
          </Text>
          <Button size="2xl" minH="64px" colorPalette="brand" autoFocus onClick={onContinue}>
            Continuer
          </Button>
        </Stack>
      </Box>
    );
  },
);

/** Shown while the session is being revoked and cleared, until the kiosk reloads on its target. */
export function KioskResetting() {
  return (
    <Box
      role="status"
      aria-live="assertive"
      position="fixed"
      inset="0"
      zIndex="overlay"
      bg="bg"
      display="flex"
      flexDirection="column"
      alignItems="center"
      justifyContent="center"
      gap="6"
    >
      <Spinner size="xl" color="brand.solid" />
      <Text fontSize="2xl">Retour à l’accueil…</Text>
    </Box>
  );
}
