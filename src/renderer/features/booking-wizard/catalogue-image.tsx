import { Center, Image, type SystemStyleObject } from '@chakra-ui/react';
import { Bike, Compass, Mountain, PartyPopper, Sparkles, Utensils } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { CatalogueItem } from '@shared/api/catalogue.schema';
import { CATEGORY_COLORS, type CatalogueCategory } from '@shared/labels';
import { mediaUrl } from '../../shared/api/client';

const CATEGORY_ICONS: Partial<Record<CatalogueCategory, ReactNode>> = {
  aventure: <Mountain aria-hidden />,
  sport: <Bike aria-hidden />,
  decouverte: <Compass aria-hidden />,
  restauration: <Utensils aria-hidden />,
  animation: <PartyPopper aria-hidden />,
};

/** The default picture first, then the item's main image, then any picture. */
function pictureOf(item: CatalogueItem): string | undefined {
  return mediaUrl(item.images.find((image) => image.isDefault)?.url ?? item.image ?? item.images[0]?.url);
}

/**
 * The item's picture, or its category icon on the category colour when there is none or it
 * fails to load (SPEC.md §8). Decorative: the item's name is always written next to it.
 */
export function CatalogueImage({ item, size }: { item: CatalogueItem; size: SystemStyleObject['width'] }) {
  const src = pictureOf(item);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || failedSrc === src) {
    return (
      <Center
        width={size}
        aspectRatio={4 / 3}
        flexShrink={0}
        rounded="md"
        colorPalette={CATEGORY_COLORS[item.category]}
        bg="colorPalette.subtle"
        color="colorPalette.fg"
        aria-hidden
        data-testid="image-placeholder"
      >
        {CATEGORY_ICONS[item.category] ?? <Sparkles aria-hidden />}
      </Center>
    );
  }
  return (
    <Image
      src={src}
      alt=""
      width={size}
      aspectRatio={4 / 3}
      flexShrink={0}
      objectFit="cover"
      rounded="md"
      loading="lazy"
      bg="bg.muted"
      onError={() => setFailedSrc(src)}
    />
  );
}
