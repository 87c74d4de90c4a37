import { Center, Image, type SystemStyleObject } from '@chakra-ui/react';
import {
  Bike,
  BookOpen,
  Compass,
  Landmark,
  Mountain,
  PartyPopper,
  Sparkles,
  Sun,
  Users,
  Utensils,
  UtensilsCrossed,
} from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { CATEGORY_COLORS, type CatalogueCategory } from '@shared/labels';

const CATEGORY_ICONS: Partial<Record<CatalogueCategory, ReactNode>> = {
  aventure: <Mountain aria-hidden />,
  sport: <Bike aria-hidden />,
  decouverte: <Compass aria-hidden />,
  restauration: <Utensils aria-hidden />,
  animation: <PartyPopper aria-hidden />,
  culture: <Landmark aria-hidden />,
  detente: <Sun aria-hidden />,
  famille: <Users aria-hidden />,
  educatif: <BookOpen aria-hidden />,
  gastronomie: <UtensilsCrossed aria-hidden />,
};

/**
 * The catalogue's pictures are 16:10 with the activity's name drawn in them: shown whole at that
 * ratio (never stretched, never cropped, issue 11 §11), whatever the width.
 */
export const PICTURE_RATIO = 16 / 10;

/**
 * A catalogue picture, or its category icon on the category colour when there is none or it
 * fails to load (SPEC.md §8). Decorative: the item's name is always written next to it.
 */
export function CataloguePicture({
  src,
  category,
  width,
}: {
  src: string | undefined;
  category: string;
  width: SystemStyleObject['width'];
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const known = category in CATEGORY_COLORS ? (category as CatalogueCategory) : 'autre';
  if (!src || failedSrc === src) {
    return (
      <Center
        width={width}
        aspectRatio={PICTURE_RATIO}
        flexShrink={0}
        alignSelf="flex-start"
        rounded="md"
        colorPalette={CATEGORY_COLORS[known]}
        bg="colorPalette.subtle"
        color="colorPalette.fg"
        aria-hidden
        data-testid="image-placeholder"
      >
        {CATEGORY_ICONS[known] ?? <Sparkles aria-hidden />}
      </Center>
    );
  }
  return (
    <Image
      src={src}
      alt=""
      width={width}
      height="auto"
      aspectRatio={PICTURE_RATIO}
      flexShrink={0}
      alignSelf="flex-start"
      objectFit="contain"
      rounded="md"
      loading="lazy"
      bg="bg.muted"
      data-testid="catalogue-picture"
      onError={() => setFailedSrc(src)}
    />
  );
}
