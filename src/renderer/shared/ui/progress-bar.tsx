import { Box } from '@chakra-ui/react';

const HEIGHT = { sm: '2', lg: '3' } as const;

/**
 * A progress bar with the look of Chakra's Progress (outline variant, rounded) written as style
 * props, and the progressbar role and values its Progress would give. Not the Progress component
 * itself: its state machine costs each bar a machine's start on the main thread, and its code
 * would load with the pages that draw one (docs/decisions.md, performance rule 25).
 */
export function ProgressBar({
  percent,
  label,
  valueText,
  size = 'sm',
  labelledBy,
}: {
  /** 0 to 100. */
  percent: number;
  /** The bar's accessible name, unless `labelledBy` names the element that holds it. */
  label?: string;
  labelledBy?: string;
  /** What a screen reader says instead of the percentage ('Étape 2 sur 4 : …'). */
  valueText?: string;
  size?: keyof typeof HEIGHT;
}) {
  const value = Math.min(100, Math.max(0, Math.round(percent)));
  return (
    <Box
      position="relative"
      overflow="hidden"
      h={HEIGHT[size]}
      borderRadius="full"
      bg="bg.muted"
      shadow="inset"
      role="progressbar"
      aria-label={labelledBy ? undefined : label}
      aria-labelledby={labelledBy}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      aria-valuetext={valueText}
    >
      <Box
        h="100%"
        bg="brand.solid"
        transitionProperty="width"
        transitionDuration="slow"
        style={{ width: `${value}%` }}
      />
    </Box>
  );
}
