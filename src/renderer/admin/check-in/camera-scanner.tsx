import { Alert, Box, Button, Stack } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { CameraUnavailableError, startCameraScan, type CameraScan } from './camera-scan';

export const CAMERA_MESSAGES = {
  start: 'Scanner avec la caméra',
  stop: 'Arrêter la caméra',
  unavailable:
    'Caméra inaccessible : autorisez-la dans le navigateur, ou utilisez le lecteur de codes ou la recherche par nom.',
  aim: 'Présentez le QR code du pass devant la caméra.',
} as const;

/**
 * The reception's camera scan: the button starts the camera, the first QR code read is handed to
 * `onCode` (the same check-in as a USB scanner's) and the camera stops.
 */
export function CameraScanner({ onCode }: { onCode: (code: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const running = useRef<CameraScan | null>(null);
  const [state, setState] = useState<'idle' | 'starting' | 'scanning' | 'unavailable'>('idle');

  const stop = () => {
    running.current?.stop();
    running.current = null;
    setState('idle');
  };
  useEffect(() => () => running.current?.stop(), []);

  const start = async () => {
    if (!video.current) return;
    setState('starting');
    try {
      running.current = await startCameraScan(video.current, (code) => {
        running.current = null;
        setState('idle');
        onCode(code);
      });
      setState((current) => (current === 'starting' ? 'scanning' : current));
    } catch (error) {
      if (!(error instanceof CameraUnavailableError)) console.error(error);
      setState('unavailable');
    }
  };

  const active = state === 'starting' || state === 'scanning';
  return (
    <Stack gap="2">
      {active ? (
        <Button size="lg" variant="outline" alignSelf="flex-start" onClick={stop}>
          {CAMERA_MESSAGES.stop}
        </Button>
      ) : (
        <Button size="lg" variant="outline" alignSelf="flex-start" onClick={() => void start()}>
          {CAMERA_MESSAGES.start}
        </Button>
      )}
      <Box display={active ? 'block' : 'none'} maxW="sm">
        <video
          ref={video}
          muted
          playsInline
          aria-label={CAMERA_MESSAGES.aim}
          data-testid="camera-preview"
          style={{ width: '100%', borderRadius: '8px' }}
        />
      </Box>
      {state === 'unavailable' && (
        <Alert.Root status="warning" role="alert">
          <Alert.Indicator />
          <Alert.Title>{CAMERA_MESSAGES.unavailable}</Alert.Title>
        </Alert.Root>
      )}
    </Stack>
  );
}
