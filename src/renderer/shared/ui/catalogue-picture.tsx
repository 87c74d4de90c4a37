import { Center, Image, type SystemStyleObject } from '@chakra-ui/react';
import { __iconData as bikeIcon } from 'lucide-react/icons/bike';
import { __iconData as bookOpenIcon } from 'lucide-react/icons/book-open';
import { __iconData as compassIcon } from 'lucide-react/icons/compass';
import { __iconData as landmarkIcon } from 'lucide-react/icons/landmark';
import { __iconData as mountainIcon } from 'lucide-react/icons/mountain';
import { __iconData as partyPopperIcon } from 'lucide-react/icons/party-popper';
import { __iconData as sparklesIcon } from 'lucide-react/icons/sparkles';
import { __iconData as sunIcon } from 'lucide-react/icons/sun';
import { __iconData as usersIcon } from 'lucide-react/icons/users';
import { __iconData as utensilsIcon } from 'lucide-react/icons/utensils';
import { __iconData as utensilsCrossedIcon } from 'lucide-react/icons/utensils-crossed';
import { LineIcon } from './line-icon';
import { useState, type ReactNode } from 'react';
import { CATEGORY_COLORS, type CatalogueCategory } from '@shared/labels';

const CATEGORY_ICONS: Partial<Record<CatalogueCategory, ReactNode>> = {
  aventure: <LineIcon icon={mountainIcon} aria-hidden />,
  sport: <LineIcon icon={bikeIcon} aria-hidden />,
  decouverte: <LineIcon icon={compassIcon} aria-hidden />,
  restauration: <LineIcon icon={utensilsIcon} aria-hidden />,
  animation: <LineIcon icon={partyPopperIcon} aria-hidden />,
  culture: <LineIcon icon={landmarkIcon} aria-hidden />,
  detente: <LineIcon icon={sunIcon} aria-hidden />,
  famille: <LineIcon icon={usersIcon} aria-hidden />,
  educatif: <LineIcon icon={bookOpenIcon} aria-hidden />,
  gastronomie: <LineIcon icon={utensilsCrossedIcon} aria-hidden />,
};

/**
 * The catalogue's pictures are 16:10 with the activity's name drawn in them: shown whole at that
 * ratio (never stretched, never cropped), whatever the width.
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
        {CATEGORY_ICONS[known] ?? <LineIcon icon={sparklesIcon} aria-hidden />}
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
